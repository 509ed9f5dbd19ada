/**
 * A coverage's pricing as the back office writes it and the catalogue answers it. Its own module so the
 * customer's pages, which read the catalogue, do not build the back office's schemas with it (issue 22:
 * every schema is built when its module is evaluated, on the page's first long task).
 */
import { z } from 'zod';

const cents = (what: string) =>
  z
    .number({ error: `Ingresá ${what}.` })
    .int({ error: `${what} debe ser un importe en centavos.` })
    .positive({ error: `${what} debe ser mayor a 0.` })
    .max(100_000_000_000);

export const PricingSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fixed_monthly'), monthly_cents: cents('la cuota mensual') }),
  z
    .strictObject({
      kind: z.literal('by_insured_amount'),
      monthly_rate_per_mille: z
        .number({ error: 'Ingresá la tasa.' })
        .positive({ error: 'La tasa debe ser mayor a 0.' })
        .max(1000),
      min_insured_cents: cents('la suma mínima'),
      max_insured_cents: cents('la suma máxima'),
    })
    .refine((p) => p.max_insured_cents >= p.min_insured_cents, {
      path: ['max_insured_cents'],
      error: 'La suma máxima no puede ser menor que la mínima.',
    }),
  z.strictObject({
    kind: z.literal('travel_by_days'),
    daily_cents: z.strictObject({
      one_trip: cents('el valor diario'),
      multi_trip: cents('el valor diario'),
      long_stay: cents('el valor diario'),
    }),
  }),
]);
