import { REFERRAL_REWARD_CENTS } from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  GOOD_PASSWORD,
  registerCustomer,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  payThroughSandbox,
  startPayment,
} from '../../../test/purchase.ts';
import { outbox, referralRewards } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { postMovement } from '../wallets/service.ts';

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

  it('rewards the inviter once, in Mi dinero, when the invitee’s first insurance is paid, and tells both', async () => {
    const inviter = await registerCustomer(t.app, { dni: nextDni() });
    const { code } = await referralOf(inviter);
    const invitee = await registerCustomer(t.app, { dni: nextDni(), referral_code: code.toLowerCase() });
    expect((await referralOf(inviter)).invited_count).toBe(1);
    expect((await moneyWallet(inviter)).balance).toBe(0);

    const first = await contractInsurance(t.app, invitee.auth, coverage);
    const second = await contractInsurance(t.app, invitee.auth, coverage);
    await payThroughSandbox(t.app, invitee.auth, first.id);
    await payThroughSandbox(t.app, invitee.auth, second.id);

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

  it('rewards once when two first insurances are paid at the same moment', async () => {
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
    const wallet = await moneyWallet(inviter);
    expect(wallet.balance).toBe(REFERRAL_REWARD_CENTS);
    expect(wallet.movements.filter((m) => m.kind === 'referral_reward')).toHaveLength(1);
  });

  it("pays the inviter's own cover from Mi dinero while the invitee's first payment rewards them, without deadlock", async () => {
    for (let round = 0; round < 6; round++) {
      const inviter = await registerCustomer(t.app, { dni: nextDni() });
      const { code } = await referralOf(inviter);
      const invitee = await registerCustomer(t.app, { dni: nextDni(), referral_code: code });
      const own = await contractInsurance(t.app, inviter.auth, coverage);
      await fundMoneyWallet(inviter, own.premium.total_cents);
      const theirs = await contractInsurance(t.app, invitee.auth, coverage);
      const { checkout_url } = await startPayment(t.app, invitee.auth, theirs.id, 'sandbox');
      const [fromWallet, approved] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/v4/customers/payments',
          headers: { ...inviter.auth, ...idempotencyKey() },
          payload: { insurance_id: own.id, method: 'money_wallet' },
        }),
        t.app.inject({ method: 'POST', url: `${new URL(checkout_url).pathname}/approve` }),
      ]);
      expect([fromWallet.statusCode, approved.statusCode], fromWallet.body).toEqual([201, 303]);
      expect((await moneyWallet(inviter)).balance).toBe(REFERRAL_REWARD_CENTS);
    }
  });

  it('keeps "once" in the database: a second reward for the same invitee is refused', async () => {
    const [reward] = await t.database.db.select().from(referralRewards).limit(1);
    await expect(
      t.database.db.insert(referralRewards).values({ ...reward!, id: undefined }),
    ).rejects.toThrow();
  });
});
