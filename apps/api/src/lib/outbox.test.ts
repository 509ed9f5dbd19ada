/**
 * The outbox on the real engine. On PostgreSQL (CUBIERTO_TEST_DB=postgres) the two workers below claim
 * through separate pooled connections at the same time, which is what SKIP LOCKED is for.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, usePostgres } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import {
  backoffMs,
  enqueue,
  holdJobs,
  holdWrite,
  type JobHandlers,
  type JobLog,
  JobNotYetError,
  runDueJobs,
  scheduleRecurringJobs,
  startOutboxWorker,
  writeHeldJobs,
} from './outbox.ts';
import { runWithRequestId } from './request-id.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase({ poolSize: 12 }));
});
afterAll(async () => drop());
beforeEach(async () => {
  await database.db.delete(outbox);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MINUTE = 60_000;
const jobsOf = (kind: string) => database.db.select().from(outbox).where(eq(outbox.kind, kind));

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('timed out');
    await sleep(20);
  }
}

describe('enqueue', () => {
  it('a job enqueued in a transaction that rolls back does not exist', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'mail', payload: { to: 'a@example.com' } });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await database.db.transaction(async (tx) => {
      await enqueue(tx, { kind: 'mail', payload: { to: 'b@example.com' } });
    });
    expect((await jobsOf('mail')).map((job) => job.payload)).toEqual([{ to: 'b@example.com' }]);
  });

  it('a key is enqueued once however many times it is asked for', async () => {
    for (let i = 0; i < 3; i++) await enqueue(database.db, { kind: 'notice', key: 'insurance-7-voided' });
    expect(await jobsOf('notice')).toHaveLength(1);
  });
});

describe('held jobs (holdJobs, holdWrite, writeHeldJobs)', () => {
  // A held write and an outcome as their owners hand them over: built once, bound on every call.
  const markerWrite: readonly SQL[] = [
    sql`insert into ${outbox} (kind, payload) values ('held-write', jsonb_build_object('n', ${sql.placeholder('markerN')}::int))`,
  ];
  const outcome: readonly SQL[] = [
    sql`update ${outbox} set payload = jsonb_build_object('outcome', ${sql.placeholder('outcomeN')}::int)
      where ${outbox.key} = 'held-existing'`,
  ];

  /** One transaction that holds its jobs: enqueues `jobs`, a held write, and writes them with an outcome. */
  async function heldTransaction(
    n: number,
    jobs: { kind: string; payload?: unknown; key?: string; runAt?: Date }[],
  ) {
    await runWithRequestId(`req-held-${n}`, () =>
      database.db.transaction(async (tx) => {
        const before = (await tx.select().from(outbox)).length;
        holdJobs(tx);
        for (const job of jobs) await enqueue(tx, job);
        expect(holdWrite(tx, { ctes: markerWrite, values: { markerN: n } })).toBe(true);
        // Nothing is written before writeHeldJobs.
        expect(await tx.select().from(outbox)).toHaveLength(before);
        await writeHeldJobs(tx, { ctes: outcome, values: { outcomeN: n } });
      }),
    );
  }

  it('writes the jobs, the held writes and the outcome together, as separate inserts would have', async () => {
    await enqueue(database.db, { kind: 'held-before', key: 'held-existing' });
    const runAt = new Date(Date.UTC(2026, 10, 27, 12, 0, 0, 123));
    await heldTransaction(1, [
      { kind: 'held', payload: { n: 1 }, runAt },
      { kind: 'held', payload: { n: 2 }, key: 'held-dup' },
      { kind: 'held', payload: { n: 3 }, key: 'held-dup' },
      { kind: 'held', payload: { n: 4 }, key: 'held-existing' },
      { kind: 'held' },
    ]);
    const held = (await jobsOf('held')).sort((a, b) => a.id - b.id);
    // One job per key (the first enqueued), none over a key already taken, in the order enqueued.
    expect(held.map((job) => [job.payload, job.key, job.requestId])).toEqual([
      [{ n: 1 }, null, 'req-held-1'],
      [{ n: 2 }, 'held-dup', 'req-held-1'],
      [{}, null, 'req-held-1'],
    ]);
    expect(held[0]!.runAt.toISOString()).toBe(runAt.toISOString());
    expect((await jobsOf('held-write')).map((job) => job.payload)).toEqual([{ n: 1 }]);
    expect((await jobsOf('held-before')).map((job) => job.payload)).toEqual([{ outcome: 1 }]);

    // The same parts with another number of jobs: the text built for the first call binds these too.
    await heldTransaction(2, [{ kind: 'held', payload: { n: 5 } }]);
    expect((await jobsOf('held')).map((job) => job.payload)).toContainEqual({ n: 5 });
    expect(await jobsOf('held')).toHaveLength(4);
    expect((await jobsOf('held-write')).map((job) => job.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await jobsOf('held-before')).map((job) => job.payload)).toEqual([{ outcome: 2 }]);
  });

  it('writes nothing when its transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        holdJobs(tx);
        await enqueue(tx, { kind: 'held', payload: { n: 1 } });
        holdWrite(tx, { ctes: markerWrite, values: { markerN: 1 } });
        await writeHeldJobs(tx);
        expect(await tx.select().from(outbox).where(eq(outbox.kind, 'held'))).toHaveLength(1);
        throw new Error('refused after the write');
      }),
    ).rejects.toThrow('refused after the write');
    expect(await jobsOf('held')).toHaveLength(0);
    expect(await jobsOf('held-write')).toHaveLength(0);
  });

  it('a write outside a transaction that holds its jobs is left to its caller', async () => {
    expect(holdWrite(database.db, { ctes: markerWrite, values: { markerN: 1 } })).toBe(false);
  });
});

