/**
 * Bodies and answers of the payment and checkout calls (spec §7): POST /customers/payments, GET
 * /customers/payments/{id} and /by-reference/{ref}, and the payment a wallet top-up starts (wallets.ts).
 * The methods and the payment statuses, which need no schema, are in payment-methods.ts.
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from './payment-methods.ts';

/** What a payment pays: an insurance, or money into one of the two wallets. */
export const PAYMENT_PURPOSES = ['insurance', 'money_top_up', 'credit_top_up'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PaymentSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(PAYMENT_PURPOSES),
  insurance_id: z.number().int().nullable(),
  method: z.enum(PAYMENT_METHODS),
  amount_cents: z.number().int(),
  amount_nice: z.string(),
  /** `pending`, `approved`, or the failing status the provider gave (classifyPaymentStatus reads it). */
  status: z.string(),
  /** Sent to the provider and back in the return link (`external_reference`). */
  external_reference: z.string(),
  approved_at: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/**
 * The answer of paying an insurance and of a top-up: the payment and, when it waits for a provider's
 * checkout, the page to send the customer to (null when a wallet paid at once).
 */
export const PayResultSchema = z.object({ payment: PaymentSchema, checkout_url: z.string().nullable() });
export type PayResult = z.infer<typeof PayResultSchema>;

export const PayInsuranceBodySchema = z.strictObject({
  insurance_id: z.number({ error: 'Elegí la contratación a pagar.' }).int().positive(),
  method: z.enum(PAYMENT_METHODS, { error: 'Elegí un medio de pago.' }),
});

export const IdempotencyKeySchema = z
  .string({ error: 'Falta el encabezado Idempotency-Key.' })
  .min(8, { error: 'El encabezado Idempotency-Key es demasiado corto.' })
  .max(100);

/**
 * What /webhooks/mercadopago and /webhooks/uala answer a provider that notified a payment: received, and
 * whether it changed anything (`ignored`: not ours, another topic, an amount that does not match).
 */
export const WEBHOOK_OUTCOMES = ['applied', 'ignored'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
export const WebhookReceivedSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(WEBHOOK_OUTCOMES),
});
export type WebhookReceived = z.infer<typeof WebhookReceivedSchema>;
