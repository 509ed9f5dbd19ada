/**
 * PGlite has a single connection: concurrent transactions must queue, never interleave on it.
 * The same tests run on PostgreSQL (CUBIERTO_TEST_DB=postgres), where the pool gives each its own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../test/harness.ts';
import { contexts } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('transactions under concurrency', () => {
  it('a rolled-back transaction never takes a concurrent committed one down with it', async () => {
    const db = t.database.db;
    const failing = db.transaction(async (tx) => {
      await tx.insert(contexts).values({ name: 'rollback-me', description: 'x' });
      await sleep(50);
      throw new Error('abort');
    });
    const committing = (async () => {
      await sleep(5);
      await db.transaction(async (tx) => {
        await tx.insert(contexts).values({ name: 'keep-me', description: 'y' });
      });
    })();
    await expect(failing).rejects.toThrow('abort');
    await committing;
    const names = (await db.select({ name: contexts.name }).from(contexts)).map((r) => r.name);
    expect(names).toContain('keep-me');
    expect(names).not.toContain('rollback-me');
  });

  it('read-modify-write transactions run concurrently lose no update', async () => {
    const db = t.database.db;
    await db.insert(contexts).values({ name: 'counter', description: '0' });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          // FOR UPDATE serialises on PostgreSQL; on PGlite the transactions already queue.
          const [row] = await tx
            .select({ description: contexts.description })
            .from(contexts)
            .where(eq(contexts.name, 'counter'))
            .for('update');
          await sleep(1);
          await tx
            .update(contexts)
            .set({ description: String(Number(row!.description) + 1) })
            .where(eq(contexts.name, 'counter'));
        }),
      ),
    );
    const [row] = await db.select().from(contexts).where(eq(contexts.name, 'counter'));
    expect(row!.description).toBe('20');
  });

  it('concurrent requests each see their own transaction: profile updates from many customers stay apart', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => registerCustomer(t.app)));
    const results = await Promise.all(
      customers.map((c, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/v4/customers/user',
          headers: c.auth,
          payload: { name: `Cliente Número ${i}`, state_id: (i % 3) + 1 },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    for (const [i, c] of customers.entries()) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v4/customers/user?load[User]=*,entity,place',
        headers: c.auth,
      });
      expect(me.json().data).toMatchObject({
        name: `Cliente Número ${i}`,
        entity: { name: `Cliente Número ${i}` },
        place: { state: { id: (i % 3) + 1 } },
      });
    }
  });
});