describe('runDueJobs', () => {
  it('runs due jobs once with their payload and leaves future ones for later', async () => {
    const seen: unknown[] = [];
    const handlers: JobHandlers = { echo: { run: async (payload) => void seen.push(payload) } };
    const now = new Date();
    await enqueue(database.db, { kind: 'echo', payload: { n: 1 }, runAt: now });
    await enqueue(database.db, { kind: 'echo', payload: { n: 2 }, runAt: new Date(now.getTime() + MINUTE) });

    expect(await runDueJobs(database.db, { handlers, now })).toEqual({ claimed: 1, done: 1, failed: 0 });
    expect(await runDueJobs(database.db, { handlers, now })).toEqual({ claimed: 0, done: 0, failed: 0 });
    expect(seen).toEqual([{ n: 1 }]);
    await runDueJobs(database.db, { handlers, now: new Date(now.getTime() + MINUTE) });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await jobsOf('echo')).every((job) => job.doneAt !== null && job.lockedUntil === null)).toBe(true);
  });

  it('retries a job that throws later, with backoff, without holding up the others', async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      flaky: {
        run: async () => {
          calls += 1;
          if (calls === 1) throw new Error('provider down');
        },
      },
      steady: { run: async () => {} },
    };
    const now = new Date();
    await enqueue(database.db, { kind: 'flaky', runAt: now });
    await enqueue(database.db, { kind: 'steady', runAt: now });

    expect(await runDueJobs(database.db, { handlers, now })).toEqual({ claimed: 2, done: 1, failed: 1 });
    const [steady] = await jobsOf('steady');
    expect(steady!.doneAt).not.toBeNull();
    const [failed] = await jobsOf('flaky');
    expect(failed).toMatchObject({
      attempts: 1,
      doneAt: null,
      lockedUntil: null,
      lastError: 'provider down',
    });
    expect(failed!.runAt.getTime()).toBe(now.getTime() + backoffMs(1));

    // Not before its backoff is over; then it runs and succeeds.
    expect((await runDueJobs(database.db, { handlers, now: new Date(now.getTime() + 1_000) })).claimed).toBe(
      0,
    );
    const later = new Date(now.getTime() + backoffMs(1));
    expect(await runDueJobs(database.db, { handlers, now: later })).toEqual({
      claimed: 1,
      done: 1,
      failed: 0,
    });
    expect(calls).toBe(2);
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
  });

  it('gives a one-off job up after its last attempt and keeps its error', async () => {
    const handlers: JobHandlers = {
      doomed: {
        maxAttempts: 2,
        run: async () => {
          throw new Error('invalid payload');
        },
      },
    };
    let now = new Date();
    await enqueue(database.db, { kind: 'doomed', runAt: now });
    for (let i = 0; i < 4; i++) {
      await runDueJobs(database.db, { handlers, now });
      now = new Date(now.getTime() + 2 * 60 * MINUTE);
    }
    const [job] = await jobsOf('doomed');
    expect(job).toMatchObject({ attempts: 2, doneAt: null, lastError: 'invalid payload' });
    expect(job!.failedAt).not.toBeNull();
  });

  it('logs a job that waits as expected as a wait, and one that fails as a warning', async () => {
    const lines: Array<{ level: string; message: string }> = [];
    const record =
      (level: string) =>
      (...args: unknown[]) => {
        lines.push({ level, message: String(args.at(-1)) });
      };
    // pino's overloaded LogFn has no plain function type: a recorder of (…args) stands for each level.
    const log = { info: record('info'), warn: record('warn'), error: record('error') } as unknown as JobLog;
    const handlers: JobHandlers = {
      waits: {
        run: async () => {
          throw new JobNotYetError('credit note waits for its invoice');
        },
      },
      breaks: {
        run: async () => {
          throw new Error('the peer answered 500');
        },
      },
    };
    const now = new Date();
    await enqueue(database.db, { kind: 'waits', runAt: now });
    await enqueue(database.db, { kind: 'breaks', runAt: now });
    expect(await runDueJobs(database.db, { handlers, now, log })).toMatchObject({ claimed: 2, failed: 2 });
    expect(lines.filter((line) => line.message === 'job waits').map((line) => line.level)).toEqual(['info']);
    expect(lines.filter((line) => line.message === 'job failed').map((line) => line.level)).toEqual(['warn']);
    // Still an attempt, retried with backoff like a failure.
    const [waiting] = await jobsOf('waits');
    expect(waiting).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
  });

  it('takes back the job of a worker whose lease ran out, and ignores the late result of the first', async () => {
    let release: () => void = () => {};
    let runs = 0;
    const handlers: JobHandlers = {
      slow: {
        run: async () => {
          runs += 1;
          if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        },
      },
    };
    const now = new Date();
    await enqueue(database.db, { kind: 'slow', runAt: now });
    const first = runDueJobs(database.db, { handlers, now, leaseMs: MINUTE });
    await waitFor(async () => runs === 1);

    // Within the lease nobody else takes it; after it, another worker does.
    expect((await runDueJobs(database.db, { handlers, now: new Date(now.getTime() + 30_000) })).claimed).toBe(
      0,
    );
    const second = await runDueJobs(database.db, { handlers, now: new Date(now.getTime() + 2 * MINUTE) });
    expect(second).toEqual({ claimed: 1, done: 1, failed: 0 });
    release();
    await first;
    const [job] = await jobsOf('slow');
    expect(job!.attempts).toBe(2);
    expect(job!.doneAt!.getTime()).toBe(now.getTime() + 2 * MINUTE);
  });

  it('a recurring job has one row, reschedules itself after each run and never gives up', async () => {
    let fail = true;
    const handlers: JobHandlers = {
      tick: {
        everyMs: MINUTE,
        maxAttempts: 1,
        run: async () => {
          if (fail) throw new Error('database busy');
        },
      },
    };
    const now = new Date();
    await scheduleRecurringJobs(database.db, handlers, now);
    await scheduleRecurringJobs(database.db, handlers, now);
    expect(await jobsOf('tick')).toHaveLength(1);

    await runDueJobs(database.db, { handlers, now });
    let [job] = await jobsOf('tick');
    expect(job).toMatchObject({ failedAt: null, lastError: 'database busy' });
    // Retried no later than its next turn, even though the backoff would be longer.
    expect(job!.runAt.getTime()).toBe(now.getTime() + Math.min(backoffMs(1), MINUTE));

    fail = false;
    const later = new Date(now.getTime() + MINUTE);
    await runDueJobs(database.db, { handlers, now: later });
    [job] = await jobsOf('tick');
    expect(job).toMatchObject({ attempts: 0, doneAt: null, failedAt: null, lastError: null });
    expect(job!.runAt.getTime()).toBe(later.getTime() + MINUTE);
  });
});

