/**
 * withNamedStatements (client.ts): what a payment's transaction sends is named on PostgreSQL, one name
 * per text and no more than the cap, and nothing outside it is; its transaction's begin travels with its
 * first statement, which never runs outside the transaction. The bench's payment figures rest on it.
 * On PGlite nothing is named: the work answers as it would without it. The names are the process's and
 * files share a worker's modules (vitest.config.ts): the last test fills them up to the cap, so files run
 * after it in the same worker send their statements unnamed, as they were before withNamedStatements.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usePostgres } from '../../test/harness.ts';
import { type Database, rowsOf, withNamedStatements } from './client.ts';
import { contexts } from './schema/index.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  // One pooled connection: the statements it keeps are those every query below was sent on.
  ({ database, drop } = await createTestDatabase({ poolSize: 1 }));
});
afterAll(async () => drop());

type Kept = { name: string; statement: string };

/** The named statements the connection keeps (PostgreSQL). */
async function kept(): Promise<Kept[]> {
  const result = await database.db.execute(sql`select name, statement from pg_prepared_statements`);
  return (result as unknown as { rows: Kept[] }).rows;
}

const textOf = (n: number) => `select ${n}::int as n`;
const select = (n: number) => database.db.execute(sql.raw(textOf(n)));

describe('withNamedStatements', () => {
  it('answers what the work answers, on either engine', async () => {
    const answer = await withNamedStatements(() =>
      database.db.transaction(async (tx) => {
        await tx.insert(contexts).values({ name: 'named-statements', description: 'x' });
        return tx.select({ name: contexts.name }).from(contexts).where(eq(contexts.name, 'named-statements'));
      }),
    );
    expect(answer).toEqual([{ name: 'named-statements' }]);
  });

  it.skipIf(!usePostgres)('names the work’s statements once per text, and nothing outside it', async () => {
    await select(1001);
    await withNamedStatements(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(textOf(1002)));
        await tx.execute(sql.raw(textOf(1002)));
      }),
    );
    const statements = await kept();
    expect(statements.some((s) => s.statement === textOf(1001))).toBe(false);
    const named = statements.filter((s) => s.statement === textOf(1002));
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toMatch(/^cubierto_hot_\d+$/);
    // The transaction's own statements are named as well.
    expect(statements.map((s) => s.statement)).toEqual(expect.arrayContaining(['begin', 'commit']));
  });

  it.skipIf(!usePostgres)('a statement with its own name keeps it', async () => {
    const own = database.db
      .select({ description: contexts.description })
      .from(contexts)
      .where(eq(contexts.name, sql.placeholder('name')))
      .prepare('named_statements_test_own');
    await withNamedStatements(() => own.execute({ name: 'nobody' }));
    const statements = await kept();
    const mine = statements.filter((s) => s.statement === own.getQuery().sql);
    expect(mine.map((s) => s.name)).toEqual(['named_statements_test_own']);
  });

  it.skipIf(!usePostgres)(
    'sends a hot transaction’s begin with its first statement, which runs inside it',
    async () => {
      // The first transaction parses the connection's `begin`; from then on it travels with the first statement.
      const xids = async () =>
        withNamedStatements(() =>
          database.db.transaction(async (tx) => {
            const [first] = rowsOf<{ xid: string }>(
              await tx.execute(sql`select pg_current_xact_id()::text as xid`),
            );
            const [second] = rowsOf<{ xid: string }>(
              await tx.execute(sql`select pg_current_xact_id()::text as xid`),
            );
            return [first!.xid, second!.xid];
          }),
        );
      await xids();
      const [first, second] = await xids();
      expect(first).toBe(second);

      await expect(
        withNamedStatements(() =>
          database.db.transaction(async (tx) => {
            await tx.insert(contexts).values({ name: 'begun-then-undone', description: 'x' });
            throw new Error('undo');
          }),
        ),
      ).rejects.toThrow('undo');
      const left = await database.db.select().from(contexts).where(eq(contexts.name, 'begun-then-undone'));
      expect(left).toEqual([]);
    },
  );

  it.skipIf(!usePostgres)(
    'a begin that fails stops its first statement: it never runs outside the transaction',
    async () => {
      const own = await createTestDatabase({ poolSize: 1 });
      try {
        const insert = () =>
          withNamedStatements(() =>
            own.database.db.transaction(async (tx) => {
              await tx.insert(contexts).values({ name: 'after-a-failed-begin', description: 'x' });
            }),
          );
        await insert();
        await own.database.db.delete(contexts).where(eq(contexts.name, 'after-a-failed-begin'));
        // The server forgets the connection's `begin` behind node-postgres's back: its Bind fails.
        const [begin] = rowsOf<{ name: string }>(
          await own.database.db.execute(
            sql`select name from pg_prepared_statements where statement = 'begin'`,
          ),
        );
        await own.database.db.execute(sql.raw(`deallocate ${begin!.name}`));
        const failure = await insert().then(
          () => undefined,
          (error: unknown) => error as { cause?: { message?: string } },
        );
        expect(failure?.cause?.message).toMatch(/prepared statement .* does not exist/);
        const left = await own.database.db
          .select()
          .from(contexts)
          .where(eq(contexts.name, 'after-a-failed-begin'));
        expect(left).toEqual([]);
      } finally {
        await own.drop();
      }
    },
  );

  it.skipIf(!usePostgres)('names no more than 200 texts: the others run unnamed', async () => {
    const texts = Array.from({ length: 230 }, (_, i) => 2000 + i);
    const answers = await withNamedStatements(async () => {
      const out: unknown[] = [];
      for (const n of texts) out.push(await select(n));
      return out;
    });
    expect(answers).toHaveLength(texts.length);
    // The names are the process's (other files in this worker may have taken some): whatever came first,
    // this connection holds no more than the cap, and the last of 230 new texts came after it.
    const hot = (await kept()).filter((s) => s.name.startsWith('cubierto_hot_'));
    expect(hot.length).toBeLessThanOrEqual(200);
    expect(hot.some((s) => s.statement === textOf(texts.at(-1)!))).toBe(false);
  });
});
