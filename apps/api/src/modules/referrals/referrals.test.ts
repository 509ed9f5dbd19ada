import { addDays, REFERRAL_REWARD_CENTS, todayInArgentina, withdrawalDeadline } from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  registerCustomer,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  payThroughSandbox,
  startPayment,
} from '../../../test/purchase.ts';
import { entities, outbox, referralRewards, referrals, users } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { sweepInsuranceLifecycle } from '../insurances/lifecycle.ts';
import { postMovement } from '../wallets/service.ts';
import { clawBackReferralReward, recordInviteeFirstPayment, sweepReferralRewards } from './service.ts';

let t: TestApp;
let coverage: number;
let dni = 40_000_000 + (process.pid % 1000) * 1000;
const nextDni = () => String(++dni);
type Customer = Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://cubierto.example' } });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v4/customers${url}`, headers });

async function referralOf(c: Customer) {
  const res = await get('/referral', c.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    code: string;
    link: string;
    invited_count: number;
    rewarded_count: number;
    earned_cents: number;
    pending_count: number;
    pending_cents: number;
    invitations: Array<{ name: string; status: string; reason: string | null; due_on: string | null }>;
  };
}

const register = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v4/auth/register',
    payload: {
      name: 'Lucía Fernández',
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      dni: nextDni(),
      accepted_terms: true,
      ...payload,
    },
  });

async function fundMoneyWallet(c: Customer, cents: number) {
  const userId = (await get('/user', c.auth)).json().data.id as number;
  await t.database.db.transaction((tx) =>
    postMovement(tx, {
      userId,
      kind: 'money',
      amountCents: cents,
      movement: 'adjustment',
      description: 'Saldo de prueba',
    }),
  );
}

const userIdOf = async (c: Customer) => (await get('/user', c.auth)).json().data.id as number;

async function referralOfInvitee(c: Customer) {
  const [row] = await t.database.db
    .select()
    .from(referrals)
    .where(eq(referrals.inviteeUserId, await userIdOf(c)));
  return row!;
}

const DAY = 86_400_000;
/** `days` from now: the sweeps run at that moment. */
const inDays = (days: number) => new Date(Date.now() + days * DAY);
/** The reward of an insurance paid today and in force from today is due 11 days from now. */
const DUE_IN_DAYS = 11;

const sweep = (days: number) => sweepReferralRewards(t.database.db, { now: inDays(days) });

async function invite(headers: Record<string, string> = {}) {
  const inviter = await registerCustomer(t.app, { dni: nextDni() });
  const { code } = await referralOf(inviter);
  const invitee = await registerCustomer(
    t.app,
    { dni: nextDni(), name: 'Ana Gómez', referral_code: code },
    { headers },
  );
  return { inviter, invitee, code };
}

async function moneyWallet(c: Customer) {
  const wallet = (await get('/money-wallet', c.auth)).json().data;
  const movements = (await get(`/money-wallet/${wallet.id}/wallet-movements`, c.auth)).json().data;
  return {
    balance: wallet.balance_cents as number,
    movements: movements as Array<{ kind: string; amount_cents: number; description: string }>,
  };
}

