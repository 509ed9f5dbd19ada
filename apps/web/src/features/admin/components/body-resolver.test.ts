import { CompanyBodySchema, CoverageBodySchema } from '@cubierto/contracts';
import { describe, expect, it } from 'vitest';
import { bodyResolver, centsToPesos, percentToBps, pesosToCents } from './body-resolver.ts';

describe('amounts as an operator types them', () => {
  it('reads pesos in es-AR or plain notation as centavos', () => {
    expect(pesosToCents('1.234,50')).toBe(123_450);
    expect(pesosToCents('1234.5')).toBe(123_450);
    expect(pesosToCents('20000000')).toBe(2_000_000_000);
    expect(pesosToCents('')).toBeNaN();
    expect(pesosToCents('mil')).toBeNaN();
    expect(centsToPesos(123_450)).toBe('1234.5');
  });

  it('reads percentages as basis points', () => {
    expect(percentToBps('21')).toBe(2100);
    expect(percentToBps('10,5')).toBe(1050);
    expect(percentToBps(' ')).toBeNaN();
  });
});

describe('bodyResolver', () => {
  it('validates with the API schema and puts each message under the field of the same path', async () => {
    const resolver = bodyResolver(CompanyBodySchema, (v: { name: string; legal_name: string }) => v);
    const result = await resolver({ name: ' ', legal_name: 'Andina S.A.' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toEqual({ name: { type: 'validate', message: 'Ingresá el nombre.' } });
  });

  it('nests the errors of a converted body (pesos → centavos) under the form’s nested fields', async () => {
    const resolver = bodyResolver(CoverageBodySchema, () => ({
      policy_id: 3,
      public_name: 'Plan',
      public_description: 'Descripción',
      description: {},
      description_more: {},
      pricing: { kind: 'fixed_monthly', monthly_cents: pesosToCents('') },
      surcharge_bps: 0,
      tax_bps: percentToBps('150'),
      status: 'active',
      sort_order: 0,
    }));
    const result = await resolver({}, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toMatchObject({
      pricing: { monthly_cents: { message: expect.any(String) } },
      tax_bps: { message: 'La tasa no puede superar el 100 %.' },
    });
  });

  it('answers the parsed body when it is valid', async () => {
    const resolver = bodyResolver(CompanyBodySchema, (v: { name: string; legal_name: string }) => ({
      ...v,
      name: `  ${v.name}  `,
    }));
    const result = await resolver({ name: 'Andina', legal_name: 'Andina S.A.' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result).toEqual({ values: { name: 'Andina', legal_name: 'Andina S.A.' }, errors: {} });
  });
});
