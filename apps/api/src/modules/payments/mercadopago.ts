/**
 * Mercado Pago Checkout Pro. A payment becomes a preference (POST /checkout/preferences) whose
 * `init_point` is the checkout the customer is sent to; Mercado Pago comes back through the spec's return
 * links and notifies POST /api/v4/webhooks/mercadopago?data.id={payment id}&type=payment.
 *
 * A notification is only a hint: its `x-signature` (`ts=…,v1=…`, HMAC-SHA256 with the webhook secret over
 * the manifest `id:{data.id};request-id:{x-request-id};ts:{ts};`) is checked, and then the payment is read
 * back (GET /v1/payments/{id}) and that answer is applied.
 *
 * A withdrawal's refund is POST /v1/payments/{id}/refunds with an `X-Idempotency-Key` (a retry gets the
 * same refund) and `{amount}` in pesos → 201 the refund `{id, payment_id, amount, status, …}`. The payment
 * then reads `refunded` and Mercado Pago notifies it like any change (type `payment`); a chargeback too
 * (`charged_back`), and a refund made from Mercado Pago's own panel (`refunded`) or a cancellation
 * (`cancelled`) — those we did not ask for are reversals (payment-service.ts).
 */
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { approvedReturnStatus, checkoutTitle, returnUrl } from './checkout.ts';
import {
  callProvider,
  centsOf,
  expectBody,
  type NotifyingProvider,
  pesos,
  signatureParts,
  verifyTimestampedSignature,
} from './provider-api.ts';

export type MercadoPagoConfig = NonNullable<Config['mercadopago']>;
export type MercadoPagoProvider = NotifyingProvider;

const NAME = 'Mercado Pago';
export const MERCADOPAGO_WEBHOOK_PATH = '/api/v4/webhooks/mercadopago';

const PreferenceSchema = z.object({ id: z.string(), init_point: z.url() });

const RefundSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string().nullable().optional(),
});

const PaymentSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string().nullable(),
  external_reference: z.string().nullable().optional(),
  transaction_amount: z.number(),
  currency_id: z.string(),
  payer: z.object({ id: z.union([z.number(), z.string()]).transform(String).nullish() }).nullish(),
});

export function createMercadoPagoProvider(config: MercadoPagoConfig, publicUrl: string): MercadoPagoProvider {
  const auth = { authorization: `Bearer ${config.accessToken}` };
  return {
    async createCheckout(payment) {
      const back = (status: string) => `${publicUrl}${returnUrl(payment, status)}`;
      const response = await callProvider(NAME, `${config.apiUrl}/checkout/preferences`, {
        method: 'POST',
        headers: auth,
        body: {
          items: [
            {
              id: String(payment.id),
              title: checkoutTitle(payment),
              quantity: 1,
              currency_id: 'ARS',
              unit_price: pesos(payment.amountCents),
            },
          ],
          external_reference: payment.externalReference,
          back_urls: {
            success: back(approvedReturnStatus(payment)),
            pending: back('pending'),
            failure: back('failure'),
          },
          notification_url: `${publicUrl}${MERCADOPAGO_WEBHOOK_PATH}`,
          auto_return: 'approved',
          statement_descriptor: 'CUBIERTO',
        },
      });
      return expectBody(NAME, response, PreferenceSchema).init_point;
    },

    async readPayment(id) {
      const response = await callProvider(NAME, `${config.apiUrl}/v1/payments/${encodeURIComponent(id)}`, {
        headers: auth,
      });
      if (response.status === 404) return null;
      const payment = expectBody(NAME, response, PaymentSchema);
      return {
        providerPaymentId: payment.id,
        externalReference: payment.external_reference ?? null,
        // Mercado Pago's statuses are the spec's vocabulary already (approved, pending, rejected …).
        status: payment.status,
        amountCents: centsOf(payment.transaction_amount),
        currency: payment.currency_id,
        payerId: payment.payer?.id ?? null,
      };
    },

    async refundPayment({ providerPaymentId, amountCents, idempotencyKey }) {
      const response = await callProvider(
        NAME,
        `${config.apiUrl}/v1/payments/${encodeURIComponent(providerPaymentId)}/refunds`,
        {
          method: 'POST',
          headers: { ...auth, 'x-idempotency-key': idempotencyKey },
          body: { amount: pesos(amountCents) },
        },
      );
      return { refundId: expectBody(NAME, response, RefundSchema).id };
    },
  };
}

/**
 * Mercado Pago's webhook signature. `data.id` comes from the query string and is lower-cased when it is
 * alphanumeric, as Mercado Pago signs it; a part absent from the request is left out of the manifest.
 */
export function verifyMercadoPagoSignature(input: {
  secret: string;
  signature: string | undefined;
  requestId: string | undefined;
  dataId: string;
  now: Date;
}): void {
  const parts = signatureParts(input.signature);
  const id = /^[a-z0-9]+$/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId;
  const manifest = [
    `id:${id};`,
    input.requestId ? `request-id:${input.requestId};` : '',
    `ts:${parts.ts ?? ''};`,
  ].join('');
  verifyTimestampedSignature({
    secret: input.secret,
    message: manifest,
    timestamp: parts.ts,
    signature: parts.v1,
    now: input.now,
  });
}
