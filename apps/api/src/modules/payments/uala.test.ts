import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { startUalaPeer, type UalaPeer } from '../../../test/peers/uala-peer.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  insuranceOf,
  paymentOf,
  startPayment,
} from '../../../test/purchase.ts';
import { loadConfig } from '../../config.ts';
import { payments, walletMovements } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { ualaStatus } from './uala.ts';

const CREDENTIALS = {
  username: 'cubierto-bis',
  clientId: 'uala-client-id',
  clientSecret: 'uala-client-secret',
  webhookSecret: 'uala-webhook-secret-for-tests',
};
const PUBLIC_URL = 'https://app.cubierto.test';

let t: TestApp;
let uala: UalaPeer;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  uala = await startUalaPeer(CREDENTIALS);
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      UALA_API_URL: uala.url,
      UALA_USERNAME: CREDENTIALS.username,
      UALA_CLIENT_ID: CREDENTIALS.clientId,
      UALA_CLIENT_SECRET: CREDENTIALS.clientSecret,
      UALA_WEBHOOK_SECRET: CREDENTIALS.webhookSecret,
    },
  });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => {
  await t.close();
  await uala.close();
});

const insuranceStatus = async (c: Customer, id: number) => (await insuranceOf(t.app, c.auth, id)).status;
const paymentByReference = (c: Customer, ref: string) => paymentOf(t.app, c.auth, ref);

async function pendingUalaPayment(c: Customer) {
  const insurance = await contractInsurance(t.app, c.auth, coverage);
  const started = await startPayment(t.app, c.auth, insurance.id, 'uala');
  const order = uala.orderOf(started.payment.external_reference);
  return {
    insurance,
    reference: started.payment.external_reference,
    order,
    checkoutUrl: started.checkout_url,
  };
}

describe('Ualá Bis checkout', () => {
  it('creates an order with the amount in pesos and sends the customer to its checkout link', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference, order, checkoutUrl } = await pendingUalaPayment(c);
    expect(checkoutUrl).toBe(`https://checkout.ualabis.com.ar/order/${order.uuid}`);
    const back = `${PUBLIC_URL}/tabs?external_reference=${reference}&insurance_id=${insurance.id}`;
    expect(order).toMatchObject({
      amount: (insurance.premium.total_cents / 100).toFixed(2),
      description: 'Pago de tu contratación',
      callback_success: back.replace('?', '?status=approved&'),
      callback_fail: back.replace('?', '?status=failure&'),
      notification_url: `${PUBLIC_URL}/api/v4/webhooks/uala`,
      external_reference: reference,
    });
  });

  it('reuses its token, and asks for a new one once Ualá stops accepting it', async () => {
    const c = await registerCustomer(t.app);
    uala.expireTokens();
    const before = uala.tokensIssued;
    await Promise.all([pendingUalaPayment(c), pendingUalaPayment(c)]);
    await pendingUalaPayment(c);
    expect(uala.tokensIssued - before).toBe(1);
    uala.expireTokens();
    await pendingUalaPayment(c);
    expect(uala.tokensIssued - before).toBe(2);
  });

  it('an approved order notified puts the insurance in force', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference, order } = await pendingUalaPayment(c);
    uala.setStatus(order.uuid, 'APPROVED');
    const res = await uala.notify(t.app, order.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { received: true, outcome: 'applied' } });
    expect(await insuranceStatus(c, insurance.id)).toBe('vigente');
    expect(await paymentByReference(c, reference)).toMatchObject({ status: 'approved', method: 'uala' });
  });

  it('a rejected order leaves the insurance pendiente and the payment rejected', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference, order } = await pendingUalaPayment(c);
    uala.setStatus(order.uuid, 'REJECTED');
    expect((await uala.notify(t.app, order.uuid)).statusCode).toBe(200);
    expect(await insuranceStatus(c, insurance.id)).toBe('pendiente');
    expect((await paymentByReference(c, reference)).status).toBe('rejected');
  });

  it('acts on what the order says when read back, not on what the notification claims', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, order } = await pendingUalaPayment(c);
    const res = await uala.notify(t.app, order.uuid, { status: 'APPROVED' });
    expect(res.statusCode).toBe(200);
    expect(await insuranceStatus(c, insurance.id)).toBe('pendiente');
  });

  it('refuses a forged signature or a stale one with 401 and changes nothing', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, order } = await pendingUalaPayment(c);
    uala.setStatus(order.uuid, 'APPROVED');
    const forged = await uala.notify(t.app, order.uuid, { secret: 'guessed' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      message: 'La firma de la notificación no es válida.',
      error_code: 'unauthenticated',
    });
    const stale = await uala.notify(t.app, order.uuid, { t: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v4/webhooks/uala',
      headers: { 'content-type': 'application/json' },
      payload: { uuid: order.uuid, status: 'APPROVED' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await insuranceStatus(c, insurance.id)).toBe('pendiente');
  });

  it('applies PROCESSED as paid, once, however many times it is notified and whatever comes after', async () => {
    const c = await registerCustomer(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/money-wallet/top-ups',
      headers: { ...c.auth, ...idempotencyKey() },
      payload: { amount_cents: 123_456, method: 'uala' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const reference = started.json().data.payment.external_reference as string;
    const order = uala.orderOf(reference);
    expect(order.amount).toBe('1234.56');
    expect(order.callback_success).toBe(
      `${PUBLIC_URL}/tabs?status=success&external_reference=${reference}&uala_transfer=true`,
    );

    uala.setStatus(order.uuid, 'PROCESSED');
    const answers = await Promise.all(Array.from({ length: 5 }, () => uala.notify(t.app, order.uuid)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    uala.setStatus(order.uuid, 'PENDING');
    expect((await uala.notify(t.app, order.uuid)).statusCode).toBe(200);

    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.externalReference, reference));
    expect(row).toMatchObject({ status: 'approved', providerPaymentId: order.uuid });
    const movements = await t.database.db
      .select()
      .from(walletMovements)
      .where(eq(walletMovements.paymentId, row!.id));
    expect(movements.map((m) => m.amountCents)).toEqual([123_456]);
  });

  it('answers 502 while Ualá’s API is down so that it retries, and the retry applies', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, order } = await pendingUalaPayment(c);
    uala.setStatus(order.uuid, 'APPROVED');
    uala.outage = true;
    try {
      const down = await uala.notify(t.app, order.uuid);
      expect(down.statusCode).toBe(502);
      expect(down.json().error_code).toBe('provider_unavailable');
    } finally {
      uala.outage = false;
    }
    expect(await insuranceStatus(c, insurance.id)).toBe('pendiente');
    expect((await uala.notify(t.app, order.uuid)).statusCode).toBe(200);
    expect(await insuranceStatus(c, insurance.id)).toBe('vigente');
  });
});

describe('Ualá statuses and configuration', () => {
  it('maps Ualá’s order statuses in one place', () => {
    expect(
      ['APPROVED', 'PROCESSED', 'PENDING', 'REJECTED', 'FAILED', 'approved', 'REFUNDED', 'EXPIRED', null].map(
        ualaStatus,
      ),
    ).toEqual([
      'approved',
      'approved',
      'pending',
      'rejected',
      'rejected',
      'approved',
      'refunded',
      null,
      null,
    ]);
  });

  it('is configured whole or not at all', () => {
    expect(loadConfig({}).uala).toBeUndefined();
    expect(() => loadConfig({ UALA_USERNAME: 'x' })).toThrow(/UALA_API_URL: required with UALA_USERNAME/);
  });
});
