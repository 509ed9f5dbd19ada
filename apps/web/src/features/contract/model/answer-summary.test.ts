import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { summarizeStep } from './answer-summary.ts';

const t = i18n.t;

describe('the summary of the answers', () => {
  it('lists a step in the order of its form, whatever order the answers were stored in', () => {
    expect(summarizeStep(t, 'home', 'dates', { end_date: '2030-09-01', start_date: '2030-03-01' })).toEqual([
      { label: 'Inicio de la cobertura', value: '1 de marzo de 2030' },
      { label: 'Fin de la cobertura', value: '1 de septiembre de 2030' },
    ]);
  });

  it('writes money in pesos, people on one line each and the address with its place names', () => {
    const phone = summarizeStep(t, 'cell-phone', 'risk', {
      insured_amount_cents: 45_000_000,
      brand: 'Samsung',
    });
    expect(phone).toEqual([
      { label: 'Marca', value: 'Samsung' },
      { label: 'Valor del equipo', value: expect.stringMatching(/^\$\s450\.000,00$/) },
    ]);

    const life = summarizeStep(t, 'life', 'risk', {
      insured: {
        first_name: 'Ana',
        last_name: 'Paz',
        dni: '30123456',
        birth_date: '1990-04-12',
        gender: 'f',
      },
      beneficiaries: [
        { first_name: 'Tomás', last_name: 'Paz', dni: '45123456', relationship: 'Hijo', percentage: 100 },
      ],
    });
    expect(life).toEqual([
      { label: 'Asegurado', value: 'Ana Paz · DNI 30123456 · 12 de abril de 1990 · Femenino' },
      { label: 'Beneficiario 1', value: 'Tomás Paz · DNI 45123456 · Hijo · 100 %' },
    ]);

    const home = summarizeStep(
      t,
      'home',
      'risk',
      {
        address: {
          street: 'Av. Corrientes',
          street_number: '1234',
          floor_block: '5',
          apartment_house: 'B',
          state_id: 6,
          locality_id: 61,
          zip_code: '5800',
        },
      },
      { provinceName: () => 'Córdoba', localityName: () => 'Río Cuarto' },
    );
    expect(home).toEqual([
      { label: 'Dirección', value: 'Av. Corrientes 1234, 5 B, Río Cuarto, Córdoba, CP 5800' },
    ]);
  });
});
