/**
 * statementOnce (client.ts): the statement's text is built once, each call binds its own values, on the
 * database itself and inside a transaction (whose rollback takes its write back), on either engine.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { type Database, rowsOf, statementOnce } from './client.ts';
import { contexts } from './schema/index.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());

type Values = { name: string; description: string | null };
type Row = { name: string; description: string };

let built = 0;
const insertContext = statementOnce<Values>(() => {
  built += 1;
  return sql`insert into ${contexts} (name, description)
    values (${sql.placeholder('name')}, coalesce(${sql.placeholder('description')}::text, 'ninguna'))
    returning ${contexts.name} as name, ${contexts.description} as description`;
});

describe('statementOnce', () => {
  it('builds the text on its first call and binds each call’s values', async () => {
    const first = rowsOf<Row>(await insertContext(database.db, { name: 'once-1', description: 'uno' }));
    const second = rowsOf<Row>(await insertContext(database.db, { name: 'once-2', description: null }));
    expect(first).toEqual([{ name: 'once-1', description: 'uno' }]);
    expect(second).toEqual([{ name: 'once-2', description: 'ninguna' }]);
    expect(built).toBe(1);
  });

  it('runs inside a transaction, whose rollback takes its write back', async () => {
    const rollback = new Error('rolled back on purpose');
    await expect(
      database.db.transaction(async (tx) => {
        const [row] = rowsOf<Row>(await insertContext(tx, { name: 'once-tx', description: 'tx' }));
        expect(row).toEqual({ name: 'once-tx', description: 'tx' });
        // The transaction's own connection sees it; it is gone after the rollback.
        expect(await tx.select().from(contexts).where(eq(contexts.name, 'once-tx'))).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await database.db.select().from(contexts).where(eq(contexts.name, 'once-tx'))).toHaveLength(0);
    expect(built).toBe(1);
  });
});
