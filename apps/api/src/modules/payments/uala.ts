/**
 * Ualá Bis checkout. A payment becomes an order (POST /2/checkout, with a bearer token from
 * POST /1/auth/token, reused until shortly before it expires) whose checkout link the customer is sent
 * to; Ualá comes back through the spec's return links and notifies POST /api/v4/webhooks/uala with
 * `{uuid, external_reference, status, …}`. The order is then read back (GET /2/orders/{uuid}) and that
 * answer is applied.
 *
 * A withdrawal's refund is POST /2/orders/{uuid}/refund `{amount (pesos, text), notification_url}` → 200
 * `{status:'INITIATED'}` (the order must be approved and have no refund in progress). Ualá then notifies
 * the refund's result to the same webhook as `{uuid, external_reference, status:'REFUNDED'|'NOT_REFUNDED',
 * …}`; the order read back reads REFUNDED once given back. A refund or cancellation we did not ask for is a
 * reversal (payment-service.ts); Ualá documents no chargeback status, so CHARGEBACK / CHARGED_BACK is read
 * as one if it ever comes (decision 022).
 *
 * Ualá's public documentation describes no webhook signature and its contract cannot be reached from
 * here, so this is the contract we ask Ualá (or a relay in front of us) to keep:
 *   header `x-uala-signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}" with
 *   UALA_WEBHOOK_SECRET}` — the raw body exactly as sent; notifications older than 5 minutes are refused.
 */
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { approvedReturnStatus, checkoutTitle, returnUrl } from './checkout.ts';
import {
  callProvider,
  centsOf,
  expectBody,
  type NotifyingProvider,
  type ProviderResponse,
  pesos,
  signatureParts,
  verifyTimestampedSignature,
} from './provider-api.ts';

export type UalaConfig = NonNullable<Config['uala']>;
export type UalaProvider = NotifyingProvider;

const NAME = 'Ualá';
export const UALA_WEBHOOK_PATH = '/api/v4/webhooks/uala';
export const UALA_SIGNATURE_HEADER = 'x-uala-signature';
/** A token is renewed this long before Ualá says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** Ualá's order statuses in the spec's vocabulary; any other status is not acted on. */
const UALA_STATUSES: Record<string, string> = {
  APPROVED: 'approved',
  // Paid; only the transfer to our account is pending.
  PROCESSED: 'approved',
  PENDING: 'pending',
  REJECTED: 'rejected',
  FAILED: 'rejected',
  // After approval: given back (a refund we asked for, or a reversal), cancelled, charged back.
  REFUNDED: 'refunded',
  CANCELLED: 'cancelled',
  CANCELED: 'cancelled',
  CHARGEBACK: 'charged_back',
  CHARGED_BACK: 'charged_back',
};

export function ualaStatus(status: string | null | undefined): string | null {
  return UALA_STATUSES[(status ?? '').toUpperCase()] ?? null;
}

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

const OrderCreatedSchema = z
  .object({
    uuid: z.string(),
    links: z.object({ checkout_link: z.url().optional(), checkoutLink: z.url().optional() }),
  })
  .transform((order, ctx) => {
    const link = order.links.checkout_link ?? order.links.checkoutLink;
    if (!link) {
      ctx.addIssue({ code: 'custom', message: 'no checkout link' });
      return z.NEVER;
    }
    return { uuid: order.uuid, checkoutLink: link };
  });

const OrderSchema = z.object({
  uuid: z.string(),
  status: z.string(),
  amount: z.union([z.number(), z.string()]),
  currency: z.string().optional(),
  external_reference: z.string().nullable().optional(),
});

const RefundStartedSchema = z.object({ status: z.string() });

/** The webhook's body (after its signature was checked). */
export const UalaNotificationSchema = z.object({
  uuid: z.string().min(1),
  external_reference: z.string().nullable().optional(),
  status: z.string().optional(),
});

export function createUalaProvider(config: UalaConfig, publicUrl: string): UalaProvider {
  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const response = await callProvider(NAME, `${config.apiUrl}/1/auth/token`, {
      method: 'POST',
      body: {
        username: config.username,
        client_id: config.clientId,
        client_secret_id: config.clientSecret,
        grant_type: 'client_credentials',
      },
    });
    const body = expectBody(NAME, response, TokenSchema);
    token = { value: body.access_token, renewAt: Date.now() + body.expires_in * 1000 - TOKEN_MARGIN_MS };
    return body.access_token;
  }

  /** The current token; concurrent callers share one renewal. */
  async function bearer(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  /** An authorised call; a token Ualá no longer accepts is renewed once. */
  async function authorised(url: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}) {
    const call = async (value: string) =>
      callProvider(NAME, url, { ...init, headers: { authorization: `Bearer ${value}` } });
    const used = await bearer();
    let response: ProviderResponse = await call(used);
    if (response.status === 401) {
      // Only forget the refused token: a concurrent call may already have a new one.
      if (token?.value === used) token = undefined;
      response = await call(await bearer());
    }
    return response;
  }

  return {
    async createCheckout(payment) {
      const response = await authorised(`${config.apiUrl}/2/checkout`, {
        method: 'POST',
        body: {
          amount: pesos(payment.amountCents).toFixed(2),
          description: checkoutTitle(payment),
          callback_success: `${publicUrl}${returnUrl(payment, approvedReturnStatus(payment))}`,
          callback_fail: `${publicUrl}${returnUrl(payment, 'failure')}`,
          notification_url: `${publicUrl}${UALA_WEBHOOK_PATH}`,
          external_reference: payment.externalReference,
        },
      });
      return expectBody(NAME, response, OrderCreatedSchema).checkoutLink;
    },

    async readPayment(uuid) {
      const response = await authorised(`${config.apiUrl}/2/orders/${encodeURIComponent(uuid)}`);
      if (response.status === 404) return null;
      const order = expectBody(NAME, response, OrderSchema);
      return {
        providerPaymentId: order.uuid,
        externalReference: order.external_reference ?? null,
        status: ualaStatus(order.status),
        amountCents: centsOf(order.amount),
        currency: order.currency ?? 'ARS',
      };
    },

    async refundPayment({ providerPaymentId, amountCents }) {
      const response = await authorised(
        `${config.apiUrl}/2/orders/${encodeURIComponent(providerPaymentId)}/refund`,
        {
          method: 'POST',
          body: {
            amount: pesos(amountCents).toFixed(2),
            notification_url: `${publicUrl}${UALA_WEBHOOK_PATH}`,
          },
        },
      );
      expectBody(NAME, response, RefundStartedSchema);
      return { refundId: null };
    },
  };
}

export function verifyUalaSignature(input: {
  secret: string;
  signature: string | undefined;
  rawBody: Buffer;
  now: Date;
}): void {
  const parts = signatureParts(input.signature);
  verifyTimestampedSignature({
    secret: input.secret,
    message: Buffer.concat([Buffer.from(`${parts.t ?? ''}.`), input.rawBody]),
    timestamp: parts.t,
    signature: parts.v1,
    now: input.now,
  });
}
