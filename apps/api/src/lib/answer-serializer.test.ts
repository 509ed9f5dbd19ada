import { JsonValueSchema } from '@cubierto/contracts';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from './answer-serializer.ts';

const Answer = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      note: z.string().nullable(),
      amount_cents: z.number().int().nullable(),
      status: z.enum(['vigente', 'pendiente']),
      labels: z.record(z.string(), z.string()),
      pricing: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('fixed'), cents: z.number().int() }),
        z.object({ kind: z.literal('rate'), per_mille: z.number() }),
      ]),
      data: z.record(z.string(), JsonValueSchema),
      optional: z.string().optional(),
      company: z.object({ id: z.number(), logo_url: z.string().nullable() }).nullable(),
    }),
  ),
  meta: z.object({ total: z.number().int(), page: z.number().int() }),
});

const route = (httpStatus: string) => ({ schema: Answer, method: 'GET', url: '/x', httpStatus });

const answer = {
  meta: { page: 1, total: 2, extra: 'left out' },
  data: [
    {
      // Keys in another order than the schema's, and one the schema does not know.
      name: 'Celular "plus" \\ ñandú',
      id: 7,
      secret: 'never written',
      note: null,
      amount_cents: 120_000,
      status: 'vigente',
      labels: { b: 'dos', a: 'uno', 10: 'diez' },
      pricing: { cents: 100, kind: 'fixed' },
      data: { address: { street: 'Calle 1', number: 12, flags: [true, null, 1.5] } },
      company: { logo_url: null, id: 3 },
    },
    {
      id: 8,
      name: 'línea\nnueva',
      note: 'x'.repeat(60),
      amount_cents: null,
      status: 'pendiente',
      labels: {},
      pricing: { kind: 'rate', per_mille: 12.5 },
      data: {},
      optional: 'sí',
      company: null,
    },
  ],
};

describe('answerSerializerCompiler', () => {
  it('writes a 2xx answer as the zod serializer does: its keys in the schema’s order, unknown keys left out', () => {
    const expected = (zodSerializerCompiler(route('200')) as (data: unknown) => string)(answer);
    expect(answerSerializerCompiler({ checked: false })(route('200'))(answer)).toBe(expected);
    expect(answerSerializerCompiler({ checked: true })(route('200'))(answer)).toBe(expected);
  });

  it('still refuses an answer its schema does not allow when checked', () => {
    const wrong = { ...answer, meta: { total: 'two', page: 1 } };
    expect(() => answerSerializerCompiler({ checked: true })(route('200'))(wrong)).toThrow();
  });

  it('leaves error answers to the zod serializer', () => {
    const wrong = { data: 'not a list', meta: { total: 1, page: 1 } };
    expect(() => answerSerializerCompiler({ checked: false })(route('500'))(wrong)).toThrow();
  });
});