describe('jobs of a kind run together (runMany)', () => {
  it('one call for a batch; the jobs it says failed retry with backoff, the others are done', async () => {
    const calls: number[][] = [];
    const handlers: JobHandlers = {
      many: {
        run: async () => {
          throw new Error('run alone: not expected');
        },
        runMany: async (jobs) => {
          calls.push(jobs.map((job) => (job.payload as { n: number }).n));
          return new Map(
            jobs
              .filter((job) => (job.payload as { n: number }).n === 2)
              .map((job) => [job.id, new Error('two is busy')]),
          );
        },
      },
      single: { run: async () => {} },
    };
    const now = new Date();
    for (const n of [1, 2, 3]) await enqueue(database.db, { kind: 'many', payload: { n }, runAt: now });
    await enqueue(database.db, { kind: 'single', runAt: now });

    expect(await runDueJobs(database.db, { handlers, now })).toEqual({ claimed: 4, done: 3, failed: 1 });
    expect(calls).toEqual([[1, 2, 3]]);
    const rows = await jobsOf('many');
    const two = rows.find((job) => (job.payload as { n: number }).n === 2)!;
    expect(two).toMatchObject({ doneAt: null, lockedUntil: null, lastError: 'two is busy', attempts: 1 });
    expect(two.runAt.getTime()).toBe(now.getTime() + backoffMs(1));
    expect(rows.filter((job) => job.doneAt !== null)).toHaveLength(2);
  });

  it('a batch that throws runs again job by job, so the bad job fails alone', async () => {
    const alone: number[] = [];
    const handlers: JobHandlers = {
      many: {
        run: async (payload) => {
          const { n } = payload as { n: number };
          alone.push(n);
          if (n === 2) throw new Error('payload two does not parse');
        },
        runMany: async () => {
          throw new Error('payload two does not parse');
        },
      },
    };
    const now = new Date();
    for (const n of [1, 2, 3]) await enqueue(database.db, { kind: 'many', payload: { n }, runAt: now });

    expect(await runDueJobs(database.db, { handlers, now })).toEqual({ claimed: 3, done: 2, failed: 1 });
    expect(alone.sort()).toEqual([1, 2, 3]);
    const failed = (await jobsOf('many')).filter((job) => job.doneAt === null);
    expect(failed.map((job) => job.lastError)).toEqual(['payload two does not parse']);
  });
});

