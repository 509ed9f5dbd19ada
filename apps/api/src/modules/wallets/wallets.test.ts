import { dataOf, PayResultSchema, pageOf, WalletMovementSchema, WalletSchema } from '@cubierto/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { idempotencyKey } from '../../../test/purchase.ts';
import { walletMovements, wallets } from '../../db/schema/index.ts';
import { postMovement } from './service.ts';

let t: TestApp;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;
type Path = 'money-wallet' | 'credit-wallet';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (c: Customer, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v4/customers/${url}`, headers: c.auth });

/** A top-up through the sandbox checkout, approved, left pending or rejected there. */
async function topUp(
  c: Customer,
  path: Path,
  amountCents: number,
  action: 'approve' | 'pending' | 'reject' = 'approve',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v4/customers/${path}/top-ups`,
    headers: { ...c.auth, ...idempotencyKey() },
    payload: { amount_cents: amountCents, method: 'sandbox' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const started = dataOf(PayResultSchema).parse(res.json()).data;
  const done = await t.app.inject({
    method: 'POST',
    url: `${new URL(started.checkout_url ?? '').pathname}/${action}`,
  });
  expect(done.statusCode).toBe(303);
  return { started, location: String(done.headers.location) };
}

async function walletOf(c: Customer, path: Path) {
  const res = await get(c, path);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(WalletSchema).parse(res.json()).data;
}

describe('wallets', () => {
  it('answer the wallet, its movements and one movement as the contracts say, for both wallets', async () => {
    const c = await registerCustomer(t.app);
    for (const [path, kind, name] of [
      ['money-wallet', 'money', 'Mi dinero'],
      ['credit-wallet', 'credit', 'Mi crédito'],
    ] as const) {
      const { started } = await topUp(c, path, 150_000);
      expect(started.payment).toMatchObject({
        purpose: kind === 'money' ? 'money_top_up' : 'credit_top_up',
        method: 'sandbox',
        amount_cents: 150_000,
        status: 'pending',
      });
      const wallet = await walletOf(c, path);
      expect(wallet).toMatchObject({ kind, name, balance_cents: 150_000 });
      const page = pageOf(WalletMovementSchema).parse(
        (await get(c, `${path}/${wallet.id}/wallet-movements?per_page=10`)).json(),
      );
      expect(page.meta).toMatchObject({ current_page: 1, per_page: 10, total: 1 });
      expect(page.data[0]).toMatchObject({
        wallet_id: wallet.id,
        kind: 'top_up',
        amount_cents: 150_000,
        balance_after_cents: 150_000,
        payment_id: started.payment.id,
        insurance_id: null,
      });
      const one = await get(c, `${path}/${wallet.id}/wallet-movements/${page.data[0]!.id}`);
      expect(dataOf(WalletMovementSchema).parse(one.json()).data).toEqual(page.data[0]);
    }
  });

  it('answer 404 for another wallet id and for a movement of another wallet', async () => {
    const c = await registerCustomer(t.app);
    await topUp(c, 'money-wallet', 100_000);
    const money = await walletOf(c, 'money-wallet');
    const credit = await walletOf(c, 'credit-wallet');
    const movement = pageOf(WalletMovementSchema).parse(
      (await get(c, `money-wallet/${money.id}/wallet-movements`)).json(),
    ).data[0]!;
    expect((await get(c, `credit-wallet/${money.id}/wallet-movements`)).statusCode).toBe(404);
    expect((await get(c, `credit-wallet/${credit.id}/wallet-movements/${movement.id}`)).statusCode).toBe(404);
  });

  it('a rejected or pending top-up adds nothing', async () => {
    const c = await registerCustomer(t.app);
    const rejected = await topUp(c, 'money-wallet', 100_000, 'reject');
    expect(rejected.location).toContain('status=rejected');
    const pending = await topUp(c, 'money-wallet', 100_000, 'pending');
    expect(pending.location).toContain('status=pending');
    expect((await walletOf(c, 'money-wallet')).balance_cents).toBe(0);
  });

  it('the database refuses a negative balance and any change to a movement', async () => {
    const c = await registerCustomer(t.app);
    await topUp(c, 'money-wallet', 100_000);
    const w = await walletOf(c, 'money-wallet');
    await expect(
      t.database.db.update(wallets).set({ balanceCents: -1 }).where(eq(wallets.id, w.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db
        .update(walletMovements)
        .set({ amountCents: 999_999 })
        .where(eq(walletMovements.walletId, w.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.delete(walletMovements).where(and(eq(walletMovements.walletId, w.id))),
    ).rejects.toThrow();
    expect((await walletOf(c, 'money-wallet')).balance_cents).toBe(100_000);
  });

  it('only a reversal may take a balance below zero, and the cached balance always follows the ledger', async () => {
    const c = await registerCustomer(t.app);
    await topUp(c, 'money-wallet', 100_000);
    const w = await walletOf(c, 'money-wallet');
    const [user] = await t.database.db
      .select({ userId: wallets.userId })
      .from(wallets)
      .where(eq(wallets.id, w.id));
    const debit = (kind: 'insurance_payment' | 'reversal') =>
      t.database.db.transaction((tx) =>
        postMovement(tx, {
          userId: user!.userId,
          kind: 'money',
          amountCents: -150_000,
          movement: kind,
          description: 'Prueba',
        }),
      );
    await expect(debit('insurance_payment')).rejects.toThrow(/Saldo insuficiente/);
    // Whatever the code does, the database refuses a debit into a debt that is not a reversal…
    await expect(
      t.database.db.insert(walletMovements).values({
        walletId: w.id,
        amountCents: -150_000,
        balanceAfterCents: -50_000,
        kind: 'insurance_payment',
        description: 'Prueba',
      }),
    ).rejects.toThrow();
    // …and a cached balance that is not the last movement's.
    await expect(
      t.database.db.update(wallets).set({ balanceCents: 5 }).where(eq(wallets.id, w.id)),
    ).rejects.toThrow();
    expect((await debit('reversal')).balanceAfterCents).toBe(-50_000);
    expect((await walletOf(c, 'money-wallet')).balance_cents).toBe(-50_000);
  });
});
