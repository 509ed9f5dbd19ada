/**
 * A small Ualá Bis checkout API on 127.0.0.1 (node:http):
 *  - POST /1/auth/token {username, client_id, client_secret_id, grant_type:'client_credentials'}
 *    → {access_token, token_type:'Bearer', expires_in}; other credentials → 401 {code:'401', message}.
 *  - POST /2/checkout (Bearer) {amount (pesos, text), description, callback_success, callback_fail,
 *    notification_url, external_reference} → {id, uuid, order_number, currency, amount, status:'PENDING',
 *    ref_number, external_reference, links:{checkout_link, success, failed}}; 400 {code:'400', message}
 *    when a field is missing.
 *  - GET /2/orders/{uuid} (Bearer) → {uuid, order_number, status, amount, currency, external_reference,
 *    ref_number, created_date}; 404 {code:'404', message:'Order not found'}.
 *  - POST /2/orders/{uuid}/refund (Bearer) {amount (pesos, text), notification_url?} → 200
 *    {status:'INITIATED'}; 400 {code:'request_error', message} when the order is not approved, already has
 *    a refund in progress or given, or the amount is over the order's; 404 for an unknown order.
 *    `completeRefund()` ends it as Ualá does (REFUNDED: the order reads REFUNDED; NOT_REFUNDED: nothing
 *    changes) and `notify(app, uuid, { status })` sends its result.
 * An unknown or expired token → 401. `outage = true` → every endpoint answers 503.
 *
 * As Ualá's notifier: `setStatus()` changes an order and `notify()` posts {uuid, external_reference,
 * status, created_date, api_version} to the order's notification_url with the signature header the API
 * expects (see modules/payments/uala.ts), into the app with `app.inject`.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { listenOnLoopback } from './loopback.ts';

export type UalaOrder = {
  uuid: string;
  order_number: string;
  status: string;
  amount: string;
  currency: string;
  external_reference: string;
  ref_number: string;
  created_date: string;
  description: string;
  callback_success: string;
  callback_fail: string;
  notification_url: string;
  /** The refund asked of the order, if any. */
  refund?: { status: 'INITIATED' | 'REFUNDED' | 'NOT_REFUNDED'; amount: string; notification_url?: string };
};

