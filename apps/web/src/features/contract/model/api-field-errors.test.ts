import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { fieldPathsOf, splitApiValidations } from './api-field-errors.ts';

const travel = {
  trip_type: 'one_trip',
  destination: 'Chile',
  travellers: [{ first_name: 'Ana', last_name: 'Paz', dni: '30123456', birth_date: '', gender: undefined }],
};

describe('API validations on the form', () => {
  it('names every field of a step the way the form and the API do', () => {
    expect(fieldPathsOf(travel)).toEqual([
      'trip_type',
      'destination',
      'travellers',
      'travellers.0',
      'travellers.0.first_name',
      'travellers.0.last_name',
      'travellers.0.dni',
      'travellers.0.birth_date',
      'travellers.0.gender',
    ]);
  });

  it("puts a 422's messages on their fields and the rest above the form", () => {
    const error = new ApiError(422, {
      message: 'Revisá los datos.',
      validations: {
        'travellers.0.dni': ['El DNI debe tener 7 u 8 números.'],
        travellers: ['Podés agregar hasta 6 viajeros.'],
        _: ['La cobertura ya no está disponible.'],
      },
      error_code: 'validation_failed',
    });
    expect(splitApiValidations(error, travel)).toEqual({
      fields: [
        { path: 'travellers.0.dni', message: 'El DNI debe tener 7 u 8 números.' },
        { path: 'travellers', message: 'Podés agregar hasta 6 viajeros.' },
      ],
      general: ['La cobertura ya no está disponible.'],
    });
  });

  it('leaves anything but a 422 with validations to the central error handler', () => {
    expect(splitApiValidations(new ApiError(409, { message: 'Ya no está en curso.' }), travel)).toBeNull();
    expect(splitApiValidations(new ApiError(0, null), travel)).toBeNull();
    expect(splitApiValidations(new Error('boom'), travel)).toBeNull();
  });
});
