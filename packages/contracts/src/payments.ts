/**
 * Payment statuses as the spec classifies them (§4 "Payment result status"): one function, used by the
 * API when a provider reports and by the app when a customer comes back from paying.
 */
import { z } from 'zod';

export const FAILING_PAYMENT_STATUSES = [
  'inprocess',
  'inmediation',
  'rejected',
  'cancelled',
  'refunded',
  'chargedback',
  'failure',
] as const;
export type PaymentOutcome = 'failing' | 'pending' | 'approved';

/** null or absent counts as failing, like every status not named pending or approved/success. */
export function classifyPaymentStatus(status: string | null | undefined): PaymentOutcome {
  if (status === 'approved' || status === 'success') return 'approved';
  if (status === 'pending') return 'pending';
  return 'failing';
}

export const PAYMENT_METHODS = ['sandbox', 'mercadopago', 'uala', 'money_wallet', 'credit_wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods that leave the app for a checkout page; which of them the API offers is in app-config. */
export const CHECKOUT_METHODS = ['mercadopago', 'uala', 'sandbox'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

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
