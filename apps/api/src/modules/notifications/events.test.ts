/**
 * The events that tell a customer something: each one through the real code path (API or sweep), then
 * the worker's job, then the customer's list.
 */
import type { NotificationUser } from '@cubierto/contracts';
import { addDays, todayInArgentina } from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  payThroughSandbox,
  startPayment,
} from '../../../test/purchase.ts';
import { insurances } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { runDueJobs } from '../../lib/outbox.ts';
import { sweepInsuranceLifecycle, UNPAID_VOID_AFTER_MS } from '../insurances/lifecycle.ts';
import { notificationJobs, sweepExpiringInsurances } from './jobs.ts';

let t: TestApp;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

async function drain() {
  const handlers = notificationJobs(t.app.deps.push);
  for (let i = 0; i < 50; i += 1) {
    if ((await runDueJobs(t.database.db, { handlers, batchSize: 50 })).claimed === 0) return;
  }
}

/** What this module tells (other areas, e.g. invoices, may tell about the same events too). */
const OURS = new Set([
  'Tu seguro está vigente',
  'No se pudo realizar el pago',
  'Ingresó dinero en Mi dinero',
  'Salió dinero de Mi dinero',
  'Tu seguro fue dado de baja',
  'Tu contratación fue anulada',
  'Tu seguro vence pronto',
]);

async function notificationsOf(c: Customer): Promise<NotificationUser['notification'][]> {
  await drain();
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v4/customers/notification-user?per_page=50',
    headers: c.auth,
  });
  return (res.json().data as NotificationUser[])
    .map((n) => n.notification)
    .filter((n) => OURS.has(n.title))
    .reverse();
}

const titles = async (c: Customer) => (await notificationsOf(c)).map((n) => n.title);

async function topUp(c: Customer, amountCents: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/money-wallet/top-ups',
    headers: { ...c.auth, ...idempotencyKey() },
    payload: { amount_cents: amountCents, method: 'sandbox' },
  });
  const url = new URL(res.json().data.checkout_url).pathname;
  await t.app.inject({ method: 'POST', url: `${url}/approve` });
}

describe('events that notify', () => {
  it('a rejected payment: "No se pudo realizar el pago", opening the insurance', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const { checkout_url } = await startPayment(t.app, c.auth, insurance.id, 'sandbox');
    await t.app.inject({ method: 'POST', url: `${new URL(checkout_url).pathname}/reject` });
    const [failed] = await notificationsOf(c);
    expect(failed).toMatchObject({
      title: 'No se pudo realizar el pago',
      body: expect.stringContaining(insurance.number),
      action: { type: 'Insurance', insurance_id: insurance.id },
    });
  });

  it('a top-up and a wallet payment: one notification per money-wallet movement, opening that movement', async () => {
    const c = await registerCustomer(t.app);
    await topUp(c, 500_000_00);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/payments',
      headers: { ...c.auth, ...idempotencyKey() },
      payload: { insurance_id: insurance.id, method: 'money_wallet' },
    });
    expect(pay.statusCode).toBe(201);
    const all = await notificationsOf(c);
    // The debit and the insurance in force happened in one transaction: same time, either order.
    expect(all[0]!.title).toBe('Ingresó dinero en Mi dinero');
    expect(
      all
        .slice(1)
        .map((n) => n.title)
        .sort(),
    ).toEqual(['Salió dinero de Mi dinero', 'Tu seguro está vigente']);
    const debit = all.find((n) => n.title === 'Salió dinero de Mi dinero')!;
    const wallet = (
      await t.app.inject({ method: 'GET', url: '/api/v4/customers/money-wallet', headers: c.auth })
    ).json().data;
    const movements = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v4/customers/money-wallet/${wallet.id}/wallet-movements`,
        headers: c.auth,
      })
    ).json().data as Array<{ id: number }>;
    expect(all[0]!.action).toMatchObject({
      type: 'WalletMovement',
      wallet_id: wallet.id,
      wallet_movement_id: movements.at(-1)!.id,
    });
    expect(all[0]!.body).toBe('Ingreso de dinero: $\u00a0500.000,00.');
    expect(debit.action.wallet_movement_id).toBe(movements[0]!.id);
  });

  it('cancelling now: "Tu seguro fue dado de baja" (and the refund as a movement)', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${insurance.id}/cancel`,
      headers: c.auth,
      payload: { mode: 'now' },
    });
    expect(res.statusCode).toBeLessThan(300);
    const list = await titles(c);
    expect(list[0]).toBe('Tu seguro está vigente');
    expect(list.slice(1).sort()).toEqual(['Ingresó dinero en Mi dinero', 'Tu seguro fue dado de baja']);
  });

  it('the lifecycle sweep: an unpaid insurance voided after 72 h tells its owner once', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const [row] = await t.database.db.select().from(insurances).where(eq(insurances.id, insurance.id));
    const later = new Date(row!.createdAt.getTime() + UNPAID_VOID_AFTER_MS + 1_000);
    await sweepInsuranceLifecycle(t.database.db, { now: later });
    await sweepInsuranceLifecycle(t.database.db, { now: later });
    expect(await notificationsOf(c)).toEqual([
      expect.objectContaining({
        title: 'Tu contratación fue anulada',
        action: expect.objectContaining({ type: 'Insurance', insurance_id: insurance.id }),
      }),
    ]);
  });

  it('paid before its start: in force (and notified) when the sweep reaches its first day', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage, { startInDays: 3 });
    await payThroughSandbox(t.app, c.auth, insurance.id);
    expect(await titles(c)).toEqual([]);
    await sweepInsuranceLifecycle(t.database.db, { now: new Date(Date.now() + 3 * 86_400_000) });
    expect(await titles(c)).toEqual(['Tu seguro está vigente']);
  });

  it('expiring within 7 days: told once per insurance, however often the sweep runs', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const endsOn = insurance.ends_on;
    const [d, m, y] = [endsOn.slice(8, 10), endsOn.slice(5, 7), endsOn.slice(0, 4)];
    // Eight days before the last day: not yet.
    const eightBefore = new Date(`${addDays(endsOn, -8)}T15:00:00Z`);
    expect(todayInArgentina(eightBefore)).toBe(addDays(endsOn, -8));
    await sweepExpiringInsurances(t.database.db, eightBefore);
    expect(await titles(c)).toEqual(['Tu seguro está vigente']);
    const sevenBefore = new Date(`${addDays(endsOn, -7)}T15:00:00Z`);
    await sweepExpiringInsurances(t.database.db, sevenBefore);
    await sweepExpiringInsurances(t.database.db, new Date(sevenBefore.getTime() + 86_400_000));
    const all = await notificationsOf(c);
    expect(all.map((n) => n.title)).toEqual(['Tu seguro está vigente', 'Tu seguro vence pronto']);
    expect(all[1]!.body).toBe(
      `La cobertura de tu contratación ${insurance.number} termina el ${d}/${m}/${y}.`,
    );
    expect(all[1]!.action).toMatchObject({ type: 'Insurance', insurance_id: insurance.id });
  });
});
