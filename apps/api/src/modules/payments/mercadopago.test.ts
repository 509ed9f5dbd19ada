import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { type MercadoPagoPeer, startMercadoPagoPeer } from '../../../test/peers/mercadopago-peer.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  insuranceOf,
  paymentOf,
  startPayment,
} from '../../../test/purchase.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { payments, walletMovements } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';

const ACCESS_TOKEN = 'APP_USR-1234567890-test-access-token';
const SECRET = 'mp-webhook-secret-for-tests';
const PUBLIC_URL = 'https://app.cubierto.test';

let t: TestApp;
let mp: MercadoPagoPeer;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  mp = await startMercadoPagoPeer({ accessToken: ACCESS_TOKEN, webhookSecret: SECRET });
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    },
  });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => {
  await t.close();
  await mp.close();
});

const insuranceStatus = async (c: Customer, id: number) => (await insuranceOf(t.app, c.auth, id)).status;
const paymentByReference = (c: Customer, ref: string) => paymentOf(t.app, c.auth, ref);

async function pendingMercadoPagoPayment(c: Customer) {
  const insurance = await contractInsurance(t.app, c.auth, coverage);
  const started = await startPayment(t.app, c.auth, insurance.id, 'mercadopago');
  return { insurance, reference: started.payment.external_reference, checkoutUrl: started.checkout_url };
}

describe('Mercado Pago Checkout Pro', () => {
  it('creates a preference for the insurance and sends the customer to its init_point', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference, checkoutUrl } = await pendingMercadoPagoPayment(c);
    const preference = mp.preferences.find((p) => p.external_reference === reference)!;
    expect(checkoutUrl).toBe(preference.init_point);
    const back = `${PUBLIC_URL}/tabs?external_reference=${reference}&insurance_id=${insurance.id}`;
    const { id: _id, init_point: _i, sandbox_init_point: _s, date_created: _d, ...sent } = preference;
    expect(sent).toEqual({
      items: [
        {
          id: expect.any(String),
          title: 'Pago de tu contratación',
          quantity: 1,
          currency_id: 'ARS',
          unit_price: insurance.premium.total_cents / 100,
        },
      ],
      external_reference: reference,
      back_urls: {
        success: back.replace('?', '?status=approved&'),
        pending: back.replace('?', '?status=pending&'),
        failure: back.replace('?', '?status=failure&'),
      },
      notification_url: `${PUBLIC_URL}/api/v4/webhooks/mercadopago`,
      auto_return: 'approved',
      statement_descriptor: 'CUBIERTO',
    });
    const call = mp.requests.findLast((r) => r.path === '/checkout/preferences')!;
    expect(call.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('an approved payment notified puts the insurance in force', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference } = await pendingMercadoPagoPayment(c);
    const payment = mp.pay(reference, 'approved');
    const res = await mp.notify(t.app, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { received: true, outcome: 'applied' } });
    expect(mp.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/${payment.id}` });
    expect(await insuranceStatus(c, insurance.id)).toBe('vigente');
    expect(await paymentByReference(c, reference)).toMatchObject({
      status: 'approved',
      method: 'mercadopago',
    });
  });

  it('accepts the signature timestamp in seconds too, as the documentation shows it', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference } = await pendingMercadoPagoPayment(c);
    const payment = mp.pay(reference, 'approved');
    const res = await mp.notify(t.app, payment.id, { ts: String(Math.floor(Date.now() / 1000)) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await insuranceStatus(c, insurance.id)).toBe('vigente');
  });

  it('refuses a forged or missing signature with 401 and changes nothing', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference } = await pendingMercadoPagoPayment(c);
    const payment = mp.pay(reference, 'approved');
    const reads = () => mp.requests.filter((r) => r.path === `/v1/payments/${payment.id}`).length;

    const forged = await mp.notify(t.app, payment.id, { secret: 'guessed-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      message: 'La firma de la notificación no es válida.',
      error_code: 'unauthenticated',
    });
    // A valid signature of another resource does not vouch for this one.
    expect((await mp.notify(t.app, payment.id, { signedId: '999' })).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/v4/webhooks/mercadopago?data.id=${payment.id}&type=payment`,
      headers: { 'content-type': 'application/json' },
      payload: { type: 'payment', data: { id: String(payment.id) } },
    });
    expect(unsigned.statusCode).toBe(401);

    expect(reads()).toBe(0);
    expect(await insuranceStatus(c, insurance.id)).toBe('pendiente');
    expect((await paymentByReference(c, reference)).status).toBe('pending');
  });

  it('refuses a replayed notification whose timestamp is more than 5 minutes old', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference } = await pendingMercadoPagoPayment(c);
    const payment = mp.pay(reference, 'approved');
    const stale = await mp.notify(t.app, payment.id, { ts: String(Date.now() - 6 * 60_000) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('La notificación venció: su firma tiene más de 5 minutos.');
    const future = await mp.notify(t.app, payment.id, { ts: String(Date.now() + 6 * 60_000) });
    expect(future.statusCode).toBe(401);
    expect(await insuranceStatus(c, insurance.id)).toBe('pendiente');
  });

  it('applies the same notification five times and out of order once: one movement for a top-up', async () => {
    const c = await registerCustomer(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/money-wallet/top-ups',
      headers: { ...c.auth, ...idempotencyKey() },
      payload: { amount_cents: 750_000, method: 'mercadopago' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const reference = started.json().data.payment.external_reference as string;
    const preference = mp.preferences.find((p) => p.external_reference === reference)!;
    expect(preference.back_urls.success).toBe(
      `${PUBLIC_URL}/tabs?status=success&external_reference=${reference}&mercado_pago_transfer=true`,
    );

    const payment = mp.pay(reference, 'approved');
    const answers = await Promise.all(Array.from({ length: 5 }, () => mp.notify(t.app, payment.id)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // A late 'pending' (Mercado Pago's read replica behind) arrives after the approval.
    mp.setStatus(payment.id, 'pending');
    expect((await mp.notify(t.app, payment.id)).statusCode).toBe(200);

    const wallet = (
      await t.app.inject({ method: 'GET', url: '/api/v4/customers/money-wallet', headers: c.auth })
    ).json().data;
    expect(wallet.balance_cents).toBe(750_000);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.externalReference, reference));
    const movements = await t.database.db
      .select()
      .from(walletMovements)
      .where(eq(walletMovements.paymentId, row!.id));
    expect(movements).toHaveLength(1);
    expect(row).toMatchObject({ status: 'approved', providerPaymentId: String(payment.id) });
  });

  it('answers 502 while Mercado Pago’s API is down so that it retries, and the retry applies', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference } = await pendingMercadoPagoPayment(c);
    const payment = mp.pay(reference, 'approved');
    mp.outage = true;
    try {
      const down = await mp.notify(t.app, payment.id);
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: 'provider_unavailable' });
    } finally {
      mp.outage = false;
    }
    expect(await insuranceStatus(c, insurance.id)).toBe('pendiente');
    expect(await paymentByReference(c, reference)).toMatchObject({ status: 'pending' });

    expect((await mp.notify(t.app, payment.id)).statusCode).toBe(200);
    expect(await insuranceStatus(c, insurance.id)).toBe('vigente');
  });

  it('paying while Mercado Pago is down answers 502; the same request later gets the checkout', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const key = idempotencyKey();
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v4/customers/payments',
        headers: { ...c.auth, ...key },
        payload: { insurance_id: insurance.id, method: 'mercadopago' },
      });
    mp.outage = true;
    try {
      const down = await pay();
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toBe('Mercado Pago no respondió. Intentá de nuevo en unos minutos.');
    } finally {
      mp.outage = false;
    }
    const again = await pay();
    expect(again.statusCode).toBe(201);
    expect(again.json().data.checkout_url).toMatch(/^https:\/\/www\.mercadopago\.com\.ar\/checkout\//);
  });

  it('answers 200 to notifications it will not act on: not ours, another topic, another amount', async () => {
    const c = await registerCustomer(t.app);
    const stranger = mp.pay('not-a-cubierto-reference', 'approved', { amount: 1000 });
    const unknown = await mp.notify(t.app, stranger.id);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data.outcome).toBe('ignored');

    const { insurance, reference } = await pendingMercadoPagoPayment(c);
    const order = await mp.notify(t.app, mp.pay(reference, 'approved').id, { type: 'merchant_order' });
    expect(order.json().data.outcome).toBe('ignored');

    const cheaper = mp.pay(reference, 'approved', { amount: 1 });
    const mismatch = await mp.notify(t.app, cheaper.id);
    expect(mismatch.json().data.outcome).toBe('ignored');
    expect(await insuranceStatus(c, insurance.id)).toBe('pendiente');
  });
});