export type UalaPeer = {
  url: string;
  orders: UalaOrder[];
  /** How many tokens were issued. */
  tokensIssued: number;
  outage: boolean;
  /** Forgets every token issued so far, as if they expired. */
  expireTokens(): void;
  setStatus(uuid: string, status: string): void;
  /** Every refund asked, in order. */
  refunds: Array<{ uuid: string; amount: string; notification_url?: string }>;
  /** Ualá finishes a refund in progress: REFUNDED (the order reads REFUNDED) or NOT_REFUNDED. */
  completeRefund(uuid: string, outcome?: 'REFUNDED' | 'NOT_REFUNDED'): void;
  orderOf(externalReference: string): UalaOrder;
  notify(
    app: FastifyInstance,
    uuid: string,
    options?: { secret?: string; t?: number; status?: string; body?: string },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export async function startUalaPeer(options: {
  username: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
}): Promise<UalaPeer> {
  const tokens = new Set<string>();
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const fail = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { code: String(status), message });
  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown> | null> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
  };

  const peer: UalaPeer = {
    url: '',
    orders: [],
    tokensIssued: 0,
    outage: false,
    refunds: [],
    expireTokens: () => tokens.clear(),
    completeRefund(uuid, outcome = 'REFUNDED') {
      const order = peer.orders.find((o) => o.uuid === uuid);
      if (!order?.refund) throw new Error(`no refund of order ${uuid}`);
      order.refund.status = outcome;
      if (outcome === 'REFUNDED') order.status = 'REFUNDED';
    },
    setStatus(uuid, status) {
      const order = peer.orders.find((o) => o.uuid === uuid);
      if (!order) throw new Error(`no order ${uuid}`);
      order.status = status;
    },
    orderOf(externalReference) {
      const order = peer.orders.findLast((o) => o.external_reference === externalReference);
      if (!order) throw new Error(`no order for ${externalReference}`);
      return order;
    },
    notify(
      app,
      uuid,
      { secret = options.webhookSecret, t = Math.floor(Date.now() / 1000), status, body } = {},
    ) {
      const order = peer.orders.find((o) => o.uuid === uuid);
      const raw =
        body ??
        JSON.stringify({
          uuid,
          external_reference: order?.external_reference,
          status: status ?? order?.status,
          created_date: new Date().toISOString(),
          api_version: '2',
        });
      const v1 = createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex');
      return app.inject({
        method: 'POST',
        url: new URL(order?.notification_url ?? 'http://localhost/api/v4/webhooks/uala').pathname,
        headers: { 'content-type': 'application/json', 'x-uala-signature': `t=${t},v1=${v1}` },
        payload: raw,
      });
    },
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://uala.local');
    const body = req.method === 'POST' ? await readJson(req) : null;
    if (peer.outage) return fail(res, 503, 'Service Unavailable');

    if (req.method === 'POST' && url.pathname === '/1/auth/token') {
      if (
        body?.username !== options.username ||
        body?.client_id !== options.clientId ||
        body?.client_secret_id !== options.clientSecret ||
        body?.grant_type !== 'client_credentials'
      ) {
        return fail(res, 401, 'Unauthorized');
      }
      const token = randomBytes(24).toString('base64url');
      tokens.add(token);
      peer.tokensIssued += 1;
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 86_400 });
    }

    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return fail(res, 401, 'Unauthorized');

    if (req.method === 'POST' && url.pathname === '/2/checkout') {
      const fields = [
        'amount',
        'description',
        'callback_success',
        'callback_fail',
        'notification_url',
        'external_reference',
      ];
      const missing = fields.filter((field) => !body?.[field]);
      if (!body || missing.length > 0 || !(Number(body.amount) > 0)) {
        return fail(res, 400, `invalid fields: ${missing.join(', ') || 'amount'}`);
      }
      const uuid = randomUUID();
      const order: UalaOrder = {
        uuid,
        order_number: `0${peer.orders.length + 1}`.padStart(8, '0'),
        status: 'PENDING',
        amount: String(body.amount),
        currency: 'ARS',
        external_reference: String(body.external_reference),
        ref_number: randomBytes(6).toString('hex'),
        created_date: new Date().toISOString(),
        description: String(body.description),
        callback_success: String(body.callback_success),
        callback_fail: String(body.callback_fail),
        notification_url: String(body.notification_url),
      };
      peer.orders.push(order);
      return send(res, 200, {
        id: order.order_number,
        type: 'order',
        uuid,
        order_number: order.order_number,
        currency: order.currency,
        amount: order.amount,
        status: order.status,
        ref_number: order.ref_number,
        external_reference: order.external_reference,
        links: {
          checkout_link: `https://checkout.ualabis.com.ar/order/${uuid}`,
          success: order.callback_success,
          failed: order.callback_fail,
        },
      });
    }
    const refundPath = /^\/2\/orders\/([\w-]+)\/refund$/.exec(url.pathname);
    if (req.method === 'POST' && refundPath) {
      const order = peer.orders.find((o) => o.uuid === refundPath[1]);
      if (!order) return send(res, 404, { code: 'response_error', message: 'No record found.' });
      const refusal = (message: string) =>
        send(res, 400, { code: 'request_error', message, errors: [message] });
      if (order.status !== 'APPROVED' && order.status !== 'PROCESSED')
        return refusal('The order is not approved');
      if (order.refund && order.refund.status !== 'NOT_REFUNDED')
        return refusal('The order already has a refund');
      const amount = String(body?.amount ?? '');
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) > Number(order.amount))
        return refusal('Invalid amount value');
      const notification = typeof body?.notification_url === 'string' ? body.notification_url : undefined;
      order.refund = {
        status: 'INITIATED',
        amount,
        ...(notification ? { notification_url: notification } : {}),
      };
      peer.refunds.push({
        uuid: order.uuid,
        amount,
        ...(notification ? { notification_url: notification } : {}),
      });
      return send(res, 200, { status: 'INITIATED' });
    }
    const orderPath = /^\/2\/orders\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && orderPath) {
      const order = peer.orders.find((o) => o.uuid === orderPath[1]);
      if (!order) return fail(res, 404, 'Order not found');
      const {
        description: _d,
        callback_success: _s,
        callback_fail: _f,
        notification_url: _n,
        refund: _r,
        ...answer
      } = order;
      return send(res, 200, answer);
    }
    return fail(res, 404, 'Not found');
  });
  const listening = await listenOnLoopback(server);
  peer.url = listening.url;
  peer.close = listening.close;
  return peer;
}
