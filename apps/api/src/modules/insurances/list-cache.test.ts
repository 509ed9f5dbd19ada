/**
 * The insurance pages cache (list-cache.ts, declared by GET /customers/insurances) answers from memory only
 * while none of the customer's insurances, nor the catalogue they are shown with, has changed, by any
 * means (even SQL by hand) and on any instance. On PostgreSQL (npm run test:pg) the changing side is a
 * second database handle with its own pool, as another instance would be.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anotherHandle,
  createTestApp,
  registerCustomer,
  type TestApp,
  until,
} from '../../../test/harness.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  payThroughSandbox,
} from '../../../test/purchase.ts';
import type { Database } from '../../db/client.ts';
import { insurances, policies } from '../../db/schema/index.ts';
import { seedDemoCatalog } from '../../db/seed.ts';
import { postMovement } from '../wallets/service.ts';
import { INSURANCES_CHANNEL } from './list-cache.ts';

let t: TestApp;
/** Where the changes come from: another pool on PostgreSQL, the same (only) handle on PGlite. */
let other: Database;
let coverage: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
  other = await anotherHandle(t);
});

afterAll(async () => {
  if (other !== t.database) await other.close();
  await t.close();
});

/** The home's "Últimas contrataciones", as the web asks for them (features/home/api/latest-insurances.ts). */
const HOME = '/api/v4/customers/insurances?sort_by=-created_at&page=1&per_page=3';
/** Waits for the notifications of a change to arrive: generous, the machine may be busy. */
const WAIT = 15_000;

/** A customer with one pendiente insurance. */
async function customerWithInsurance() {
  const customer = await registerCustomer(t.app);
  const insurance = await contractInsurance(t.app, customer.auth, coverage);
  const [row] = await t.database.db
    .select({ userId: insurances.userId, policyId: insurances.policyId })
    .from(insurances)
    .where(eq(insurances.id, insurance.id));
  return { ...customer, insurance, userId: row!.userId, policyId: row!.policyId };
}

type Page = {
  data: Array<{ id: number; status: string; policy: { name: string } }>;
  meta: { total: number };
};

async function get(c: { auth: Record<string, string> }, url = HOME) {
  const res = await t.app.inject({ method: 'GET', url, headers: c.auth });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, page: res.json() as Page };
}

/** Whether this read of `url` was answered from memory (the cache's hit count grew by one). */
async function servedFromMemory(c: { auth: Record<string, string> }, url = HOME) {
  const before = t.app.deps.insuranceLists.stats.hits;
  const { body } = await get(c, url);
  return { hit: t.app.deps.insuranceLists.stats.hits === before + 1, body };
}

