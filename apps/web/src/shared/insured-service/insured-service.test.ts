import { dataOf, InsuredServiceSchema } from '@cubierto/contracts';
import { describe, expect, it } from 'vitest';
import { readInsuredService } from './insured-service.ts';

const service = {
  responsible: 'Ana Gómez (Gerente de Atención)',
  deputy: 'Luis Pérez',
  phone: '0800-666-8400',
  email: 'asegurados@cubierto.com.ar',
  hours: 'Lunes a viernes de 9 a 18 h',
  ssn_line: 'Superintendencia de Seguros de la Nación: 0800-666-8400',
  policy_copy: 'Pedila desde Mis seguros.',
  claim_report: 'Denuncialo desde Mis siniestros.',
  updated_at: '2026-11-27T10:00:00.000Z',
};

/** What the contracts' schema makes of an answer: the value, or 'throws'. */
function bySchema(answer: unknown): unknown {
  try {
    return dataOf(InsuredServiceSchema).parse(answer).data;
  } catch {
    return 'throws';
  }
}

function byHand(answer: unknown): unknown {
  try {
    return readInsuredService(answer);
  } catch {
    return 'throws';
  }
}

describe('the insured service read by hand', () => {
  const answers: Array<[string, unknown]> = [
    ['the whole block', { data: service }],
    ['the demo defaults (never edited)', { data: { ...service, updated_at: null } }],
    ['an unknown field, dropped', { data: { ...service, extra: 'x' } }],
    ['a text that is a number', { data: { ...service, phone: 8006668400 } }],
    ['a missing text', { data: { ...service, claim_report: undefined } }],
    ['a null text', { data: { ...service, deputy: null } }],
    ['a date that is a number', { data: { ...service, updated_at: 1 } }],
    ['a missing date', { data: { ...service, updated_at: undefined } }],
    ['no data', {}],
    ['data that is a list', { data: [service] }],
    ['no answer', null],
  ];
  it.each(answers)('reads %s as the contracts’ schema does', (_, answer) => {
    expect(byHand(answer)).toEqual(bySchema(answer));
  });

  it('keeps every field of the block', () => {
    expect(readInsuredService({ data: service })).toEqual(service);
  });
});
