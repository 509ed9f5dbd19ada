/**
 * The botón de arrepentimiento and the botón de baja through the API, signed in and signed out (the
 * e-mailed link), paid from the wallets. The provider refunds and reversals are in
 * payments/refunds-and-reversals.test.ts.
 */
import {
  cancellationTerms,
  dataOf,
  ivaRateFor,
  OperatorRightsRequestSchema,
  PayResultSchema,
  RightsEligibleInsuranceSchema,
  RightsRequestReceivedSchema,
  RightsRequestSchema,
  todayInArgentina,
  WalletSchema,
} from '@cubierto/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, mailsTo, registerCustomer, type TestApp, until } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import { bagCoverageId, contractInsurance, idempotencyKey, insuranceOf } from '../../../test/purchase.ts';
import { insurances, invoices, rightsRequests } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';

let t: TestApp;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://app.cubierto.test' } });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

const DNI = '28123456';

async function topUp(c: Customer, path: 'money-wallet' | 'credit-wallet', amountCents: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v4/customers/${path}/top-ups`,
    headers: { ...c.auth, ...idempotencyKey() },
    payload: { amount_cents: amountCents, method: 'sandbox' },
  });
  const started = dataOf(PayResultSchema).parse(res.json()).data;
  await t.app.inject({ method: 'POST', url: `${new URL(started.checkout_url ?? '').pathname}/approve` });
}

async function balance(c: Customer, path: 'money-wallet' | 'credit-wallet' = 'money-wallet') {
  const res = await t.app.inject({ method: 'GET', url: `/api/v4/customers/${path}`, headers: c.auth });
  return dataOf(WalletSchema).parse(res.json()).data.balance_cents;
}

/** A customer with a bag insurance paid from Mi dinero (or Mi crédito), starting in `startInDays`. */
async function paidInsurance(options: { startInDays?: number; wallet?: 'money' | 'credit' } = {}) {
  const c = await registerCustomer(t.app);
  const insurance = await contractInsurance(t.app, c.auth, coverage, {
    startInDays: options.startInDays ?? 0,
  });
  const wallet = options.wallet ?? 'money';
  await topUp(c, wallet === 'money' ? 'money-wallet' : 'credit-wallet', insurance.premium.total_cents);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/payments',
    headers: { ...c.auth, ...idempotencyKey() },
    payload: { insurance_id: insurance.id, method: `${wallet}_wallet` },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return { c, insurance };
}

async function eligible(c: Customer, kind: 'withdrawal' | 'baja') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v4/customers/rights/eligible?kind=${kind}`,
    headers: c.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(z.array(RightsEligibleInsuranceSchema)).parse(res.json()).data;
}

const ask = (c: Customer, path: 'withdrawals' | 'bajas', insuranceId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v4/customers/rights/${path}`,
    headers: c.auth,
    payload: { insurance_id: insuranceId },
  });

const askPublicly = (path: 'withdrawals' | 'bajas', body: object, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/v4/rights/${path}`, payload: body, remoteAddress: ip });

/** The confirmation token of the latest rights mail to `email`. */
async function tokenMailedTo(email: string, page: 'arrepentimiento' | 'baja'): Promise<string> {
  let token: string | undefined;
  await until(() => {
    const found = mailsTo(t.app, email)
      .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .map((raw) => new RegExp(`/${page}/confirmar\\?token=([\\w-]+)`).exec(raw)?.[1])
      .filter(Boolean);
    token = found.at(-1);
    return token !== undefined;
  });
  return token!;
}