describe('Mercado Pago configuration', () => {
  it('lists the webhooks in the API reference', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v4/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/v4/webhooks/mercadopago');
  });

  it('needs the webhook secret with the access token, and names the variable when it is missing', () => {
    expect(() => loadConfig({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-x' })).toThrow(ConfigError);
    expect(() => loadConfig({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-x' })).toThrow(/MERCADOPAGO_WEBHOOK_SECRET/);
    expect(loadConfig({}).mercadopago).toBeUndefined();
    expect(
      loadConfig({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-x', MERCADOPAGO_WEBHOOK_SECRET: 's' }).mercadopago,
    ).toEqual({ apiUrl: 'https://api.mercadopago.com', accessToken: 'APP_USR-x', webhookSecret: 's' });
  });

  it('app-config offers Mercado Pago to the web only where it is configured', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v4/common/app-config' });
    expect(config.json().data.checkout_methods).toEqual(['mercadopago', 'sandbox']);
  });

  it('without Mercado Pago configured its webhook does not exist', async () => {
    const plain = await createTestApp({ env: { PAYMENTS_SANDBOX: 'false' } });
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/api/v4/webhooks/mercadopago?data.id=1' });
      expect(res.statusCode).toBe(404);
      const config = await plain.app.inject({ method: 'GET', url: '/api/v4/common/app-config' });
      expect(config.json().data.checkout_methods).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
