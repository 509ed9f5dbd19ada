/** The outbox prune on the real engine (PGlite, and PostgreSQL with CUBIERTO_TEST_DB=postgres). */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { enqueue, runDueJobs, scheduleRecurringJobs } from './outbox.ts';
import { OUTBOX_DONE_KEPT_MS, OUTBOX_PRUNE_JOB, outboxJobs, pruneDoneJobs } from './outbox-prune.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());
beforeEach(async () => {
  await database.db.delete(outbox);
});

const DAY = 24 * 3_600_000;
const now = new Date('2026-11-27T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const keys = async () =>
  (await database.db.select({ key: outbox.key }).from(outbox).orderBy(asc(outbox.id))).map((row) => row.key);

/** One job per case, in id order as they would have been created. */
async function seedJobs() {
  await database.db.insert(outbox).values([
    { kind: 'notify', key: 'done-40-days-ago', createdAt: daysAgo(41), doneAt: daysAgo(40) },
    { kind: 'notify', key: 'given-up-40-days-ago', createdAt: daysAgo(41), failedAt: daysAgo(40) },
    { kind: 'notify', key: 'done-35-days-ago', createdAt: daysAgo(36), doneAt: daysAgo(35) },
    { kind: 'notify', key: 'still-retrying', createdAt: daysAgo(33), runAt: daysAgo(-1) },
    { kind: 'notify', key: 'done-31-days-ago', createdAt: daysAgo(32), doneAt: daysAgo(31) },
    { kind: 'notify', key: 'done-29-days-ago', createdAt: daysAgo(30), doneAt: daysAgo(29) },
    { kind: 'notify', key: 'done-today', createdAt: daysAgo(0.1), doneAt: daysAgo(0.05) },
  ]);
}

describe('pruneDoneJobs', () => {
  it('deletes the jobs done more than a month ago and keeps the rest', async () => {
    await seedJobs();
    // Batches of two: the walk goes on batch after batch until it reaches the last month's jobs.
    expect(await pruneDoneJobs(database.db, now, 2)).toBe(3);
    expect(await keys()).toEqual([
      'given-up-40-days-ago',
      'still-retrying',
      'done-29-days-ago',
      'done-today',
    ]);
    expect(OUTBOX_DONE_KEPT_MS).toBe(30 * DAY);
    // Nothing more to do the next time.
    expect(await pruneDoneJobs(database.db, now, 2)).toBe(0);
  });

  it('a job that passes the month later is taken on a later run', async () => {
    await seedJobs();
    await enqueue(database.db, { kind: 'notify', key: 'enqueued-now', runAt: now });
    expect(await pruneDoneJobs(database.db, now, 100)).toBe(3);
    expect(await pruneDoneJobs(database.db, new Date(now.getTime() + 2 * DAY), 100)).toBe(1);
    expect(await keys()).toEqual(['given-up-40-days-ago', 'still-retrying', 'done-today', 'enqueued-now']);
  });

  it('runs as a recurring outbox job that keeps its own row', async () => {
    await seedJobs();
    await scheduleRecurringJobs(database.db, outboxJobs, now);
    const result = await runDueJobs(database.db, { handlers: outboxJobs, now });
    expect(result).toMatchObject({ claimed: 1, done: 1, failed: 0 });
    expect(await keys()).toEqual([
      'given-up-40-days-ago',
      'still-retrying',
      'done-29-days-ago',
      'done-today',
      OUTBOX_PRUNE_JOB,
    ]);
  });
});
