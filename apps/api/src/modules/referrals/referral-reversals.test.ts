/**
 * Referral rewards and money that moves back, with the local Mercado Pago peer sending its real
 * notifications: a chargeback of the invitee's first payment claws a credited reward back (a replay
 * changes nothing) and refuses a pending one; a withdrawal (botón de arrepentimiento) refuses it too; and
 * a Mercado Pago payer already seen on an invitee earns nothing a second time.
 */
import { REFERRAL_REWARD_CENTS } from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { type MercadoPagoPeer, startMercadoPagoPeer } from '../../../test/peers/mercadopago-peer.ts';
import {
  bagCoverageId,
  contractInsurance,
  insuranceOf,
  payThroughSandbox,
  startPayment,
} from '../../../test/purchase.ts';
import { outbox, referrals } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { sweepReferralRewards } from './service.ts';

const MP = {
  accessToken: 'APP_USR-1234567890-test-access-token',
  webhookSecret: 'mp-webhook-secret-for-tests',
};

let t: TestApp;
let mp: MercadoPagoPeer;
let coverage: number;
let dni = 41_000_000 + (process.pid % 1000) * 1000;
const nextDni = () => String(++dni);
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  mp = await startMercadoPagoPeer(MP);
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'https://app.cubierto.test',
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_ACCESS_TOKEN: MP.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: MP.webhookSecret,
    },
  });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => {
  await t.close();
  await mp.close();
});

const DUE_IN_DAYS = 11;
const sweep = (days: number) =>
  sweepReferralRewards(t.database.db, { now: new Date(Date.now() + days * 86_400_000) });

const get = (url: string, c: Customer) =>
  t.app.inject({ method: 'GET', url: `/api/v4/customers${url}`, headers: c.auth });

async function invite() {
  const inviter = await registerCustomer(t.app, { dni: nextDni() });
  const code = (await get('/referral', inviter)).json().data.code as string;
  const invitee = await registerCustomer(t.app, { dni: nextDni(), referral_code: code });
  return { inviter, invitee };
}

async function referralOf(invitee: Customer) {
  const userId = (await get('/user', invitee)).json().data.id as number;
  const [row] = await t.database.db.select().from(referrals).where(eq(referrals.inviteeUserId, userId));
  return row!;
}

async function moneyWallet(c: Customer) {
  const wallet = (await get('/money-wallet', c)).json().data;
  const movements = (await get(`/money-wallet/${wallet.id}/wallet-movements`, c)).json().data;
  return { balance: wallet.balance_cents as number, movements: movements as Array<{ kind: string }> };
}

async function paidWithMercadoPago(c: Customer, payerId?: string) {
  const insurance = await contractInsurance(t.app, c.auth, coverage);
  const started = await startPayment(t.app, c.auth, insurance.id, 'mercadopago');
  const payment = mp.pay(started.payment.external_reference, 'approved', payerId ? { payerId } : {});
  expect((await mp.notify(t.app, payment.id)).json().data).toMatchObject({ outcome: 'applied' });
  return { insurance, mpPayment: payment };
}

describe('referral rewards and reversals', () => {
  it("claws a credited reward back when the invitee's first payment is charged back, once", async () => {
    const { inviter, invitee } = await invite();
    const { insurance, mpPayment } = await paidWithMercadoPago(invitee);
    await sweep(DUE_IN_DAYS);
    expect((await moneyWallet(inviter)).balance).toBe(REFERRAL_REWARD_CENTS);

    mp.setStatus(mpPayment.id, 'charged_back');
    for (let i = 0; i < 2; i++) await mp.notify(t.app, mpPayment.id);
    expect((await insuranceOf(t.app, invitee.auth, insurance.id)).status).toBe('anulado');
    expect(await referralOf(invitee)).toMatchObject({ status: 'clawed_back', reason: 'payment_reversed' });
    await sweep(DUE_IN_DAYS + 1);
    const wallet = await moneyWallet(inviter);
    expect(wallet.balance).toBe(0);
    expect(wallet.movements.filter((m) => m.kind === 'referral_clawback')).toHaveLength(1);
    const referral = await referralOf(invitee);
    const [told] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `notify:referral:${referral.id}:clawback`));
    expect(told?.payload).toMatchObject({
      title: 'Descontamos un premio por invitar',
      body: 'Se revirtió el pago del primer seguro de Juan Pérez: descontamos de Mi dinero los $\u00a05.000,00 del premio.',
    });
  });

  it('refuses a pending reward when the payment is charged back before its day', async () => {
    const { inviter, invitee } = await invite();
    const { mpPayment } = await paidWithMercadoPago(invitee);
    expect((await referralOf(invitee)).status).toBe('pending');
    mp.setStatus(mpPayment.id, 'charged_back');
    await mp.notify(t.app, mpPayment.id);
    expect(await referralOf(invitee)).toMatchObject({ status: 'refused', reason: 'payment_reversed' });
    await sweep(DUE_IN_DAYS);
    expect((await moneyWallet(inviter)).balance).toBe(0);
  });

  it('refuses a pending reward when the invitee withdraws (botón de arrepentimiento)', async () => {
    const { inviter, invitee } = await invite();
    const insurance = await contractInsurance(t.app, invitee.auth, coverage);
    await payThroughSandbox(t.app, invitee.auth, insurance.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/rights/withdrawals',
      headers: invitee.auth,
      payload: { insurance_id: insurance.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await referralOf(invitee)).toMatchObject({ status: 'refused', reason: 'insurance_withdrawn' });
    await sweep(DUE_IN_DAYS);
    expect((await moneyWallet(inviter)).balance).toBe(0);
  });

  it('earns nothing for a second invitee paid by the same Mercado Pago payer', async () => {
    const payer = `77${process.pid}${Date.now() % 100_000}`;
    const first = await invite();
    const second = await invite();
    await paidWithMercadoPago(first.invitee, payer);
    await paidWithMercadoPago(second.invitee, payer);
    expect(await referralOf(first.invitee)).toMatchObject({
      status: 'pending',
      payerKey: `mercadopago:${payer}`,
    });
    expect(await referralOf(second.invitee)).toMatchObject({
      status: 'refused',
      reason: 'same_payment_method',
    });
    await sweep(DUE_IN_DAYS);
    expect((await moneyWallet(first.inviter)).balance).toBe(REFERRAL_REWARD_CENTS);
    expect((await moneyWallet(second.inviter)).balance).toBe(0);
  });
});
