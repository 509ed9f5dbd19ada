import { formatArs } from '@cubierto/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDaysFromToday, riskAnswers } from '../../../test/contracting.ts';
import { createTestApp, registerCustomer, type TestApp, usePostgres } from '../../../test/harness.ts';
import {
  idempotentRequests,
  insurances,
  payments,
  users,
  walletMovements,
  wallets,
} from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { applyProviderStatus } from './payment-service.ts';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;
let bagCoverage: number;
let key = 0;
const idem = () => ({ 'idempotency-key': `test-key-${process.pid}-${++key}-${Date.now()}` });

beforeAll(async () => {
  t = await createTestApp({ poolSize: 12 });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  const catalogue = (
    await t.app.inject({ method: 'GET', url: '/api/v4/public-policies?filter[risk_type][eq]=bag' })
  ).json().data;
  bagCoverage = catalogue[0].coverages[0].id;
});
afterAll(async () => t.close());

async function pendingInsurance(c: Customer) {
  const entity = (
    await t.app.inject({ method: 'GET', url: '/api/v4/customers/entities', headers: c.auth })
  ).json().data[0].id;
  const process = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/insurance-processes',
      headers: c.auth,
      payload: { coverage_id: bagCoverage },
    })
  ).json().data;
  const bodies: Record<string, unknown> = {
    dates: { start_date: isoDaysFromToday(0), end_date: isoDaysFromToday(60) },
    risk: riskAnswers('bag', { stateId: 1, localityId: 1 }),
    taker: { taker_entity_id: entity, billing_entity_id: entity },
  };
  for (const step of process.steps as string[]) {
    await t.app.inject({
      method: 'PUT',
      url: `/api/v4/customers/insurance-processes/${process.id}/steps/${step}`,
      headers: c.auth,
      payload: bodies[step] as object,
    });
  }
  const quote = (
    await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurance-processes/${process.id}/quote`,
      headers: c.auth,
    })
  ).json().data;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v4/customers/insurance-processes/${process.id}/confirm`,
    headers: c.auth,
    payload: { quote_id: quote.id },
  });
  return { ...res.json().data, quoteId: quote.id } as {
    id: number;
    number: string;
    premium: { total_cents: number };
    ends_on: string;
    quoteId: number;
  };
}

async function topUp(c: Customer, amountCents: number, action: 'approve' | 'reject' | 'pending' = 'approve') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/money-wallet/top-ups',
    headers: { ...c.auth, ...idem() },
    payload: { amount_cents: amountCents, method: 'sandbox' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const checkout = new URL(res.json().data.checkout_url);
  const page = await t.app.inject({ method: 'GET', url: checkout.pathname });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Pago de prueba');
  const done = await t.app.inject({ method: 'POST', url: `${checkout.pathname}/${action}` });
  expect(done.statusCode).toBe(303);
  return {
    location: String(done.headers.location),
    reference: res.json().data.payment.external_reference as string,
  };
}

const wallet = async (c: Customer) =>
  (await t.app.inject({ method: 'GET', url: '/api/v4/customers/money-wallet', headers: c.auth })).json().data;