describe('GET /customers/insurances as the web asks for it', () => {
  it('is answered from memory the second time, the same bytes, however the query is spelled', async () => {
    const ana = await customerWithInsurance();
    const first = await get(ana);
    expect(first.page.data.map((r) => [r.id, r.status])).toEqual([[ana.insurance.id, 'pendiente']]);
    expect(first.page.meta.total).toBe(1);
    // The set-up's own notifications may still drop the first answer once; then the second read hits.
    await until(async () => (await servedFromMemory(ana)).hit, WAIT);
    const again = await servedFromMemory(ana);
    expect(again).toEqual({ hit: true, body: first.body });
    // The same request spelled otherwise (order of the keys, page 1 by default) is the same entry.
    expect(
      (await servedFromMemory(ana, '/api/v4/customers/insurances?per_page=3&sort_by=-created_at')).hit,
    ).toBe(true);
    // Another page size is another request.
    expect(
      (await servedFromMemory(ana, '/api/v4/customers/insurances?sort_by=-created_at&per_page=4')).hit,
    ).toBe(false);
  });

  it("is read again once one of the customer's insurances changes by hand, and only that customer's", async () => {
    const ana = await customerWithInsurance();
    const beto = await customerWithInsurance();
    await until(async () => (await servedFromMemory(ana)).hit && (await servedFromMemory(beto)).hit, WAIT);

    // Beto's insurance changes on another instance: Beto's page is read again, Ana's stays in memory.
    await other.db.update(insurances).set({ status: 'anulado' }).where(eq(insurances.id, beto.insurance.id));
    await until(async () => (await get(beto)).page.data[0]?.status === 'anulado', WAIT);
    expect((await servedFromMemory(ana)).hit).toBe(true);

    // The catalogue an insurance is shown with changes: every page is read again.
    const [policy] = await t.database.db.select().from(policies).where(eq(policies.id, ana.policyId));
    await other.db
      .update(policies)
      .set({ name: `${policy!.name} Plus` })
      .where(eq(policies.id, ana.policyId));
    await until(async () => (await get(ana)).page.data[0]?.policy.name === `${policy!.name} Plus`, WAIT);
    await other.db.update(policies).set({ name: policy!.name }).where(eq(policies.id, ana.policyId));
  });

  it('is forgotten by the API at once when the customer pays, and when the sandbox checkout approves', async () => {
    const wallet = await customerWithInsurance();
    const status = async (c: { auth: Record<string, string> }) => (await get(c)).page.data[0]?.status;
    expect(await status(wallet)).toBe('pendiente');
    await until(async () => (await servedFromMemory(wallet)).hit, WAIT);
    await t.database.db.transaction((tx) =>
      postMovement(tx, {
        userId: wallet.userId,
        kind: 'money',
        amountCents: wallet.insurance.premium.total_cents,
        movement: 'adjustment',
        description: 'Saldo de prueba',
      }),
    );
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/payments',
      headers: { ...wallet.auth, ...idempotencyKey() },
      payload: { insurance_id: wallet.insurance.id, method: 'money_wallet' },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    // No waiting for the notification: the instance that took the payment forgot before answering.
    expect(await status(wallet)).not.toBe('pendiente');

    const sandbox = await customerWithInsurance();
    expect(await status(sandbox)).toBe('pendiente');
    await until(async () => (await servedFromMemory(sandbox)).hit, WAIT);
    await payThroughSandbox(t.app, sandbox.auth, sandbox.insurance.id);
    expect(await status(sandbox)).not.toBe('pendiente');
  });

  it('tells the other instances of a wallet payment once, after its commit, which itself notifies nothing (migration 0028)', async () => {
    const payer = await customerWithInsurance();
    await t.database.db.transaction((tx) =>
      postMovement(tx, {
        userId: payer.userId,
        kind: 'money',
        amountCents: payer.insurance.premium.total_cents,
        movement: 'adjustment',
        description: 'Saldo de prueba',
      }),
    );
    const heard: string[] = [];
    let listening = false;
    const stop = await other.listen(INSURANCES_CHANNEL, {
      onMessage: (payload) => heard.push(payload),
      onState: (on) => {
        listening = on;
      },
    });
    try {
      await until(async () => listening, WAIT);
      const pay = await t.app.inject({
        method: 'POST',
        url: '/api/v4/customers/payments',
        headers: { ...payer.auth, ...idempotencyKey() },
        payload: { insurance_id: payer.insurance.id, method: 'money_wallet' },
      });
      expect(pay.statusCode, pay.body).toBe(201);
      // Notifications arrive in the order of their commits: once this one is heard, the payment's are too.
      await t.database.db.execute(sql`select pg_notify(${INSURANCES_CHANNEL}, 'test:end')`);
      await until(async () => heard.includes('test:end'), WAIT);
      // Once: by payInsurance after the commit. Twice if the transaction's trigger also notified at commit
      // (the lock PostgreSQL serialises such commits with), never if nobody told the others.
      expect(heard.filter((payload) => payload === `user:${payer.userId}`)).toHaveLength(1);
    } finally {
      await stop();
    }
  });
});