describe('workers', () => {
  it('two workers running at once never run the same job twice', async () => {
    const total = 120;
    await database.db
      .insert(outbox)
      .values(Array.from({ length: total }, (_, n) => ({ kind: 'count', payload: { n } })));
    const runs = new Map<number, number>();
    const perWorker = [0, 0];
    const workers = [0, 1].map((w) =>
      startOutboxWorker({
        db: database.db,
        pollMs: 5,
        batchSize: 4,
        handlers: {
          count: {
            run: async (payload) => {
              const { n } = payload as { n: number };
              runs.set(n, (runs.get(n) ?? 0) + 1);
              perWorker[w]! += 1;
              await sleep(3);
            },
          },
        },
      }),
    );
    try {
      await waitFor(async () => {
        const [row] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(sql`${outbox.doneAt} is not null`);
        return Number(row!.n) === total;
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(perWorker[0]! + perWorker[1]!).toBe(total);
    // Both took their share (on PGlite the single connection makes them take turns instead).
    if (usePostgres) expect(Math.min(...perWorker)).toBeGreaterThan(0);
  });

  it('a slow job holds only its own slot: the others are claimed and done around it', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await enqueue(database.db, { kind: 'slow' });
    await database.db
      .insert(outbox)
      .values(Array.from({ length: 30 }, (_, n) => ({ kind: 'quick', payload: { n } })));
    const worker = startOutboxWorker({
      db: database.db,
      pollMs: 5,
      batchSize: 4,
      handlers: { slow: { run: async () => released }, quick: { run: async () => void (await sleep(2)) } },
    });
    try {
      await waitFor(async () => (await jobsOf('quick')).every((job) => job.doneAt !== null));
      const [slow] = await jobsOf('slow');
      expect(slow!.doneAt).toBeNull();
    } finally {
      release();
      // Stopping waits for the running job and writes its outcome.
      await worker.stop();
    }
    const [slow] = await jobsOf('slow');
    expect(slow).toMatchObject({ attempts: 1, lockedUntil: null });
    expect(slow!.doneAt).not.toBeNull();
  });
});