describe('botón de arrepentimiento', () => {
  it('signed in: lists the paid insurance with all of it back, applies it at once and mails the number', async () => {
    const { c, insurance } = await paidInsurance({ startInDays: 3 });
    expect(await balance(c)).toBe(0);
    const [listed] = await eligible(c, 'withdrawal');
    expect(listed).toMatchObject({
      insurance_id: insurance.id,
      insurance_number: insurance.number,
      paid_cents: insurance.premium.total_cents,
      terms: { refund_cents: insurance.premium.total_cents, refund_method: 'money_wallet', kept_cents: 0 },
    });

    const res = await ask(c, 'withdrawals', insurance.id);
    expect(res.statusCode, res.body).toBe(201);
    const request = dataOf(RightsRequestSchema).parse(res.json()).data;
    expect(request).toMatchObject({
      kind: 'withdrawal',
      status: 'aplicada',
      insurance_number: insurance.number,
      refund_cents: insurance.premium.total_cents,
      refund_method: 'money_wallet',
      refund_status: 'acreditada',
      ends_on: todayInArgentina(),
    });
    expect(request.request_number).toMatch(/^ARR-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('cancelado');
    expect(await balance(c)).toBe(insurance.premium.total_cents);
    // Its credit note, for all of it.
    const notes = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.insuranceId, insurance.id), eq(invoices.kind, 'credit_note')));
    expect(notes).toHaveLength(1);
    await until(() => mailsTo(t.app, c.email).some((m) => m.includes(request.request_number)));

    // Once: nothing left to withdraw.
    expect(await eligible(c, 'withdrawal')).toEqual([]);
    const again = await ask(c, 'withdrawals', insurance.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_code).toBe('withdrawal_not_applicable');
  });

  it('gives back to Mi crédito what Mi crédito paid', async () => {
    const { c, insurance } = await paidInsurance({ wallet: 'credit' });
    const request = dataOf(RightsRequestSchema).parse(
      (await ask(c, 'withdrawals', insurance.id)).json(),
    ).data;
    expect(request).toMatchObject({
      refund_method: 'credit_wallet',
      refund_cents: insurance.premium.total_cents,
    });
    expect(await balance(c, 'credit-wallet')).toBe(insurance.premium.total_cents);
    expect(await balance(c, 'money-wallet')).toBe(0);
  });

  it('is refused past the 10 calendar days after the payment, and for an unpaid insurance', async () => {
    const { c, insurance } = await paidInsurance();
    const elevenDaysAgo = new Date(Date.now() - 11 * 86_400_000);
    await t.database.db
      .update(insurances)
      .set({ paidAt: elevenDaysAgo })
      .where(eq(insurances.id, insurance.id));
    expect(await eligible(c, 'withdrawal')).toEqual([]);
    const late = await ask(c, 'withdrawals', insurance.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error_code: 'withdrawal_not_applicable' });
    expect(late.json().message).toMatch(/venció/);

    const unpaid = await contractInsurance(t.app, c.auth, coverage);
    expect((await ask(c, 'withdrawals', unpaid.id)).statusCode).toBe(409);
    const other = await registerCustomer(t.app);
    expect((await ask(other, 'withdrawals', insurance.id)).statusCode).toBe(404);
  });

  it('signed out: a number at once, the e-mailed link applies it once', async () => {
    const { c, insurance } = await paidInsurance({ startInDays: 2 });
    const res = await askPublicly('withdrawals', {
      insurance_number: insurance.number.toLowerCase(),
      // Typed with its dots, as on the card.
      document_number: c.dni.replace(/^(\d{2})(\d{3})(\d{3})$/, '$1.$2.$3'),
      email: c.email.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(202);
    const received = dataOf(RightsRequestReceivedSchema).parse(res.json()).data;
    expect(received.status).toBe('pendiente_confirmacion');
    const token = await tokenMailedTo(c.email, 'arrepentimiento');
    expect(mailsTo(t.app, c.email).some((m) => m.includes(received.request_number))).toBe(true);
    // Nothing happens before the link is followed.
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('pendiente');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v4/rights/withdrawals/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(dataOf(RightsRequestSchema).parse(confirmed.json()).data).toMatchObject({
      request_number: received.request_number,
      status: 'aplicada',
      refund_cents: insurance.premium.total_cents,
      refund_method: 'money_wallet',
    });
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('cancelado');
    expect(await balance(c)).toBe(insurance.premium.total_cents);

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/v4/rights/withdrawals/confirm',
      payload: { token },
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().error_code).toBe('invalid_token');
    // A baja link is not an arrepentimiento link, and the other way round.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v4/rights/bajas/confirm', payload: { token } }))
        .statusCode,
    ).toBe(422);
  });

  it('signed out, unmatched: the same answer, a recorded request, no mail', async () => {
    const { c, insurance } = await paidInsurance();
    const before = mailsTo(t.app, c.email).length;
    const res = await askPublicly('withdrawals', {
      insurance_number: insurance.number,
      document_number: '99999999',
      email: c.email,
    });
    expect(res.statusCode).toBe(202);
    const received = dataOf(RightsRequestReceivedSchema).parse(res.json()).data;
    const [row] = await t.database.db
      .select()
      .from(rightsRequests)
      .where(eq(rightsRequests.number, received.request_number));
    expect(row).toMatchObject({
      insuranceId: null,
      givenDocumentNumber: '99999999',
      status: 'pendiente_confirmacion',
    });
    expect(mailsTo(t.app, c.email)).toHaveLength(before);
    // Operators see it, with what was typed.
    const operator = await operatorSession(t.app, t.database);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v4/admin/rights-requests?kind=withdrawal&status=pendiente_confirmacion',
      headers: operator.auth,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(dataOf(z.array(OperatorRightsRequestSchema)).parse(listed.json()).data).toContainEqual(
      expect.objectContaining({
        request_number: received.request_number,
        channel: 'public',
        insurance_number: null,
        given_insurance_number: insurance.number,
        given_document_number: '99999999',
      }),
    );
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('vigente');

    const invalid = await askPublicly('withdrawals', {
      insurance_number: '',
      document_number: 'x',
      email: 'no',
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().validations).sort()).toEqual([
      'document_number',
      'email',
      'insurance_number',
    ]);
  });

  it('signed out is limited per address like a sign-in', async () => {
    const body = { insurance_number: 'NOPE-1', document_number: DNI, email: 'nadie@example.com' };
    let last = 0;
    for (let i = 0; i <= t.config.loginLimits.perIp; i += 1)
      last = (await askPublicly('withdrawals', body, '10.9.9.9')).statusCode;
    expect(last).toBe(429);
  });
});

