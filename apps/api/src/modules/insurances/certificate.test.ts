/** The certificate's labels of spec §3, for each kind of insured object or people. */
import type { RiskTypeCode } from '@cubierto/contracts';
import { describe, expect, it } from 'vitest';
import { riskLines } from './certificate.ts';

const person = (gender: string) => ({
  first_name: 'Ana',
  last_name: 'Paz',
  dni: '30123456',
  birth_date: '1990-05-04',
  gender,
});

const labelsOf = (code: RiskTypeCode, data: Record<string, unknown>) =>
  Object.fromEntries(riskLines(code, data));

describe('certificate labels (spec §3)', () => {
  it('a motorcycle: brand, model and year, engine and chassis numbers, plate', () => {
    expect(
      labelsOf('motorcycle', {
        brand: 'Honda',
        model: 'CB 190',
        year: 2022,
        engine_number: 'E123',
        chassis_number: 'C456',
        plate: 'A123BCD',
      }),
    ).toEqual({
      'Marca / modelo / año': 'Honda / CB 190 / 2022',
      'Número de motor': 'E123',
      'Número de chasis': 'C456',
      Patente: 'A123BCD',
    });
  });

  it('a phone: IMEI and serial number; a bicycle: frame number and wheel size; cargo: the plate', () => {
    expect(
      labelsOf('cell-phone', { brand: 'Moto', model: 'G', imei: '352099001761481', serial_number: 'SN1' }),
    ).toMatchObject({ IMEI: '352099001761481', 'Número de serie (SN)': 'SN1' });
    // Without a serial number (it is optional; the IMEI identifies the phone) there is no SN line at all.
    expect(riskLines('cell-phone', { brand: 'Moto', model: 'G', imei: '352099001761481' })).toEqual([
      ['Marca y modelo', 'Moto G'],
      ['IMEI', '352099001761481'],
    ]);
    expect(
      labelsOf('bicycle', { brand: 'Venzo', model: 'X', frame_number: 'F9', wheel_size: '29' }),
    ).toMatchObject({ 'Número de cuadro': 'F9', Rodado: '29' });
    expect(
      labelsOf('specific-vehicle-cargo', { plate: 'AB123CD', cargo_description: 'Cereal' }),
    ).toMatchObject({
      Patente: 'AB123CD',
    });
  });

  it('an address by its parts: street and number, floor and apartment, locality, state and zip code', () => {
    const address = {
      street: 'Av. Mitre',
      street_number: '750',
      floor_block: '3',
      apartment_house: 'B',
      locality_name: 'Avellaneda',
      state_name: 'Buenos Aires',
      zip_code: '1870',
    };
    expect(labelsOf('home', { address })).toEqual({
      'Calle y altura': 'Av. Mitre 750',
      'Piso / depto.': '3 / B',
      Localidad: 'Avellaneda, Buenos Aires (CP 1870)',
    });
  });

  it.each([
    ['m', 'Masculino'],
    ['f', 'Femenino'],
    ['b', 'No binario'],
    ['not_declared', 'Prefiero no decirlo'],
  ])('the insured and the beneficiaries, gender %s as %s', (gender, label) => {
    const lines = riskLines('personal-accident', {
      insured: person(gender),
      activity: 'Docente',
      beneficiaries: [
        { first_name: 'Luis', last_name: 'Paz', dni: '40123456', relationship: 'Hijo', percentage: 100 },
      ],
    });
    expect(lines[0]?.[1]).toContain(`Género: ${label}`);
    expect(lines).toContainEqual(['Beneficiario', 'Luis Paz · DNI 40123456 · Hijo · 100%']);
  });

  it.each([
    ['one_trip', 'Un viaje'],
    ['multi_trip', 'Multiviaje'],
    ['long_stay', 'Larga estadía'],
  ])('travel assistance: trip type %s as %s', (tripType, label) => {
    expect(
      labelsOf('travel-assistance', { trip_type: tripType, destination: 'Chile', travellers: [person('f')] }),
    ).toMatchObject({ 'Tipo de viaje': label });
  });
});
