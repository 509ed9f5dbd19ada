import { CompanyBodySchema, CoverageBodySchema } from '@cubierto/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { percentToBps, pesosToCents } from './amounts.ts';
import { formBodySchema } from './operator-form.tsx';

type Names = { name: string; legal_name: string };
const options = { fields: {}, shouldUseNativeValidation: false };

describe('formBodySchema', () => {
  it('validates with the API schema and puts each message under the field of the same path', async () => {
    const resolver = zodResolver(formBodySchema(CompanyBodySchema, (v: Names) => v));
    const result = await resolver({ name: ' ', legal_name: 'Andina S.A.' }, undefined, options);
    expect(result.errors).toEqual({ name: expect.objectContaining({ message: 'Ingresá el nombre.' }) });
  });

  it('nests the errors of a converted body (pesos → centavos) under the form’s nested fields', async () => {
    const toBody = () => ({
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
    });
    const resolver = zodResolver(formBodySchema<Record<string, never>, unknown>(CoverageBodySchema, toBody));
    const result = await resolver({}, undefined, options);
    expect(result.errors).toMatchObject({
      pricing: { monthly_cents: { message: expect.any(String) } },
      tax_bps: { message: 'La tasa no puede superar el 100 %.' },
    });
  });

  it('answers the parsed body when it is valid', async () => {
    const resolver = zodResolver(
      formBodySchema(CompanyBodySchema, (v: Names) => ({ ...v, name: `  ${v.name}  ` })),
    );
    const result = await resolver({ name: 'Andina', legal_name: 'Andina S.A.' }, undefined, options);
    expect(result).toEqual({ values: { name: 'Andina', legal_name: 'Andina S.A.' }, errors: {} });
  });
});