describe('botón de baja', () => {
  it('signed in: ends it today with the unused part to Mi dinero, as cancellationTerms says', async () => {
    const { c, insurance } = await paidInsurance();
    const [listed] = await eligible(c, 'baja');
    const today = todayInArgentina();
    const expected = cancellationTerms(
      {
        paidCents: insurance.premium.total_cents,
        startsOn: insurance.starts_on,
        endsOn: insurance.ends_on,
        ivaRateBps: ivaRateFor('bag'),
      },
      today,
      'now',
    );
    expect(listed).toMatchObject({
      insurance_id: insurance.id,
      deadline: null,
      terms: { ends_on: today, refund_cents: expected.refundCents, refund_method: 'money_wallet' },
    });
    const res = await ask(c, 'bajas', insurance.id);
    expect(res.statusCode, res.body).toBe(201);
    const request = dataOf(RightsRequestSchema).parse(res.json()).data;
    expect(request).toMatchObject({
      kind: 'baja',
      status: 'aplicada',
      refund_cents: expected.refundCents,
      refund_method: 'money_wallet',
      ends_on: today,
    });
    expect(request.request_number).toMatch(/^BAJ-/);
    expect(await balance(c)).toBe(expected.refundCents);
    expect((await insuranceOf(t.app, c.auth, insurance.id)).status).toBe('cancelado');
    expect(await eligible(c, 'baja')).toEqual([]);
    expect((await ask(c, 'bajas', insurance.id)).json().error_code).toBe('baja_not_applicable');
  });

  it('signed out: the e-mailed link ends a paid insurance not started yet, all of it back', async () => {
    const { c, insurance } = await paidInsurance({ startInDays: 5 });
    const res = await askPublicly('bajas', {
      insurance_number: insurance.number,
      document_number: c.dni,
      email: c.email,
    });
    expect(res.statusCode).toBe(202);
    const token = await tokenMailedTo(c.email, 'baja');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v4/rights/bajas/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      kind: 'baja',
      status: 'aplicada',
      refund_cents: insurance.premium.total_cents,
    });
    expect(await balance(c)).toBe(insurance.premium.total_cents);
  });
});
