/**
 * Money that moves back through the providers, with the local Mercado Pago and Ualá peers sending their
 * real notification shapes (replayed and out of order): a withdrawal's refund asked of the provider and
 * confirmed by its webhook, and the reversals nobody asked for (a chargeback, a refund from the provider's
 * panel) turning the insurance `anulado` and debiting back what a wallet got from the payment — into a
 * negative balance when the balance is short. Money stays conserved.
 */
import {
  CertificateCheckSchema,
  dataOf,
  PayResultSchema,
  RightsRequestSchema,
  WalletDebtSchema,
  WalletSchema,
} from '@cubierto/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDaysFromToday } from '../../../test/contracting.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import { type MercadoPagoPeer, startMercadoPagoPeer } from '../../../test/peers/mercadopago-peer.ts';
import { startUalaPeer, type UalaPeer } from '../../../test/peers/uala-peer.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  insuranceOf,
  startPayment,
} from '../../../test/purchase.ts';
import { insurances, invoices, notifications, payments, walletMovements } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { runDueJobs } from '../../lib/outbox.ts';
import { notificationJobs } from '../notifications/jobs.ts';
import { paymentJobs } from './refunds.ts';

const MP = {
  accessToken: 'APP_USR-1234567890-test-access-token',
  webhookSecret: 'mp-webhook-secret-for-tests',
};
const UALA = {
  username: 'cubierto-bis',
  clientId: 'uala-client-id',
  clientSecret: 'uala-client-secret',
  webhookSecret: 'uala-webhook-secret-for-tests',
};

let t: TestApp;
let mp: MercadoPagoPeer;
let uala: UalaPeer;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  mp = await startMercadoPagoPeer(MP);
  uala = await startUalaPeer(UALA);
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'https://app.cubierto.test',
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_ACCESS_TOKEN: MP.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: MP.webhookSecret,
      UALA_API_URL: uala.url,
      UALA_USERNAME: UALA.username,
      UALA_CLIENT_ID: UALA.clientId,
      UALA_CLIENT_SECRET: UALA.clientSecret,
      UALA_WEBHOOK_SECRET: UALA.webhookSecret,
    },
  });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => {
  await t.close();
  await mp.close();
  await uala.close();
});

/** One pass of the outbox worker, as the server runs it (refunds asked of the providers, notifications). */
const runJobs = (now?: Date) =>
  runDueJobs(t.database.db, {
    handlers: { ...paymentJobs(t.app.deps.providers), ...notificationJobs(t.app.deps.push) },
    ...(now ? { now } : {}),
  });

async function balance(c: Customer) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v4/customers/money-wallet', headers: c.auth });
  return dataOf(WalletSchema).parse(res.json()).data.balance_cents;
}

const paymentRow = async (reference: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.externalReference, reference)))[0]!;

async function verified(c: Customer, insuranceId: number) {
  const detail = (await insuranceOf(t.app, c.auth, insuranceId)) as unknown as { verification_code: string };
  const res = await t.app.inject({ method: 'GET', url: `/api/v4/common/verify/${detail.verification_code}` });
  return dataOf(CertificateCheckSchema).parse(res.json()).data;
}

async function creditNotes(insuranceId: number) {
  return t.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.insuranceId, insuranceId), eq(invoices.kind, 'credit_note')));
}

/** An insurance paid through Mercado Pago (approved and notified): in force. */
async function paidWithMercadoPago(c: Customer) {
  const insurance = await contractInsurance(t.app, c.auth, coverage);
  const started = await startPayment(t.app, c.auth, insurance.id, 'mercadopago');
  const payment = mp.pay(started.payment.external_reference, 'approved');
  expect((await mp.notify(t.app, payment.id)).json().data).toEqual({ received: true, outcome: 'applied' });
  expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('vigente');
  return { insurance, reference: started.payment.external_reference, mpPayment: payment };
}

