/**
 * The insurance pages cache answers from memory only while none of the customer's insurances, nor the
 * catalogue they are shown with, has changed, by any means (even SQL by hand) and on any instance. On
 * PostgreSQL (npm run test:pg) the changing side is a second database handle with its own pool, as another
 * instance would be.
 */
import { eq } from 'drizzle-orm';
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
import { createInsuranceListCache } from './list-cache.ts';
import { INSURANCES_DEFAULT_ORDER, listInsurances } from './service.ts';

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

/** A customer with one pendiente insurance, made before the cache under test listens. */
async function customerWithInsurance() {
  const customer = await registerCustomer(t.app);
  const insurance = await contractInsurance(t.app, customer.auth, coverage);
  const [row] = await t.database.db
    .select({ userId: insurances.userId, policyId: insurances.policyId })
    .from(insurances)
    .where(eq(insurances.id, insurance.id));
  return { ...customer, insurance, userId: row!.userId, policyId: row!.policyId };
}

const firstPage = { where: undefined, orderBy: INSURANCES_DEFAULT_ORDER, limit: 5, offset: 0 };

describe('a cached insurance page', () => {
  it("is served from memory, frozen, until one of the customer's insurances changes by hand", async () => {
    const ana = await customerWithInsurance();
    const beto = await customerWithInsurance();
    const cache = await createInsuranceListCache(t.database);
    const page = (userId: number) => listInsurances(t.database.db, { ...firstPage, userId }, cache);
    try {
      const first = await page(ana.userId);
      expect(first.rows.map((r) => [r.id, r.status])).toEqual([[ana.insurance.id, 'pendiente']]);
      expect(first.total).toBe(1);
      await page(beto.userId);
      expect(cache.size).toBe(2);
      expect((await page(ana.userId)).rows[0]).toBe(first.rows[0]);
      expect(Object.isFrozen(first.rows[0]?.premium)).toBe(true);

      // Beto's insurance changes: Ana's page stays, Beto's goes.
      await other.db
        .update(insurances)
        .set({ status: 'anulado' })
        .where(eq(insurances.id, beto.insurance.id));
      await until(() => cache.size === 1);
      expect((await page(beto.userId)).rows[0]?.status).toBe('anulado');
      expect((await page(ana.userId)).rows[0]).toBe(first.rows[0]);

      // The catalogue an insurance is shown with changes: every page goes.
      const [policy] = await t.database.db.select().from(policies).where(eq(policies.id, ana.policyId));
      await other.db
        .update(policies)
        .set({ name: `${policy!.name} Plus` })
        .where(eq(policies.id, ana.policyId));
      await until(() => cache.size === 0);
      expect((await page(ana.userId)).rows[0]?.policy.name).toBe(`${policy!.name} Plus`);
      await other.db.update(policies).set({ name: policy!.name }).where(eq(policies.id, ana.policyId));
    } finally {
      await cache.close();
    }
  });

  it('is forgotten by the API at once when the customer pays, and when the sandbox checkout approves', async () => {
    const wallet = await customerWithInsurance();
    const list = async (c: { auth: Record<string, string> }) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v4/customers/insurances?per_page=5', headers: c.auth })
      ).json().data as Array<{ id: number; status: string }>;
    expect((await list(wallet))[0]?.status).toBe('pendiente');
    expect((await list(wallet))[0]?.status).toBe('pendiente');
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
    expect((await list(wallet))[0]?.status).not.toBe('pendiente');

    const sandbox = await customerWithInsurance();
    expect((await list(sandbox))[0]?.status).toBe('pendiente');
    await payThroughSandbox(t.app, sandbox.auth, sandbox.insurance.id);
    expect((await list(sandbox))[0]?.status).not.toBe('pendiente');
  });
});
