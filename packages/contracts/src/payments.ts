/**
 * Bodies and answers of the payment, wallet and checkout calls (spec §7). The methods and the payment
 * statuses, which need no schema, are in payment-methods.ts.
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from './payment-methods.ts';

export const PayInsuranceBodySchema = z.strictObject({
  insurance_id: z.number({ error: 'Elegí la contratación a pagar.' }).int().positive(),
  method: z.enum(PAYMENT_METHODS, { error: 'Elegí un medio de pago.' }),
});

export const TopUpBodySchema = z.strictObject({
  amount_cents: z
    .number({ error: 'Ingresá el importe.' })
    .int({ error: 'Ingresá un importe en centavos.' })
    .min(100_00, { error: 'El mínimo es $ 100.' })
    .max(5_000_000_00, { error: 'El máximo es $ 5.000.000.' }),
  method: z.enum(['sandbox', 'mercadopago', 'uala'], { error: 'Elegí un medio de pago.' }),
});

export const IdempotencyKeySchema = z
  .string({ error: 'Falta el encabezado Idempotency-Key.' })
  .min(8, { error: 'El encabezado Idempotency-Key es demasiado corto.' })
  .max(100);