/** An insurance paid through Ualá (the order approved and notified): in force. */
async function paidWithUala(c: Customer) {
  const insurance = await contractInsurance(t.app, c.auth, coverage);
  const started = await startPayment(t.app, c.auth, insurance.id, 'uala');
  const order = uala.orderOf(started.payment.external_reference);
  uala.setStatus(order.uuid, 'APPROVED');
  expect((await uala.notify(t.app, order.uuid)).json().data).toEqual({ received: true, outcome: 'applied' });
  expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('vigente');
  return { insurance, reference: started.payment.external_reference, order };
}

async function withdraw(c: Customer, insuranceId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/rights/withdrawals',
    headers: c.auth,
    payload: { insurance_id: insuranceId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(RightsRequestSchema).parse(res.json()).data;
}

/** Every peso accounted for (as money-model.test.ts reconciles it): a debt is a negative balance. */
async function conserved(): Promise<boolean> {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const unbalanced = await rows(sql`
    select w.id from wallets w where w.balance_cents <> (
      select coalesce(sum(m.amount_cents), 0) from wallet_movements m where m.wallet_id = w.id)`);
  const [flows] = await rows<{ top_ups: string; held: string; paid: string; refunded: string }>(sql`
    select
      (select coalesce(sum(amount_cents), 0) from payments
        where purpose in ('money_top_up', 'credit_top_up') and status = 'approved')::bigint as top_ups,
      (select coalesce(sum(balance_cents), 0) from wallets)::bigint as held,
      (select coalesce(-sum(amount_cents), 0) from wallet_movements where kind = 'insurance_payment')::bigint as paid,
      (select coalesce(sum(amount_cents), 0) from wallet_movements where kind = 'refund')::bigint as refunded`);
  // A top-up taken back leaves the approved top-ups and nets to zero in the wallet; a refund taken back
  // (a payment reversed after its refund reached Mi dinero) is a refund that did not stay.
  const [takenBack] = await rows<{ cents: string }>(sql`
    select coalesce(-sum(m.amount_cents), 0)::bigint as cents from wallet_movements m
      left join payments p on p.id = m.payment_id
      where m.kind = 'reversal' and (p.id is null or p.purpose = 'insurance')`);
  return (
    unbalanced.length === 0 &&
    Number(flows!.top_ups) ===
      Number(flows!.held) + Number(flows!.paid) - Number(flows!.refunded) + Number(takenBack!.cents)
  );
}

describe('a withdrawal refunded through the provider', () => {
  it('Mercado Pago: asked once through its refund API, confirmed by its webhook, never taken for a reversal', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference, mpPayment } = await paidWithMercadoPago(c);
    const request = await withdraw(c, insurance.id);
    expect(request).toMatchObject({
      status: 'aplicada',
      refund_cents: insurance.premium.total_cents,
      refund_method: 'mercadopago',
      refund_status: 'en_curso',
    });
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('cancelado');
    expect(await balance(c)).toBe(0);
    expect(await creditNotes(insurance.id)).toHaveLength(1);

    // Mercado Pago is down: the job fails and is retried later; then it asks, once.
    mp.outage = true;
    await runJobs();
    mp.outage = false;
    expect(mp.refunds.filter((r) => r.payment_id === mpPayment.id)).toHaveLength(0);
    const later = new Date(Date.now() + 2 * 3_600_000);
    await runJobs(later);
    await runJobs(later);
    const asked = mp.refunds.filter((r) => r.payment_id === mpPayment.id);
    expect(asked).toEqual([
      expect.objectContaining({ amount: insurance.premium.total_cents / 100, status: 'approved' }),
    ]);
    expect(mp.payments.get(mpPayment.id)!.status).toBe('refunded');

    // Its notification, twice, and an older one out of order: recorded as our refund, nothing else moves.
    for (let i = 0; i < 2; i += 1) expect((await mp.notify(t.app, mpPayment.id)).statusCode).toBe(200);
    const row = await paymentRow(reference);
    expect(row).toMatchObject({
      status: 'refunded',
      reversedAt: null,
      providerRefundId: String(asked[0]!.id),
    });
    expect(row.refundedAt).toBeInstanceOf(Date);
    mp.setStatus(mpPayment.id, 'approved');
    await mp.notify(t.app, mpPayment.id);
    mp.setStatus(mpPayment.id, 'refunded');
    expect((await paymentRow(reference)).status).toBe('refunded');
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('cancelado');
    expect(await balance(c)).toBe(0);
    expect(await creditNotes(insurance.id)).toHaveLength(1);
    expect(await conserved()).toBe(true);
  });

  it('Ualá: asked through its refund API, its REFUNDED notification closes it', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference, order } = await paidWithUala(c);
    expect((await withdraw(c, insurance.id)).refund_method).toBe('uala');
    await runJobs();
    await runJobs();
    expect(uala.refunds.filter((r) => r.uuid === order.uuid)).toEqual([
      {
        uuid: order.uuid,
        amount: (insurance.premium.total_cents / 100).toFixed(2),
        notification_url: 'https://app.cubierto.test/api/v4/webhooks/uala',
      },
    ]);
    uala.completeRefund(order.uuid);
    for (let i = 0; i < 2; i += 1)
      expect((await uala.notify(t.app, order.uuid, { status: 'REFUNDED' })).statusCode).toBe(200);
    expect(await paymentRow(reference)).toMatchObject({ status: 'refunded', reversedAt: null });
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('cancelado');
  });
});

