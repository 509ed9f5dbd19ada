import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  insuranceOf,
  payThroughSandbox,
  startPayment,
} from '../../../test/purchase.ts';
import { insurances, outbox } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { runDueJobs, scheduleRecurringJobs } from '../../lib/outbox.ts';
import { notificationJobs } from '../notifications/jobs.ts';
import { insuranceJobs, LIFECYCLE_SWEEP_JOB, sweepInsuranceLifecycle } from './lifecycle.ts';

let t: TestApp;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
/** Noon in Buenos Aires (UTC−3) of the given day, `days` later. */
const noonOf = (isoDay: string, days = 0) => new Date(Date.parse(`${isoDay}T15:00:00Z`) + days * 24 * HOUR);

const detail = (c: Customer, id: number) => insuranceOf(t.app, c.auth, id);
const moneyWallet = async (c: Customer) =>
  (await t.app.inject({ method: 'GET', url: '/api/v4/customers/money-wallet', headers: c.auth })).json().data;
async function createdAt(id: number): Promise<Date> {
  const [row] = await t.database.db
    .select({ createdAt: insurances.createdAt })
    .from(insurances)
    .where(eq(insurances.id, id));
  return row!.createdAt;
}

describe('insurance lifecycle sweep', () => {
  it('voids a pendiente left unpaid for 72 hours, and not a minute earlier', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const created = (await createdAt(insurance.id)).getTime();

    await sweepInsuranceLifecycle(t.database.db, { now: new Date(created + 72 * HOUR - 60_000) });
    expect((await detail(c, insurance.id)).status).toBe('pendiente');

    // PostgreSQL keeps microseconds that a JavaScript date drops: a second's margin.
    const moved = await sweepInsuranceLifecycle(t.database.db, {
      now: new Date(created + 72 * HOUR + 1_000),
    });
    expect(moved.anulado).toBeGreaterThanOrEqual(1);
    const voided = await detail(c, insurance.id);
    expect(voided).toMatchObject({ status: 'anulado', status_label: expect.any(String) });
    expect((await moneyWallet(c)).balance_cents).toBe(0);
  });

  it('a payment approved after the insurance was voided goes to Mi dinero instead', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const { checkout_url } = await startPayment(t.app, c.auth, insurance.id, 'sandbox');
    const created = (await createdAt(insurance.id)).getTime();
    await sweepInsuranceLifecycle(t.database.db, { now: new Date(created + 73 * HOUR) });

    await t.app.inject({ method: 'POST', url: `${new URL(checkout_url).pathname}/approve` });
    expect((await detail(c, insurance.id)).status).toBe('anulado');
    expect((await moneyWallet(c)).balance_cents).toBe(insurance.premium.total_cents);
  });

  it('ends an insurance in force the day after its last day: finalizado', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    await payThroughSandbox(t.app, c.auth, insurance.id);

    await sweepInsuranceLifecycle(t.database.db, { now: noonOf(insurance.ends_on) });
    expect((await detail(c, insurance.id)).status).toBe('vigente');

    const moved = await sweepInsuranceLifecycle(t.database.db, { now: noonOf(insurance.ends_on, 1) });
    expect(moved.finalizado).toBeGreaterThanOrEqual(1);
    expect((await detail(c, insurance.id)).status).toBe('finalizado');
  });

  it('a scheduled cancellation ends it as cancelado once its day has passed, with no refund', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${insurance.id}/cancel`,
      headers: c.auth,
      payload: { mode: 'end_of_period' },
    });
    const cancelsOn = scheduled.json().data.cancels_on as string;
    expect(cancelsOn).toBe(insurance.ends_on);

    await sweepInsuranceLifecycle(t.database.db, { now: noonOf(cancelsOn) });
    expect((await detail(c, insurance.id)).status).toBe('vigente');

    await sweepInsuranceLifecycle(t.database.db, { now: noonOf(cancelsOn, 1) });
    expect((await detail(c, insurance.id)).status).toBe('cancelado');
    expect((await moneyWallet(c)).balance_cents).toBe(0);
  });

  it('one paid before its start date waits as pendiente, paid, and is in force from its first day', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage, { startInDays: 5 });
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const paid = await detail(c, insurance.id);
    expect(paid).toMatchObject({ status: 'pendiente', paid_at: expect.any(String) });

    // Paid: never voided for being unpaid, and not paid twice.
    const created = (await createdAt(insurance.id)).getTime();
    await sweepInsuranceLifecycle(t.database.db, { now: new Date(created + 73 * HOUR) });
    expect((await detail(c, insurance.id)).status).toBe('pendiente');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/payments',
      headers: { ...c.auth, ...idempotencyKey() },
      payload: { insurance_id: insurance.id, method: 'sandbox' },
    });
    expect(again.statusCode).toBe(409);

    await sweepInsuranceLifecycle(t.database.db, { now: noonOf(insurance.starts_on, -1) });
    expect((await detail(c, insurance.id)).status).toBe('pendiente');
    const moved = await sweepInsuranceLifecycle(t.database.db, { now: noonOf(insurance.starts_on) });
    expect(moved.vigente).toBeGreaterThanOrEqual(1);
    expect((await detail(c, insurance.id)).status).toBe('vigente');
  });

  it('one paid before its start date, cancelled, ends at once with all of it refunded', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage, { startInDays: 3 });
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${insurance.id}/cancel`,
      headers: c.auth,
      payload: { mode: 'end_of_period' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelado', cancels_on: null });
    expect((await moneyWallet(c)).balance_cents).toBe(insurance.premium.total_cents);
  });

  it('leaves insurances that are not due, and those already ended, as they are', async () => {
    const c = await registerCustomer(t.app);
    const fresh = await contractInsurance(t.app, c.auth, coverage);
    const cancelled = await contractInsurance(t.app, c.auth, coverage);
    await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${cancelled.id}/cancel`,
      headers: c.auth,
      payload: { mode: 'now' },
    });
    await sweepInsuranceLifecycle(t.database.db, { now: new Date(Date.now() + HOUR) });
    expect((await detail(c, fresh.id)).status).toBe('pendiente');
    await sweepInsuranceLifecycle(t.database.db, { now: new Date(Date.now() + 400 * 24 * HOUR) });
    expect((await detail(c, cancelled.id)).status).toBe('cancelado');
  });

  it('runs as a recurring outbox job that reschedules itself a minute later', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    const now = new Date((await createdAt(insurance.id)).getTime() + 80 * HOUR);
    await scheduleRecurringJobs(t.database.db, insuranceJobs, now);
    await scheduleRecurringJobs(t.database.db, insuranceJobs, now);

    // The sweep and the notifications it sends; the invoices' CAE jobs (a credit note waits for its
    // invoice's CAE, so it is retried) have their own tests and are left for the invoices' handlers.
    const handlers = { ...insuranceJobs, ...notificationJobs(t.app.deps.push) };
    const result = await runDueJobs(t.database.db, { handlers, now, batchSize: 100, onlyHandled: true });
    expect(result).toMatchObject({ done: result.claimed, failed: 0 });
    expect((await detail(c, insurance.id)).status).toBe('anulado');
    const jobs = await t.database.db.select().from(outbox).where(eq(outbox.kind, LIFECYCLE_SWEEP_JOB));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ doneAt: null, attempts: 0, lockedUntil: null });
    expect(jobs[0]!.runAt.getTime()).toBe(now.getTime() + 60_000);
  });
});