describe('referral', () => {
  it('gives each customer one code and a share link to the register page', async () => {
    const c = await registerCustomer(t.app, { dni: nextDni() });
    const first = await referralOf(c);
    expect(first.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(first.link).toBe(`https://cubierto.example/register?ref=${first.code}`);
    expect((await referralOf(c)).code).toBe(first.code);
    const other = await registerCustomer(t.app, { dni: nextDni() });
    expect((await referralOf(other)).code).not.toBe(first.code);
    expect((await get('/referral')).statusCode).toBe(401);
  });

  it('refuses an unknown code, the inviter’s own DNI and a DNI that already has an account, keeping no account', async () => {
    const inviter = await registerCustomer(t.app, { dni: '29111222' });
    const { code } = await referralOf(inviter);

    const unknown = await register({ referral_code: 'ZZZZZZZZ' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().validations.referral_code[0]).toMatch(/No encontramos ese código/);
    const malformed = await register({ referral_code: 'abc' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().validations.referral_code).toEqual(['El código de invitación no es válido.']);

    const email = uniqueEmail();
    const self = await register({ email, dni: '29111222', referral_code: code });
    expect(self.statusCode).toBe(422);
    expect(self.json().validations.referral_code).toEqual(['No podés usar tu propio código de invitación.']);
    // Nothing was created: the same e-mail can register without the code.
    expect((await register({ email })).statusCode).toBe(202);

    const existing = await registerCustomer(t.app, { dni: nextDni() });
    const existingDni = String(dni);
    const reuse = await register({ dni: existingDni, referral_code: code });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().validations.referral_code[0]).toMatch(/ya tiene una cuenta/);
    expect(existing.token).toBeTruthy();
    expect((await referralOf(inviter)).invited_count).toBe(0);
  });

  it('keeps the reward pending until the first insurance has been in force past the withdrawal window, then the job credits it once and tells both', async () => {
    const inviter = await registerCustomer(t.app, { dni: nextDni() });
    const { code } = await referralOf(inviter);
    const invitee = await registerCustomer(t.app, { dni: nextDni(), referral_code: code.toLowerCase() });
    expect((await referralOf(inviter)).invited_count).toBe(1);
    expect((await referralOf(inviter)).invitations).toEqual([
      expect.objectContaining({ name: 'Juan Pérez', status: 'registered', due_on: null }),
    ]);

    const first = await contractInsurance(t.app, invitee.auth, coverage);
    const second = await contractInsurance(t.app, invitee.auth, coverage);
    await payThroughSandbox(t.app, invitee.auth, first.id);
    await payThroughSandbox(t.app, invitee.auth, second.id);

    // Paid: nothing is credited yet; the page says when it will be.
    const dueOn = addDays(withdrawalDeadline(todayInArgentina()), 1);
    expect(dueOn).toBe(addDays(todayInArgentina(), DUE_IN_DAYS));
    expect((await moneyWallet(inviter)).balance).toBe(0);
    expect(await referralOf(inviter)).toMatchObject({
      pending_count: 1,
      pending_cents: REFERRAL_REWARD_CENTS,
      rewarded_count: 0,
      earned_cents: 0,
      invitations: [expect.objectContaining({ status: 'pending', due_on: dueOn })],
    });
    expect(await referralOfInvitee(invitee)).toMatchObject({ insuranceId: first.id, dueOn });

    // The last day of the window: still pending.
    await sweep(DUE_IN_DAYS - 1);
    expect((await moneyWallet(inviter)).balance).toBe(0);

    await sweep(DUE_IN_DAYS);
    await sweep(DUE_IN_DAYS + 1);
    const wallet = await moneyWallet(inviter);
    expect(wallet.balance).toBe(REFERRAL_REWARD_CENTS);
    expect(wallet.movements.filter((m) => m.kind === 'referral_reward')).toEqual([
      expect.objectContaining({
        amount_cents: REFERRAL_REWARD_CENTS,
        description: 'Premio por invitar a Juan Pérez',
      }),
    ]);
    expect(await referralOf(inviter)).toMatchObject({
      rewarded_count: 1,
      earned_cents: REFERRAL_REWARD_CENTS,
      pending_count: 0,
      invitations: [expect.objectContaining({ status: 'rewarded', due_on: null })],
    });
    // The invitee's own wallet is not credited.
    expect((await moneyWallet(invitee)).balance).toBe(0);

    const rewards = await t.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.insuranceId, first.id));
    expect(rewards).toHaveLength(1);
    const reward = rewards[0]!;
    const [toInviter] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `notify:referral:${reward.referralId}:reward:inviter`));
    const [toInvitee] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `notify:referral:${reward.referralId}:reward:invitee`));
    expect(toInviter?.payload).toMatchObject({
      userId: reward.inviterUserId,
      action: { type: 'WalletMovement' },
    });
    expect(toInvitee?.payload).toMatchObject({ userId: reward.inviteeUserId, action: { type: 'Referral' } });
  });

  it('waits for the cover to start when it starts after the withdrawal window', async () => {
    const { inviter, invitee } = await invite();
    const insurance = await contractInsurance(t.app, invitee.auth, coverage, { startInDays: 20 });
    await payThroughSandbox(t.app, invitee.auth, insurance.id);
    expect((await referralOfInvitee(invitee)).dueOn).toBe(insurance.starts_on);
    await sweep(DUE_IN_DAYS + 2);
    expect((await moneyWallet(inviter)).balance).toBe(0);
    await sweepInsuranceLifecycle(t.database.db, { now: inDays(20) });
    await sweep(20);
    expect((await moneyWallet(inviter)).balance).toBe(REFERRAL_REWARD_CENTS);
  });

  it('earns nothing for the farming of issue 18: three invitees pay a cover starting in 10 days and cancel it for a full refund', async () => {
    const inviter = await registerCustomer(t.app, { dni: nextDni() });
    const { code } = await referralOf(inviter);
    for (let i = 0; i < 3; i++) {
      // Made-up DNIs, each a new one.
      const invitee = await registerCustomer(t.app, { dni: nextDni(), referral_code: code });
      const insurance = await contractInsurance(t.app, invitee.auth, coverage, { startInDays: 10 });
      await payThroughSandbox(t.app, invitee.auth, insurance.id);
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/v4/customers/insurances/${insurance.id}/cancel`,
        headers: invitee.auth,
        payload: { mode: 'now' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await moneyWallet(invitee)).balance).toBe(insurance.premium.total_cents);
    }
    for (const days of [0, DUE_IN_DAYS, 30]) await sweep(days);
    const wallet = await moneyWallet(inviter);
    expect(wallet.balance).toBe(0);
    expect(wallet.movements).toEqual([]);
    const referral = await referralOf(inviter);
    expect(referral).toMatchObject({
      invited_count: 3,
      rewarded_count: 0,
      earned_cents: 0,
      pending_count: 0,
    });
    expect(referral.invitations.map((i) => [i.status, i.reason])).toEqual([
      ['refused', 'insurance_ended'],
      ['refused', 'insurance_ended'],
      ['refused', 'insurance_ended'],
    ]);
  });

  it('credits one pending reward when two first insurances are paid at the same moment', async () => {
    const inviter = await registerCustomer(t.app, { dni: nextDni() });
    const { code } = await referralOf(inviter);
    const invitee = await registerCustomer(t.app, { dni: nextDni(), referral_code: code });
    const checkouts = [];
    for (let i = 0; i < 4; i++) {
      const insurance = await contractInsurance(t.app, invitee.auth, coverage);
      checkouts.push((await startPayment(t.app, invitee.auth, insurance.id, 'sandbox')).checkout_url);
    }
    const approvals = await Promise.all(
      checkouts.map((url) => t.app.inject({ method: 'POST', url: `${new URL(url).pathname}/approve` })),
    );
    expect(approvals.map((a) => a.statusCode)).toEqual([303, 303, 303, 303]);
    expect((await referralOf(inviter)).pending_count).toBe(1);
    await Promise.all([sweep(DUE_IN_DAYS), sweep(DUE_IN_DAYS)]);
    const wallet = await moneyWallet(inviter);
    expect(wallet.balance).toBe(REFERRAL_REWARD_CENTS);
    expect(wallet.movements.filter((m) => m.kind === 'referral_reward')).toHaveLength(1);
  });

  it('credits the reward while the inviter pays their own cover from Mi dinero, without deadlock', async () => {
    for (let round = 0; round < 3; round++) {
      const { inviter, invitee } = await invite();
      const theirs = await contractInsurance(t.app, invitee.auth, coverage);
      await payThroughSandbox(t.app, invitee.auth, theirs.id);
      const own = await contractInsurance(t.app, inviter.auth, coverage);
      await fundMoneyWallet(inviter, own.premium.total_cents);
      const [fromWallet] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/v4/customers/payments',
          headers: { ...inviter.auth, ...idempotencyKey() },
          payload: { insurance_id: own.id, method: 'money_wallet' },
        }),
        sweep(DUE_IN_DAYS),
      ]);
      expect(fromWallet.statusCode, fromWallet.body).toBe(201);
      expect((await moneyWallet(inviter)).balance).toBe(REFERRAL_REWARD_CENTS);
    }
  });

  it('claws the reward back when an operator voids the insurance after it was credited, leaving what the balance cannot cover owed', async () => {
    const { inviter, invitee } = await invite();
    const insurance = await contractInsurance(t.app, invitee.auth, coverage);
    await payThroughSandbox(t.app, invitee.auth, insurance.id);
    await sweep(DUE_IN_DAYS);
    expect((await moneyWallet(inviter)).balance).toBe(REFERRAL_REWARD_CENTS);
    // The inviter spent most of it.
    await fundMoneyWallet(inviter, -(REFERRAL_REWARD_CENTS - 1_000_00));

    const operator = await operatorSession(t.app, t.database);
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/v4/admin/insurances/${insurance.id}/void`,
      headers: operator.auth,
      payload: { status: 'anulado', reason: 'Datos falsos' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await sweep(DUE_IN_DAYS + 1)).toMatchObject({ clawedBack: 1 });
    expect(await sweep(DUE_IN_DAYS + 2)).toMatchObject({ clawedBack: 0 });

    const referral = await referralOfInvitee(invitee);
    expect(referral).toMatchObject({ status: 'clawed_back', reason: 'insurance_voided' });
    const [reward] = await t.database.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.referralId, referral.id));
    const wallet = await moneyWallet(inviter);
    const clawback = wallet.movements.filter((m) => m.kind === 'referral_clawback');
    expect(clawback).toHaveLength(1);
    expect(clawback[0]!.description).toBe('Devolución del premio por invitar a Ana Gómez');
    // The whole reward is accounted for: debited (into a debt where the wallet allows it) or owed.
    expect(wallet.balance - reward!.clawbackOutstandingCents).toBe(1_000_00 - REFERRAL_REWARD_CENTS);
    expect(await referralOf(inviter)).toMatchObject({ rewarded_count: 0, earned_cents: 0 });
  });

  it("claws back on the invitee's payment reversed: a pending reward is refused, a credited one debited, once", async () => {
    const pending = await invite();
    const one = await contractInsurance(t.app, pending.invitee.auth, coverage);
    await payThroughSandbox(t.app, pending.invitee.auth, one.id);
    const pendingRow = await referralOfInvitee(pending.invitee);
    await t.database.db.transaction((tx) =>
      clawBackReferralReward(tx, { paymentId: pendingRow.paymentId!, reason: 'payment_reversed' }),
    );
    expect(await referralOfInvitee(pending.invitee)).toMatchObject({
      status: 'refused',
      reason: 'payment_reversed',
    });
    await sweep(DUE_IN_DAYS);
    expect((await moneyWallet(pending.inviter)).balance).toBe(0);

    const rewarded = await invite();
    const two = await contractInsurance(t.app, rewarded.invitee.auth, coverage);
    await payThroughSandbox(t.app, rewarded.invitee.auth, two.id);
    await sweep(DUE_IN_DAYS);
    expect((await moneyWallet(rewarded.inviter)).balance).toBe(REFERRAL_REWARD_CENTS);
    for (let i = 0; i < 2; i++)
      await t.database.db.transaction((tx) =>
        clawBackReferralReward(tx, { insuranceId: two.id, reason: 'payment_reversed' }),
      );
    expect(await referralOfInvitee(rewarded.invitee)).toMatchObject({
      status: 'clawed_back',
      reason: 'payment_reversed',
    });
    const wallet = await moneyWallet(rewarded.inviter);
    expect(wallet.balance).toBe(0);
    expect(wallet.movements.filter((m) => m.kind === 'referral_clawback')).toEqual([
      expect.objectContaining({ amount_cents: -REFERRAL_REWARD_CENTS }),
    ]);
  });

  it('records a second invitee with the same DNI, device or payer, and it earns nothing', async () => {
    const device = { 'x-device-id': `device-${process.pid}-${Date.now()}` };
    const first = await invite(device);
    expect((await referralOfInvitee(first.invitee)).status).toBe('registered');

    // The same phone registers another invitee, for another inviter.
    const again = await invite(device);
    expect(await referralOfInvitee(again.invitee)).toMatchObject({
      status: 'refused',
      reason: 'same_device',
    });

    // A DNI invited before (its first account now shows another DNI) registers again with a code.
    const firstDni = (await referralOfInvitee(first.invitee)).inviteeDni;
    const firstUser = await userIdOf(first.invitee);
    const [firstEntity] = await t.database.db
      .select({ id: users.entityId })
      .from(users)
      .where(eq(users.id, firstUser));
    await t.database.db
      .update(entities)
      .set({ documentNumber: nextDni() })
      .where(eq(entities.id, firstEntity!.id!));
    const sameDni = await registerCustomer(t.app, { dni: firstDni, referral_code: first.code });
    expect(await referralOfInvitee(sameDni)).toMatchObject({ status: 'refused', reason: 'same_dni' });

    // The same provider payer pays two invitees' first insurances.
    const payer = `mercadopago:payer-${process.pid}-${Date.now()}`;
    const paidBy = async (c: Customer) => {
      const insurance = await contractInsurance(t.app, c.auth, coverage);
      const inviteeUserId = await userIdOf(c);
      await t.database.db.transaction((tx) =>
        recordInviteeFirstPayment(tx, {
          inviteeUserId,
          insuranceId: insurance.id,
          payerKey: payer,
          now: new Date(),
        }),
      );
    };
    const a = await invite();
    const b = await invite();
    await paidBy(a.invitee);
    await paidBy(b.invitee);
    expect(await referralOfInvitee(a.invitee)).toMatchObject({ status: 'pending', payerKey: payer });
    expect(await referralOfInvitee(b.invitee)).toMatchObject({
      status: 'refused',
      reason: 'same_payment_method',
    });

    await sweep(DUE_IN_DAYS);
    for (const refused of [again, b]) expect((await moneyWallet(refused.inviter)).balance).toBe(0);
    expect((await referralOf(again.inviter)).invitations).toEqual([
      expect.objectContaining({ status: 'refused', reason: 'same_device' }),
    ]);
  });

  it('shows operators the referral graph: inviters, their invitees, statuses and shared DNI or device', async () => {
    const device = { 'x-device-id': `graph-${process.pid}-${Date.now()}` };
    const inviter = await registerCustomer(t.app, { dni: nextDni(), name: 'Carla Grafo' });
    const { code } = await referralOf(inviter);
    await registerCustomer(
      t.app,
      { dni: nextDni(), name: 'Primero Grafo', referral_code: code },
      { headers: device },
    );
    await registerCustomer(
      t.app,
      { dni: nextDni(), name: 'Segundo Grafo', referral_code: code },
      { headers: device },
    );

    expect((await t.app.inject({ method: 'GET', url: '/api/v4/admin/referrals' })).statusCode).toBe(401);
    const operator = await operatorSession(t.app, t.database);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/admin/referrals?search=Carla%20Grafo&flagged=true',
      headers: operator.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.meta).toMatchObject({ total: 1, current_page: 1 });
    expect(page.data).toEqual([
      expect.objectContaining({
        name: 'Carla Grafo',
        invited_count: 2,
        refused_count: 1,
        flagged: true,
        invitees: [
          expect.objectContaining({ name: 'Primero Grafo', status: 'registered', shared_device: true }),
          expect.objectContaining({
            name: 'Segundo Grafo',
            status: 'refused',
            reason: 'same_device',
            shared_device: true,
            shared_dni: false,
          }),
        ],
      }),
    ]);
    const byStatus = await t.app.inject({
      method: 'GET',
      url: '/api/v4/admin/referrals?search=Grafo&filter[status][eq]=clawed_back',
      headers: operator.auth,
    });
    expect(byStatus.json().data).toEqual([]);
  });

  it('keeps "once" in the database: a second reward for the same invitee is refused', async () => {
    const [reward] = await t.database.db.select().from(referralRewards).limit(1);
    await expect(
      t.database.db.insert(referralRewards).values({ ...reward!, id: undefined }),
    ).rejects.toThrow();
  });
});
