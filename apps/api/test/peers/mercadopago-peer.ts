/**
 * A small Mercado Pago API on 127.0.0.1 (node:http), answering as its REST API documents:
 *  - POST /checkout/preferences (Authorization: Bearer {access token}) → 201 the preference with `id`,
 *    `init_point`, `sandbox_init_point`; 400 when items, their ARS unit_price or external_reference are
 *    missing.
 *  - GET /v1/payments/{id} (Bearer) → {id, status, status_detail, external_reference, transaction_amount,
 *    currency_id, date_created, date_approved, refunds, transaction_amount_refunded, payer: {id}}; 404 {message:'Payment
 *    not found', error:'not_found', …}.
 *  - POST /v1/payments/{id}/refunds (Bearer, X-Idempotency-Key) `{amount?}` in pesos (the rest of the
 *    payment when absent) → 201 the refund {id, payment_id, amount, metadata, source, date_created,
 *    unique_sequence_number, refund_mode, adjustment_amount, status:'approved', reason, labels,
 *    amount_refunded_to_payer, partition_details}; the same key again → the same refund. The payment then
 *    reads `refunded` (all of it given back). 400 without the key, for a payment that is not approved or an
 *    amount over what is left; 404 for an unknown payment.
 * Another token → 401 {message:'invalid access token', error:'unauthorized', status:401, cause:[]}.
 * `outage = true` → every endpoint answers 500 {message:'internal_error', …}.
 *
 * As the buyer and as Mercado Pago's notifier: `pay()` makes a payment of a preference, `setStatus()`
 * changes it, and `notify()` sends the webhook Mercado Pago would send for it to the preference's
 * notification_url — `?data.id={id}&type=payment`, headers `x-signature: ts={ms},v1={HMAC-SHA256 of
 * id:{id};request-id:{x-request-id};ts:{ts};}` and `x-request-id` — into the app with `app.inject`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { listenOnLoopback } from './loopback.ts';

export type Preference = {
  id: string;
  init_point: string;
  items: Array<{ id?: string; title: string; quantity: number; currency_id: string; unit_price: number }>;
  external_reference: string;
  back_urls: { success: string; pending: string; failure: string };
  notification_url: string;
  auto_return?: string;
  [key: string]: unknown;
};

export type MercadoPagoPayment = {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  date_created: string;
  date_approved: string | null;
  refunds: MercadoPagoRefund[];
  transaction_amount_refunded: number;
  /** Who paid: their Mercado Pago account (one per buyer unless `pay` is told otherwise). */
  payer: { id: string };
};

export type MercadoPagoRefund = {
  id: number;
  payment_id: number;
  amount: number;
  metadata: Record<string, unknown>;
  source: { id: string; name: string; type: string };
  date_created: string;
  unique_sequence_number: string | null;
  refund_mode: string;
  adjustment_amount: number;
  status: string;
  reason: string | null;
  labels: string[];
  amount_refunded_to_payer: number;
  partition_details: unknown[];
};

