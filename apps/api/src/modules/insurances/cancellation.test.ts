/**
 * The customer's baja: what the preview shows is what the cancellation applies, and the answer, the Mi
 * dinero movement, the credit note and the notification carry the same figures to the centavo, on the
 * first day of cover, in the middle of it and on its last day (both engines: CUBIERTO_TEST_DB=postgres).
 */
import {
  addDays,
  CancellationAnswerSchema,
  CancellationPreviewSchema,
  CertificateCheckSchema,
  dataOf,
  formatArs,
  InvoiceSchema,
  type NotificationUser,
  pageOf,
  todayInArgentina,
  WalletMovementSchema,
  WalletSchema,
} from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { bagCoverageId, contractInsurance, payThroughSandbox } from '../../../test/purchase.ts';
import { insurances } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { runDueJobs } from '../../lib/outbox.ts';
import { notificationJobs } from '../notifications/jobs.ts';

let t: TestApp;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

const get = (c: Customer, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v4/customers/${url}`, headers: c.auth });

async function preview(c: Customer, id: number) {
  const res = await get(c, `insurances/${id}/cancellation-terms`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(CancellationPreviewSchema).parse(res.json()).data;
}

async function cancel(c: Customer, id: number, mode: 'now' | 'end_of_period') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v4/customers/insurances/${id}/cancel`,
    headers: c.auth,
    payload: { mode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return CancellationAnswerSchema.parse(res.json());
}

async function refundMovements(c: Customer) {
  const wallet = dataOf(WalletSchema).parse((await get(c, 'money-wallet')).json()).data;
  const page = pageOf(WalletMovementSchema).parse(
    (await get(c, `money-wallet/${wallet.id}/wallet-movements?per_page=50`)).json(),
  );
  return { wallet, refunds: page.data.filter((m) => m.kind === 'refund') };
}

async function creditNotes(c: Customer) {
  const page = pageOf(InvoiceSchema).parse((await get(c, 'invoices?filter[kind][eq]=credit_note')).json());
  return Promise.all(
    page.data.map(async (n) => dataOf(InvoiceSchema).parse((await get(c, `invoices/${n.id}`)).json()).data),
  );
}

async function notifications(c: Customer) {
  const handlers = notificationJobs(t.app.deps.push);
  for (let i = 0; i < 50; i += 1)
    if ((await runDueJobs(t.database.db, { handlers, batchSize: 50 })).claimed === 0) break;
  const res = await get(c, 'notification-user?per_page=50');
  return (res.json().data as NotificationUser[]).map((n) => n.notification);
}

/** A bag insurance paid today for 60 days, then moved so that today is `dayOfCover` (0 = its first day). */
async function paidInsurance(c: Customer, dayOfCover: number) {
  const insurance = await contractInsurance(t.app, c.auth, coverage);
  await payThroughSandbox(t.app, c.auth, insurance.id);
  const today = todayInArgentina();
  const startsOn = addDays(today, -dayOfCover);
  await t.database.db
    .update(insurances)
    .set({ startsOn, endsOn: addDays(startsOn, 60) })
    .where(eq(insurances.id, insurance.id));
  return { ...insurance, startsOn, endsOn: addDays(startsOn, 60), today };
}

const dayEs = (iso: string) => iso.split('-').reverse().join('/');

describe('cancellation: the preview is what is applied', () => {
  for (const [name, day, refundDays] of [
    ['on its first day', 0, 60],
    ['in the middle of its period', 20, 40],
  ] as const) {
    it(`ending now ${name}: the same refund in the answer, Mi dinero, the credit note and the notice`, async () => {
      const c = await registerCustomer(t.app);
      const insurance = await paidInsurance(c, day);
      const total = insurance.premium.total_cents;
      const shown = await preview(c, insurance.id);
      expect(shown).toMatchObject({ today: insurance.today, paid_cents: total, cancels_on: null });
      expect(shown.options.map((o) => o.mode)).toEqual(['now', 'end_of_period']);
      const now = shown.options.find((o) => o.mode === 'now')!;
      const refund = Math.floor((total * refundDays) / 60);
      expect(now).toMatchObject({
        ends_on: insurance.today,
        refund_cents: refund,
        refund_nice: formatArs(refund),
        kept_cents: total - refund,
      });
      expect(now.refund_net_cents + now.refund_iva_cents).toBe(refund);
      expect(shown.options.find((o) => o.mode === 'end_of_period')).toMatchObject({
        ends_on: insurance.endsOn,
        refund_cents: 0,
      });

      const answer = await cancel(c, insurance.id, 'now');
      expect(answer.cancellation).toEqual(now);
      expect(answer.data).toMatchObject({ status: 'cancelado', cancels_on: null });

      const { wallet, refunds } = await refundMovements(c);
      expect(refunds.map((m) => [m.amount_cents, m.insurance_id])).toEqual([[refund, insurance.id]]);
      expect(wallet.balance_cents).toBe(refund);
      const [note, ...more] = await creditNotes(c);
      expect(more).toEqual([]);
      expect(note).toMatchObject({
        total_cents: refund,
        net_cents: now.refund_net_cents,
        iva_cents: now.refund_iva_cents,
        insurance_id: insurance.id,
      });
      const told = (await notifications(c)).filter((n) => n.title === 'Tu seguro fue dado de baja');
      expect(told.map((n) => n.body)).toEqual([
        `La contratación ${insurance.number} quedó cancelada: la cobertura terminó el ${dayEs(insurance.today)}. Te devolvimos ${now.refund_nice} en Mi dinero.`,
      ]);
      expect((await preview(c, insurance.id)).options).toEqual([]);
    });
  }

  it('on its last day only the end of the period is offered: cover until today, nothing back', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await paidInsurance(c, 60);
    const shown = await preview(c, insurance.id);
    expect(shown.options).toEqual([
      expect.objectContaining({ mode: 'end_of_period', ends_on: insurance.today, refund_cents: 0 }),
    ]);
    const answer = await cancel(c, insurance.id, 'now');
    expect(answer.cancellation).toEqual(shown.options[0]);
    expect(answer.data).toMatchObject({ status: 'vigente', cancels_on: insurance.today });
    expect((await refundMovements(c)).refunds).toEqual([]);
    expect(await creditNotes(c)).toEqual([]);
  });

  it('at the end of the period: scheduled, nothing refunded, told the date; then only "now" is offered', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await paidInsurance(c, 20);
    const before = await preview(c, insurance.id);
    const scheduled = before.options.find((o) => o.mode === 'end_of_period')!;
    const answer = await cancel(c, insurance.id, 'end_of_period');
    expect(answer.cancellation).toEqual(scheduled);
    expect(answer.data).toMatchObject({ status: 'vigente', cancels_on: insurance.endsOn });
    expect((await refundMovements(c)).refunds).toEqual([]);
    expect(await creditNotes(c)).toEqual([]);
    const told = (await notifications(c)).filter((n) => n.title === 'Tu baja quedó programada');
    expect(told.map((n) => n.body)).toEqual([
      `Registramos la baja de la contratación ${insurance.number}: la cobertura sigue hasta el ${dayEs(insurance.endsOn)} inclusive y no hay devolución.`,
    ]);
    const after = await preview(c, insurance.id);
    expect(after.cancels_on).toBe(insurance.endsOn);
    expect(after.options.map((o) => o.mode)).toEqual(['now']);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${insurance.id}/cancel`,
      headers: c.auth,
      payload: { mode: 'end_of_period' },
    });
    expect([again.statusCode, again.json().error_code]).toEqual([409, 'cancellation_already_scheduled']);
  });

  it('paid but not started: one way, all of it back, whatever the mode asked', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage, { startInDays: 10 });
    await payThroughSandbox(t.app, c.auth, insurance.id);
    const shown = await preview(c, insurance.id);
    expect(shown.options).toEqual([
      expect.objectContaining({ mode: 'now', refund_cents: insurance.premium.total_cents }),
    ]);
    const answer = await cancel(c, insurance.id, 'end_of_period');
    expect(answer.cancellation).toEqual(shown.options[0]);
    expect(answer.data.status).toBe('cancelado');
    expect((await refundMovements(c)).refunds.map((m) => m.amount_cents)).toEqual([
      insurance.premium.total_cents,
    ]);
  });

  it('unpaid: cancelled at once with nothing to give back; 404 for another customer', async () => {
    const c = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage);
    expect((await get(other, `insurances/${insurance.id}/cancellation-terms`)).statusCode).toBe(404);
    const shown = await preview(c, insurance.id);
    expect(shown.paid_cents).toBe(0);
    expect(shown.options).toEqual([expect.objectContaining({ mode: 'now', refund_cents: 0 })]);
    const answer = await cancel(c, insurance.id, 'now');
    expect(answer.data.status).toBe('cancelado');
    expect(await creditNotes(c)).toEqual([]);
  });
});

describe('the certificate check of a paid insurance not started yet', () => {
  it('is not in force today and says from which day it will be', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, c.auth, coverage, { startInDays: 5 });
    const code = async () =>
      (await get(c, `insurances/${insurance.id}`)).json().data.verification_code as string;
    const check = async () =>
      dataOf(CertificateCheckSchema).parse(
        (await t.app.inject({ method: 'GET', url: `/api/v4/common/verify/${await code()}` })).json(),
      ).data;
    expect(await check()).toMatchObject({ in_force: false, in_force_from: null });
    await payThroughSandbox(t.app, c.auth, insurance.id);
    expect(await check()).toMatchObject({
      in_force: false,
      status: 'pendiente',
      status_label: 'Pagada, aún no comenzó',
      in_force_from: insurance.starts_on,
    });
  });
});