const insuranceOf = async (c: Customer, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/v4/customers/insurances/${id}`, headers: c.auth })).json()
    .data;
/** The insurance's paid_at as stored (none: never marked paid, or the marking was undone). */
const paidAtOf = async (id: number) =>
  (await t.database.db.select({ paidAt: insurances.paidAt }).from(insurances).where(eq(insurances.id, id)))[0]
    ?.paidAt ?? null;
const pay = (c: Customer, insuranceId: number, method: string, headers = idem()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/payments',
    headers: { ...c.auth, ...headers },
    payload: { insurance_id: insuranceId, method },
  });

/**
 * Opens the pool's connections before a race (PostgreSQL): the racing requests then meet in the database.
 * Otherwise the first takes the one idle connection and the others wait for new ones, which under load
 * took longer than the first one's whole transaction: they ran one after another, not at once.
 */
async function warmPool() {
  if (!usePostgres) return;
  await Promise.all(Array.from({ length: 12 }, () => t.database.db.execute(sql`select pg_sleep(0.05)`)));
}

/** The payments of an insurance and the payments its wallet debits name, by id. */
async function paidFor(insuranceId: number) {
  const written = await t.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.insuranceId, insuranceId))
    .orderBy(payments.id);
  const debits = await t.database.db
    .select({ paymentId: walletMovements.paymentId })
    .from(walletMovements)
    .where(and(eq(walletMovements.insuranceId, insuranceId), eq(walletMovements.kind, 'insurance_payment')))
    .orderBy(walletMovements.id);
  return { payments: written.map((p) => p.id), debits: debits.map((d) => d.paymentId) };
}

/** The records of an idempotency key (one at most: its unique index). */
const keyRecordsOf = (headers: ReturnType<typeof idem>) =>
  t.database.db
    .select({ resourceId: idempotentRequests.resourceId, refusal: idempotentRequests.refusal })
    .from(idempotentRequests)
    .where(eq(idempotentRequests.key, headers['idempotency-key']));

async function reconcile() {
  const rows = await t.database.db
    .select({
      balance: wallets.balanceCents,
      sum: sql<number>`coalesce(sum(${walletMovements.amountCents}), 0)::int`,
    })
    .from(wallets)
    .leftJoin(walletMovements, eq(walletMovements.walletId, wallets.id))
    .groupBy(wallets.id);
  for (const row of rows) {
    expect(Number(row.balance)).toBe(Number(row.sum));
    expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
  }
}

describe('money wallet', () => {
  it('tops up through the sandbox checkout and pays an insurance from the balance in one step', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    const { location } = await topUp(c, 5_000_000);
    expect(location).toMatch(
      /^http:\/\/localhost:3000\/tabs\?status=success&external_reference=[\w-]+&mercado_pago_transfer=true$/,
    );
    const w = await wallet(c);
    expect(w).toMatchObject({
      balance_cents: 5_000_000,
      balance_nice: '$\u00a050.000,00',
      name: 'Mi dinero',
    });

    const paid = await pay(c, insurance.id, 'money_wallet');
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({
      checkout_url: null,
      payment: { status: 'approved', amount_cents: insurance.premium.total_cents },
    });
    expect((await insuranceOf(c, insurance.id)).status).toBe('vigente');
    expect((await wallet(c)).balance_cents).toBe(5_000_000 - insurance.premium.total_cents);

    const movements = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v4/customers/money-wallet/${w.id}/wallet-movements`,
        headers: c.auth,
      })
    ).json();
    expect(
      movements.data.map((m: { kind: string; amount_cents: number }) => [m.kind, m.amount_cents]),
    ).toEqual([
      ['insurance_payment', -insurance.premium.total_cents],
      ['top_up', 5_000_000],
    ]);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/money-wallet/${w.id}/wallet-movements/${movements.data[0].id}`,
      headers: c.auth,
    });
    expect(one.json().data.description).toBe(`Pago de la contratación ${insurance.number}`);
    const cert = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurances/${insurance.id}/certificate`,
      headers: c.auth,
    });
    expect(cert.statusCode).toBe(200);
    await reconcile();
  });

  it('refuses a payment larger than the balance with "saldo insuficiente" and moves nothing', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    await topUp(c, 10_000);
    const res = await pay(c, insurance.id, 'money_wallet');
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('insufficient_funds');
    expect(res.json().message).toMatch(/^Saldo insuficiente: te faltan \$\u00a0[\d.]+,\d{2}\.$/);
    expect((await wallet(c)).balance_cents).toBe(10_000);
    expect((await insuranceOf(c, insurance.id)).status).toBe('pendiente');
    // Marked paid in the payment's first statement, before the debit was refused: undone with it.
    expect(await paidAtOf(insurance.id)).toBeNull();
  });

  it('refuses, as an empty one, a wallet the customer does not have yet, and the attempt leaves no wallet', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    const walletsOf = () =>
      t.database.db
        .select({ id: wallets.id })
        .from(wallets)
        .innerJoin(users, eq(users.id, wallets.userId))
        .where(sql`lower(${users.email}) = lower(${c.email})`);
    // No row yet: the payment's statement finds no wallet to debit, and postMovement makes one on the way.
    expect(await walletsOf()).toEqual([]);
    const res = await pay(c, insurance.id, 'money_wallet');
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('insufficient_funds');
    expect(res.json().message).toBe(
      `Saldo insuficiente: te faltan ${formatArs(insurance.premium.total_cents)}.`,
    );
    expect(await walletsOf()).toEqual([]);
    expect((await insuranceOf(c, insurance.id)).status).toBe('pendiente');
  });

  it('refuses paying an insurance already paid (payment_already_approved) or no longer waiting (payment_not_pending)', async () => {
    const c = await registerCustomer(t.app);
    const paid = await pendingInsurance(c);
    await topUp(c, 5_000_000);
    expect((await pay(c, paid.id, 'money_wallet')).statusCode).toBe(201);
    const again = await pay(c, paid.id, 'money_wallet');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error_code: 'payment_already_approved',
      message: 'Esta contratación no tiene un pago pendiente.',
    });
    const voided = await pendingInsurance(c);
    await t.database.db.execute(sql`update insurances set status = 'anulado' where id = ${voided.id}`);
    const late = await pay(c, voided.id, 'money_wallet');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error_code: 'payment_not_pending',
      message: 'Esta contratación no tiene un pago pendiente.',
    });
    expect((await wallet(c)).balance_cents).toBe(5_000_000 - paid.premium.total_cents);
  });

  it('needs an idempotency key; the same key moves money once, and another body with it is refused', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    await topUp(c, 5_000_000);
    expect((await pay(c, insurance.id, 'money_wallet', {} as ReturnType<typeof idem>)).statusCode).toBe(422);
    const headers = idem();
    const first = await pay(c, insurance.id, 'money_wallet', headers);
    const again = await pay(c, insurance.id, 'money_wallet', headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.payment.id).toBe(first.json().data.payment.id);
    expect((await wallet(c)).balance_cents).toBe(5_000_000 - insurance.premium.total_cents);
    const other = await pay(c, insurance.id, 'sandbox', headers);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      error_code: 'idempotency_key_reused',
      message: 'Esa clave de idempotencia ya se usó para otro pago.',
    });
  });

  it('a refused payment is answered again for its key, not run again once the money is there', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    const headers = idem();
    const refused = await pay(c, insurance.id, 'money_wallet', headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Saldo insuficiente/);
    await topUp(c, 5_000_000);
    const replayed = await pay(c, insurance.id, 'money_wallet', headers);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toEqual(refused.json());
    expect((await wallet(c)).balance_cents).toBe(5_000_000);
    expect((await insuranceOf(c, insurance.id)).status).toBe('pendiente');
    // The key is spent on that request: another body with it is refused, a new key pays.
    expect((await pay(c, insurance.id, 'credit_wallet', headers)).json().error_code).toBe(
      'idempotency_key_reused',
    );
    expect((await pay(c, insurance.id, 'money_wallet')).statusCode).toBe(201);
    expect((await wallet(c)).balance_cents).toBe(5_000_000 - insurance.premium.total_cents);
  });

  it('one key sent at once with two bodies: the first is refused and recorded, the other gets 409 reused', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    const headers = idem();
    const answers = await Promise.all([
      pay(c, insurance.id, 'money_wallet', headers),
      pay(c, insurance.id, 'credit_wallet', headers),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([409, 409]);
    expect(answers.map((a) => a.json().error_code).sort()).toEqual([
      'idempotency_key_reused',
      'insufficient_funds',
    ]);
    await reconcile();
  });

  it('two wallet payments racing for the last pesos: one wins, one gets saldo insuficiente', async () => {
    const c = await registerCustomer(t.app);
    const a = await pendingInsurance(c);
    const b = await pendingInsurance(c);
    await topUp(c, a.premium.total_cents + Math.floor(b.premium.total_cents / 2));
    const results = await Promise.all([pay(c, a.id, 'money_wallet'), pay(c, b.id, 'money_wallet')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toMatch(/^Saldo insuficiente/);
    await reconcile();
  });

  it('the same key sent twice at once pays once', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    await topUp(c, 5_000_000);
    const headers = idem();
    const results = await Promise.all([
      pay(c, insurance.id, 'money_wallet', headers),
      pay(c, insurance.id, 'money_wallet', headers),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(new Set(results.map((r) => r.json().data.payment.id)).size).toBe(1);
    expect((await wallet(c)).balance_cents).toBe(5_000_000 - insurance.premium.total_cents);
  });

  it('the same key sent ten times at once pays once: one payment, one debit, one record of the key', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    await topUp(c, 5_000_000);
    const headers = idem();
    await warmPool();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pay(c, insurance.id, 'money_wallet', headers)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(results.map((r) => r.json().data.payment.id));
    expect(ids.size).toBe(1);
    const [paymentId] = [...ids] as number[];
    expect(await paidFor(insurance.id)).toEqual({ payments: [paymentId], debits: [paymentId] });
    expect(await keyRecordsOf(headers)).toEqual([{ resourceId: paymentId, refusal: null }]);
    expect((await wallet(c)).balance_cents).toBe(5_000_000 - insurance.premium.total_cents);
    expect((await insuranceOf(c, insurance.id)).status).toBe('vigente');
    await reconcile();
  });

  it('the same key sent ten times at once, refused: every answer is the one refusal, recorded once', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    await topUp(c, 10_000);
    const headers = idem();
    await warmPool();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pay(c, insurance.id, 'money_wallet', headers)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(409));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(results[0]!.json().error_code).toBe('insufficient_funds');
    expect(await paidFor(insurance.id)).toEqual({ payments: [], debits: [] });
    const records = await keyRecordsOf(headers);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      resourceId: null,
      refusal: { code: 'insufficient_funds', message: results[0]!.json().message },
    });
    expect((await wallet(c)).balance_cents).toBe(10_000);
    await reconcile();
  });

  it('ten keys paying one insurance at once: one payment and one debit; the others refused, and replayed so', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    await topUp(c, 5_000_000);
    const keys = Array.from({ length: 10 }, () => idem());
    await warmPool();
    const results = await Promise.all(keys.map((headers) => pay(c, insurance.id, 'money_wallet', headers)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const winner = results.find((r) => r.statusCode === 201)!;
    const losers = results.filter((r) => r.statusCode === 409);
    expect(new Set(losers.map((r) => r.json().error_code))).toEqual(new Set(['payment_already_approved']));
    const paymentId = winner.json().data.payment.id as number;
    expect(await paidFor(insurance.id)).toEqual({ payments: [paymentId], debits: [paymentId] });
    expect((await wallet(c)).balance_cents).toBe(5_000_000 - insurance.premium.total_cents);
    // Each refused key answers its refusal again; the winner's, its payment; nothing moves again.
    const replays = await Promise.all(keys.map((headers) => pay(c, insurance.id, 'money_wallet', headers)));
    expect(replays.map((r) => r.statusCode)).toEqual(results.map((r) => r.statusCode));
    replays.forEach((replay, i) => {
      if (replay.statusCode === 409) expect(replay.body).toBe(results[i]!.body);
      else expect(replay.json().data.payment.id).toBe(paymentId);
    });
    expect(await paidFor(insurance.id)).toEqual({ payments: [paymentId], debits: [paymentId] });
    expect((await wallet(c)).balance_cents).toBe(5_000_000 - insurance.premium.total_cents);
    await reconcile();
  });
});