export type MercadoPagoPeer = {
  url: string;
  preferences: Preference[];
  payments: Map<number, MercadoPagoPayment & { notificationUrl: string }>;
  /** Every request: method, path and authorization header, in order. */
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  /** Every refund created, in order (one per idempotency key). */
  refunds: MercadoPagoRefund[];
  outage: boolean;
  /** The buyer pays the preference with this external reference (its price unless told otherwise). */
  pay(
    externalReference: string,
    status: string,
    options?: { amount?: number; currency?: string; payerId?: string },
  ): MercadoPagoPayment;
  setStatus(paymentId: number, status: string): void;
  notify(
    app: FastifyInstance,
    paymentId: number,
    options?: { secret?: string; ts?: string; requestId?: string; signedId?: string; type?: string },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

const STATUS_DETAILS: Record<string, string> = {
  approved: 'accredited',
  pending: 'pending_contingency',
  in_process: 'pending_review_manual',
  rejected: 'cc_rejected_other_reason',
  refunded: 'refunded',
  cancelled: 'by_collector',
  charged_back: 'settled',
  in_mediation: 'in_mediation',
};

export async function startMercadoPagoPeer(options: {
  accessToken: string;
  webhookSecret: string;
}): Promise<MercadoPagoPeer> {
  let nextPaymentId = 1_320_000_000 + Math.floor(Math.random() * 1_000_000);
  let nextRefundId = 2_070_000_000 + Math.floor(Math.random() * 1_000_000);
  const refundKeys = new Map<string, MercadoPagoRefund>();
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const fail = (res: ServerResponse, status: number, error: string, message: string) =>
    send(res, status, { message, error, status, cause: [] });
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const peer: MercadoPagoPeer = {
    url: '',
    preferences: [],
    payments: new Map(),
    requests: [],
    refunds: [],
    outage: false,
    pay(externalReference, status, { amount, currency = 'ARS', payerId } = {}) {
      const preference = peer.preferences.findLast((p) => p.external_reference === externalReference);
      const now = new Date().toISOString();
      const payment = {
        id: nextPaymentId++,
        status,
        status_detail: STATUS_DETAILS[status] ?? status,
        external_reference: externalReference,
        transaction_amount: amount ?? preference?.items[0]?.unit_price ?? 0,
        currency_id: currency,
        date_created: now,
        date_approved: status === 'approved' ? now : null,
        refunds: [],
        transaction_amount_refunded: 0,
        payer: { id: payerId ?? String(4_000_000 + nextPaymentId) },
        notificationUrl: preference?.notification_url ?? 'http://localhost/api/v4/webhooks/mercadopago',
      };
      peer.payments.set(payment.id, payment);
      return payment;
    },
    setStatus(paymentId, status) {
      const payment = peer.payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.status = status;
      payment.status_detail = STATUS_DETAILS[status] ?? status;
    },
    notify(
      app,
      paymentId,
      { secret = options.webhookSecret, ts, requestId = randomUUID(), signedId, type = 'payment' } = {},
    ) {
      const payment = peer.payments.get(paymentId);
      const target = new URL(payment?.notificationUrl ?? 'http://localhost/api/v4/webhooks/mercadopago');
      target.searchParams.set('data.id', String(paymentId));
      target.searchParams.set('type', type);
      const stamp = ts ?? String(Date.now());
      const manifest = `id:${signedId ?? paymentId};request-id:${requestId};ts:${stamp};`;
      const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
      return app.inject({
        method: 'POST',
        url: `${target.pathname}${target.search}`,
        headers: {
          'content-type': 'application/json',
          'x-signature': `ts=${stamp},v1=${v1}`,
          'x-request-id': requestId,
          'user-agent': 'MercadoPago WebHook v1.0 payment',
        },
        payload: JSON.stringify({
          action: 'payment.updated',
          api_version: 'v1',
          data: { id: String(paymentId) },
          date_created: new Date().toISOString(),
          id: Math.floor(Math.random() * 1e11),
          live_mode: false,
          type,
          user_id: '1234567890',
        }),
      });
    },
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mercadopago.local');
    const authorization = req.headers.authorization;
    peer.requests.push({ method: req.method ?? 'GET', path: url.pathname, authorization });
    const body = await readBody(req);
    if (peer.outage) return fail(res, 500, 'internal_error', 'internal_error');
    if (authorization !== `Bearer ${options.accessToken}`) {
      return fail(res, 401, 'unauthorized', 'invalid access token');
    }
    if (req.method === 'POST' && url.pathname === '/checkout/preferences') {
      let preference: Preference;
      try {
        preference = JSON.parse(body) as Preference;
      } catch {
        return fail(res, 400, 'bad_request', 'invalid json');
      }
      const item = preference.items?.[0];
      const priced = item?.currency_id === 'ARS' && item.unit_price > 0;
      if (!priced || !preference.external_reference) {
        return fail(res, 400, 'invalid_items', 'items, unit_price and external_reference are required');
      }
      const id = `1234567890-${randomUUID()}`;
      const created: Preference = {
        ...preference,
        id,
        init_point: `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
        date_created: new Date().toISOString(),
      };
      peer.preferences.push(created);
      return send(res, 201, created);
    }
    const refunding = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
    if (req.method === 'POST' && refunding) {
      const found = peer.payments.get(Number(refunding[1]));
      if (!found) return fail(res, 404, 'not_found', 'Payment not found');
      const key = req.headers['x-idempotency-key'];
      if (typeof key !== 'string' || !key)
        return fail(res, 400, 'bad_request', 'X-Idempotency-Key is required');
      const earlier = refundKeys.get(key);
      if (earlier) return send(res, 201, earlier);
      if (found.status !== 'approved') return fail(res, 400, 'bad_request', 'Payment not refundable');
      let amount: number;
      try {
        const asked = body ? (JSON.parse(body) as { amount?: number }).amount : undefined;
        amount = asked ?? found.transaction_amount - found.transaction_amount_refunded;
      } catch {
        return fail(res, 400, 'bad_request', 'invalid json');
      }
      const left = Math.round((found.transaction_amount - found.transaction_amount_refunded) * 100);
      if (!(amount > 0) || Math.round(amount * 100) > left)
        return fail(res, 400, 'bad_request', 'Invalid refund amount');
      const refund: MercadoPagoRefund = {
        id: nextRefundId++,
        payment_id: found.id,
        amount,
        metadata: {},
        source: { id: '1234567890', name: 'Cubierto', type: 'collector' },
        date_created: new Date().toISOString(),
        unique_sequence_number: null,
        refund_mode: 'standard',
        adjustment_amount: 0,
        status: 'approved',
        reason: null,
        labels: [],
        amount_refunded_to_payer: amount,
        partition_details: [],
      };
      refundKeys.set(key, refund);
      peer.refunds.push(refund);
      found.refunds.push(refund);
      found.transaction_amount_refunded =
        left - Math.round(amount * 100) === 0
          ? found.transaction_amount
          : found.transaction_amount_refunded + amount;
      if (found.transaction_amount_refunded >= found.transaction_amount) {
        found.status = 'refunded';
        found.status_detail = 'refunded';
      } else found.status_detail = 'partially_refunded';
      return send(res, 201, refund);
    }
    const payment = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && payment) {
      const found = peer.payments.get(Number(payment[1]));
      if (!found) return fail(res, 404, 'not_found', 'Payment not found');
      const { notificationUrl: _, ...answer } = found;
      return send(res, 200, answer);
    }
    return fail(res, 404, 'not_found', `resource ${url.pathname} not found`);
  });
  const listening = await listenOnLoopback(server);
  peer.url = listening.url;
  peer.close = listening.close;
  return peer;
}