describe('a reversal nobody asked for', () => {
  it('Mercado Pago charged back after approval: the payment moves, the insurance is voided, told, not in force', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference, mpPayment } = await paidWithMercadoPago(c);
    expect((await verified(c, insurance.id)).in_force).toBe(true);
    mp.setStatus(mpPayment.id, 'charged_back');
    for (let i = 0; i < 2; i += 1)
      expect((await mp.notify(t.app, mpPayment.id)).json().data).toEqual({
        received: true,
        outcome: 'applied',
      });
    // An older notification arriving late (the read-back then said approved) changes nothing.
    mp.setStatus(mpPayment.id, 'approved');
    await mp.notify(t.app, mpPayment.id);
    mp.setStatus(mpPayment.id, 'charged_back');

    expect(await paymentRow(reference)).toMatchObject({ status: 'charged_back', refundRequestedAt: null });
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('anulado');
    expect((await verified(c, insurance.id)).in_force).toBe(false);
    const [note] = await creditNotes(insurance.id);
    expect(note).toBeDefined();
    await runJobs();
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.insuranceId, insurance.id));
    expect(told.map((n) => n.body).join('\n')).toMatch(/revirtió el pago/);
    expect(await balance(c)).toBe(0);
    expect(await conserved()).toBe(true);
  });

  it('a top-up charged back after it was spent leaves a negative balance, settled by the next money in', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const total = insurance.premium.total_cents;
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/money-wallet/top-ups',
      headers: { ...c.auth, ...idempotencyKey() },
      payload: { amount_cents: total + 100_00, method: 'mercadopago' },
    });
    const reference = dataOf(PayResultSchema).parse(topUp.json()).data.payment.external_reference;
    const mpPayment = mp.pay(reference, 'approved');
    await mp.notify(t.app, mpPayment.id);
    expect(await balance(c)).toBe(total + 100_00);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/payments',
      headers: { ...c.auth, ...idempotencyKey() },
      payload: { insurance_id: insurance.id, method: 'money_wallet' },
    });
    expect(paid.statusCode).toBe(201);
    expect(await balance(c)).toBe(100_00);

    mp.setStatus(mpPayment.id, 'charged_back');
    await mp.notify(t.app, mpPayment.id);
    await mp.notify(t.app, mpPayment.id);
    expect(await balance(c)).toBe(-total);
    const reversals = await t.database.db
      .select()
      .from(walletMovements)
      .where(
        and(
          eq(walletMovements.paymentId, (await paymentRow(reference)).id),
          eq(walletMovements.kind, 'reversal'),
        ),
      );
    expect(reversals.map((m) => [m.amountCents, m.balanceAfterCents])).toEqual([[-(total + 100_00), -total]]);
    // Operators see who owes what.
    const operator = await operatorSession(t.app, t.database);
    const debts = await t.app.inject({
      method: 'GET',
      url: '/api/v4/admin/wallet-debts',
      headers: operator.auth,
    });
    expect(debts.statusCode, debts.body).toBe(200);
    expect(dataOf(z.array(WalletDebtSchema)).parse(debts.json()).data).toContainEqual(
      expect.objectContaining({
        email: c.email,
        wallet_kind: 'money',
        owed_cents: total,
        balance_cents: -total,
      }),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v4/admin/wallet-debts', headers: c.auth })).statusCode,
    ).toBe(403);
    // A debt keeps the account from being deleted (it would be lost with it).
    const deletion = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user/deletion',
      headers: c.auth,
    });
    expect(JSON.stringify(deletion.json())).toMatch(/Debés/);
    // The insurance the wallet paid stays paid: the debt is the customer's, not the cover's.
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('vigente');
    expect(await conserved()).toBe(true);

    // Owing, the wallet pays nothing; the next money in settles the debt first.
    const another = await contractInsurance(t.app, c.auth, coverage);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/payments',
      headers: { ...c.auth, ...idempotencyKey() },
      payload: { insurance_id: another.id, method: 'money_wallet' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_code).toBe('insufficient_funds');
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/money-wallet/top-ups',
      headers: { ...c.auth, ...idempotencyKey() },
      payload: { amount_cents: 100_00, method: 'mercadopago' },
    });
    const secondPayment = mp.pay(
      dataOf(PayResultSchema).parse(second.json()).data.payment.external_reference,
      'approved',
    );
    await mp.notify(t.app, secondPayment.id);
    expect(await balance(c)).toBe(100_00 - total);
    expect(await conserved()).toBe(true);
  });

  it('a chargeback after a baja takes back the refund already credited to Mi dinero', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference, mpPayment } = await paidWithMercadoPago(c);
    // Ten days into its cover: a baja now gives back part of it.
    await t.database.db
      .update(insurances)
      .set({ startsOn: isoDaysFromToday(-10) })
      .where(eq(insurances.id, insurance.id));
    const baja = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/rights/bajas',
      headers: c.auth,
      payload: { insurance_id: insurance.id },
    });
    const refunded = dataOf(RightsRequestSchema).parse(baja.json()).data.refund_cents;
    expect(await balance(c)).toBe(refunded);
    mp.setStatus(mpPayment.id, 'charged_back');
    await mp.notify(t.app, mpPayment.id);
    expect(await paymentRow(reference)).toMatchObject({ status: 'charged_back' });
    expect(await balance(c)).toBe(0);
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('cancelado');
    // The baja's credit note and one for the rest of the invoice: the whole sale credited.
    const notes = await creditNotes(insurance.id);
    expect(refunded).toBeLessThan(insurance.premium.total_cents);
    expect(notes.map((n) => n.totalCents).sort((a, b) => a - b)).toEqual(
      [refunded, insurance.premium.total_cents - refunded].sort((a, b) => a - b),
    );
    expect(await conserved()).toBe(true);
  });

  it('Ualá refunded from its own panel, notified twice: the insurance is voided once', async () => {
    const c = await registerCustomer(t.app);
    const { insurance, reference, order } = await paidWithUala(c);
    uala.setStatus(order.uuid, 'REFUNDED');
    for (let i = 0; i < 2; i += 1)
      expect((await uala.notify(t.app, order.uuid, { status: 'REFUNDED' })).statusCode).toBe(200);
    uala.setStatus(order.uuid, 'APPROVED');
    await uala.notify(t.app, order.uuid);
    expect(await paymentRow(reference)).toMatchObject({ status: 'refunded', refundedAt: null });
    expect((await paymentRow(reference)).reversedAt).toBeInstanceOf(Date);
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('anulado');
  });
});