describe('confirm and pay from the summary (issue 19)', () => {
  it('the process and its insurance name each other; a retry of confirm-then-pay issues and pays once', async () => {
    const c = await registerCustomer(t.app);
    await topUp(c, 5_000_000);
    // The web confirms, then pays with a key made for the attempt; the pay answer is lost.
    const issued = await pendingInsurance(c);
    const detail = await insuranceOf(c, issued.id);
    expect(detail.process_id).toEqual(expect.any(Number));
    const process = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v4/customers/insurance-processes/${detail.process_id}`,
        headers: c.auth,
      })
    ).json().data;
    expect(process).toMatchObject({ status: 'completed', insurance_id: issued.id });
    const headers = idem();
    expect((await pay(c, issued.id, 'money_wallet', headers)).statusCode).toBe(201);
    // The retry runs both calls again with the same key: the same insurance, the same payment.
    const confirmedAgain = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurance-processes/${detail.process_id}/confirm`,
      headers: c.auth,
      payload: { quote_id: issued.quoteId },
    });
    expect(confirmedAgain.statusCode).toBe(200);
    expect(confirmedAgain.json().data.id).toBe(issued.id);
    const paidAgain = await pay(c, issued.id, 'money_wallet', headers);
    expect(paidAgain.statusCode).toBe(201);
    expect((await wallet(c)).balance_cents).toBe(5_000_000 - issued.premium.total_cents);
    expect((await insuranceOf(c, issued.id)).status).toBe('vigente');
    await reconcile();
  });

  it('a process not confirmed yet names no insurance', async () => {
    const c = await registerCustomer(t.app);
    const started = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v4/customers/insurance-processes',
        headers: c.auth,
        payload: { coverage_id: bagCoverage },
      })
    ).json().data;
    expect(started.insurance_id).toBeNull();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/insurance-processes/${started.id}`,
      headers: c.auth,
    });
    expect(read.json().data.insurance_id).toBeNull();
  });
});

describe('provider checkout (sandbox)', () => {
  it('approving makes the insurance vigente and returns with its id; rejecting leaves it pendiente', async () => {
    const c = await registerCustomer(t.app);
    const rejectedOne = await pendingInsurance(c);
    const start = await pay(c, rejectedOne.id, 'sandbox');
    const checkout = new URL(start.json().data.checkout_url).pathname;
    const rejected = await t.app.inject({ method: 'POST', url: `${checkout}/reject` });
    // A universal link of the public site (the apps open it, docs/decisions/014).
    expect(String(rejected.headers.location)).toBe(
      `${t.config.publicUrl}/tabs?status=rejected&external_reference=${start.json().data.payment.external_reference}&insurance_id=${rejectedOne.id}`,
    );
    expect((await insuranceOf(c, rejectedOne.id)).status).toBe('pendiente');

    const retry = await pay(c, rejectedOne.id, 'sandbox');
    const approved = await t.app.inject({
      method: 'POST',
      url: `${new URL(retry.json().data.checkout_url).pathname}/approve`,
    });
    expect(String(approved.headers.location)).toContain('status=approved');
    expect((await insuranceOf(c, rejectedOne.id)).status).toBe('vigente');
    const byRef = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/payments/by-reference/${retry.json().data.payment.external_reference}`,
      headers: c.auth,
    });
    expect(byRef.json().data.status).toBe('approved');
  });

  it('applies a notification once, however many times and in whatever order it arrives', async () => {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/money-wallet/top-ups',
      headers: { ...c.auth, ...idem() },
      payload: { amount_cents: 250_000, method: 'sandbox' },
    });
    const ref = res.json().data.payment.external_reference;
    const note = (status: string) =>
      applyProviderStatus(t.database.db, {
        method: 'sandbox',
        externalReference: ref,
        providerPaymentId: `note-${ref}`,
        providerStatus: status,
      });
    await note('pending');
    await Promise.all(Array.from({ length: 5 }, () => note('approved')));
    await note('pending');
    await note('rejected');
    expect((await wallet(c)).balance_cents).toBe(250_000);
    const payment = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/payments/by-reference/${ref}`,
      headers: c.auth,
    });
    expect(payment.json().data.status).toBe('approved');
    await reconcile();
  });
});

describe('cancellation with refund', () => {
  it('ending an insurance now refunds the unused premium pro rata to Mi dinero', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await pendingInsurance(c);
    await topUp(c, 5_000_000);
    await pay(c, insurance.id, 'money_wallet');
    const before = (await wallet(c)).balance_cents;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/insurances/${insurance.id}/cancel`,
      headers: c.auth,
      payload: { mode: 'now' },
    });
    expect(res.json().data.status).toBe('cancelado');
    // Paid today for 60 days, cancelled the same day: the whole premium comes back.
    expect((await wallet(c)).balance_cents - before).toBe(insurance.premium.total_cents);
    await reconcile();
  });
});

describe('ownership', () => {
  it('answers 404 for another customer’s wallet, payment and insurance', async () => {
    const owner = await registerCustomer(t.app);
    const intruder = await registerCustomer(t.app);
    const insurance = await pendingInsurance(owner);
    const { reference } = await topUp(owner, 100_000);
    const w = await wallet(owner);
    // The intruder has the money: only the insurance's owner stops the payment (and its marking paid).
    await topUp(intruder, insurance.premium.total_cents + 100_000);
    const intruderBalance = (await wallet(intruder)).balance_cents;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v4/customers/money-wallet/${w.id}/wallet-movements`,
          headers: intruder.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v4/customers/payments/by-reference/${reference}`,
          headers: intruder.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect((await pay(intruder, insurance.id, 'money_wallet')).statusCode).toBe(404);
    expect((await wallet(intruder)).balance_cents).toBe(intruderBalance);
    expect((await insuranceOf(owner, insurance.id)).status).toBe('pendiente');
    expect(await paidAtOf(insurance.id)).toBeNull();
  });
});
