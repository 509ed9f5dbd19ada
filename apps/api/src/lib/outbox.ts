/**
 * Background work through the transactional outbox. A business action enqueues a job with its own
 * transaction handle, so the job exists exactly when the change committed. Workers (one in every API
 * instance) claim due jobs in batches with SELECT … FOR UPDATE SKIP LOCKED and a lease (`locked_until`):
 * two workers never hold the same job, and the job of a worker that died is taken again once its lease
 * ends. A failing job is retried later with exponential backoff and never holds up the others.
 *
 * Delivery is at least once: a handler that outlives its lease, or a process that dies between a handler's
 * commit and the job's `done_at`, runs the job again. Handlers are therefore idempotent (they re-check,
 * under a row lock, the state they change).
 */

import { and, asc, inArray, isNull, lt, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { currentRequestId, runWithRequestId } from './request-id.ts';

export type Job = typeof outbox.$inferSelect;
export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export type JobContext = { db: Db; now: Date; job: Job; log: JobLog };

export type JobHandler = {
  run(payload: unknown, context: JobContext): Promise<void>;
  /** A recurring job: one row (key = kind) that reschedules itself this long after each run. */
  everyMs?: number;
  /** Attempts before a one-off job is given up (`failed_at`); recurring jobs never give up. */
  maxAttempts?: number;
};
export type JobHandlers = Record<string, JobHandler>;

/**
 * Thrown by a handler whose job cannot do its work yet, as expected (an ARCA credit note waiting for its
 * invoice's CAE, a sequence another job holds): retried with the same backoff as a failure, but logged as
 * a wait (info, no stack) rather than a failure, so the warnings say only what went wrong. It still counts
 * as an attempt: a job that waits for ever is given up like any other, and logged as an error.
 */
export class JobNotYetError extends Error {
  override name = 'JobNotYetError';
}

export const OUTBOX_DEFAULTS = {
  batchSize: 10,
  leaseMs: 5 * 60_000,
  pollMs: 1_000,
  maxAttempts: 10,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
} as const;

const silentLog: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

type NewJob = typeof outbox.$inferInsert;

/**
 * What a transaction that holds its jobs (holdJobs) waits to write in one statement: the jobs, and other
 * writes handed over whole (holdWrite), each a data-modifying statement run as a CTE of that statement.
 */
type Held = { jobs: NewJob[]; writes: SQL[] };
const held = new WeakMap<DbOrTx, Held>();

/**
 * Adds a job inside the caller's transaction. A job whose key is already taken is not added again. The
 * job carries the id of the request that enqueued it (lib/request-id.ts), if any. In a transaction that
 * holds its jobs (holdJobs) the job waits to be written with the others, in the same transaction.
 */
export async function enqueue(
  tx: DbOrTx,
  job: { kind: string; payload?: unknown; runAt?: Date; key?: string },
): Promise<void> {
  const row: NewJob = {
    kind: job.kind,
    payload: job.payload ?? {},
    key: job.key ?? null,
    requestId: currentRequestId() ?? null,
    // The app's clock, in whole milliseconds, as the workers compare it: the database's own now() keeps
    // microseconds, so a job enqueued in the same millisecond as a pass would look due a little later.
    runAt: job.runAt ?? new Date(),
  };
  const waiting = held.get(tx);
  if (waiting) {
    waiting.jobs.push(row);
    return;
  }
  await tx.insert(outbox).values(row).onConflictDoNothing({ target: outbox.key });
}

/**
 * From now on, jobs enqueued with this transaction handle wait in memory instead of costing a statement
 * each; `writeHeldJobs` writes them all in one statement (or in front of another one), before the commit.
 * For a business action that enqueues several jobs on its hot path (a wallet payment: the movement's
 * notification, the insurance in force, the invoice's authorisation).
 */
export function holdJobs(tx: DbOrTx): void {
  held.set(tx, { jobs: [], writes: [] });
}

/**
 * In a transaction that holds its jobs, `writes` (data-modifying statements whose results nobody reads,
 * without a WITH of their own: an invoice whose id was taken beforehand, and its lines) wait to run with
 * them, in their statement: answers true. Otherwise answers false, and the caller runs them.
 */
export function holdWrite(tx: DbOrTx, ...writes: SQL[]): boolean {
  const waiting = held.get(tx);
  if (!waiting) return false;
  waiting.writes.push(...writes);
  return true;
}

/** Forgets the held jobs and writes (their work was undone) and keeps holding. */
export function dropHeldJobs(tx: DbOrTx): void {
  if (held.has(tx)) holdJobs(tx);
}

/**
 * Writes the held jobs and writes and stops holding. With `along`, one statement writes them and runs
 * `along` (a data-modifying statement of the same transaction, as a CTE's main query): one round trip.
 */
export async function writeHeldJobs(tx: DbOrTx, along?: SQLWrapper): Promise<void> {
  const { jobs: all, writes } = held.get(tx) ?? { jobs: [], writes: [] };
  held.delete(tx);
  // One job per key, the first one enqueued, as separate inserts would have left it.
  const seen = new Set<string>();
  const jobs = all.filter((job) => {
    if (job.key === null || job.key === undefined) return true;
    if (seen.has(job.key)) return false;
    seen.add(job.key);
    return true;
  });
  const ctes = writes.map((write, i) => sql`${sql.raw(`held_write_${i}`)} as (${write})`);
  if (jobs.length > 0) {
    const insert = tx.insert(outbox).values(jobs).onConflictDoNothing({ target: outbox.key });
    ctes.push(sql`held_jobs as (${insert.getSQL()})`);
  }
  const main = along ? along.getSQL() : ctes.length > 0 ? sql`select 1` : undefined;
  if (!main) return;
  await tx.execute(ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${main}` : main);
}

/** Makes sure every recurring kind has its row; harmless when another instance already made it. */
export async function scheduleRecurringJobs(db: DbOrTx, handlers: JobHandlers, now = new Date()) {
  for (const [kind, handler] of Object.entries(handlers)) {
    // A recurring job belongs to no request, whichever started the worker.
    if (handler.everyMs)
      await runWithRequestId(undefined, () => enqueue(db, { kind, key: kind, runAt: now }));
  }
}

/** The log of one job's run: every line carries the job and the id of the request that enqueued it. */
function jobLog(log: JobLog, job: Job): JobLog {
  const fields = {
    job: { id: job.id, kind: job.kind, attempts: job.attempts },
    ...(job.requestId ? { reqId: job.requestId } : {}),
  };
  const wrap =
    (level: keyof JobLog) =>
    (first: unknown, ...rest: unknown[]) => {
      const write = log[level] as (...args: unknown[]) => void;
      if (first !== null && typeof first === 'object' && !(first instanceof Error)) {
        write.call(log, { ...fields, ...first }, ...rest);
      } else if (first instanceof Error) {
        write.call(log, { ...fields, err: first }, ...rest);
      } else {
        write.call(log, fields, first, ...rest);
      }
    };
  return { info: wrap('info'), warn: wrap('warn'), error: wrap('error') } as JobLog;
}

/** 30 s, 1 min, 2 min … up to an hour: the wait after the given number of failed attempts. */
export function backoffMs(attempts: number): number {
  const { backoffBaseMs, backoffMaxMs } = OUTBOX_DEFAULTS;
  return Math.min(backoffMaxMs, backoffBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims up to `batchSize` due jobs: not done, not given up, due, and unleased or with an expired lease.
 * Rows another worker is claiming right now are skipped, not waited for.
 */
async function claimJobs(
  db: Db,
  now: Date,
  batchSize: number,
  leaseMs: number,
  kinds?: string[],
): Promise<Job[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        kinds ? inArray(outbox.kind, kinds) : undefined,
        isNull(outbox.doneAt),
        isNull(outbox.failedAt),
        lte(outbox.runAt, now),
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(outbox.runAt), asc(outbox.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
}

/** What a pass writes back for one job it ran: its row's new state. */
type Settlement = {
  job: Job;
  doneAt: Date | null;
  failedAt: Date | null;
  /** When it runs next; null keeps the row's `run_at`. */
  runAt: Date | null;
  /** A recurring job starts counting its attempts again. */
  resetAttempts: boolean;
  lastError: string | null;
};

function succeeded(job: Job, handler: JobHandler, now: Date): Settlement {
  if (handler.everyMs) {
    const runAt = new Date(now.getTime() + handler.everyMs);
    return { job, doneAt: null, failedAt: null, runAt, resetAttempts: true, lastError: null };
  }
  return { job, doneAt: now, failedAt: null, runAt: null, resetAttempts: false, lastError: null };
}

function failedWith(job: Job, handler: JobHandler | undefined, now: Date, error: unknown): Settlement {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const maxAttempts = handler?.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
  if (!handler?.everyMs && job.attempts >= maxAttempts)
    return { job, doneAt: null, failedAt: now, runAt: null, resetAttempts: false, lastError };
  const wait = Math.min(backoffMs(job.attempts), handler?.everyMs ?? Number.POSITIVE_INFINITY);
  const runAt = new Date(now.getTime() + wait);
  return { job, doneAt: null, failedAt: null, runAt, resetAttempts: false, lastError };
}

const at = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Writes back every job of a pass in one statement (one round trip per pass, not one per job), and
 * releases their leases. Only the worker holding the current claim may settle a job: attempts is the
 * fencing token, so the late result of a worker whose lease ran out changes nothing.
 */
async function settle(db: Db, settlements: Settlement[]): Promise<void> {
  if (settlements.length === 0) return;
  const rows = settlements.map(
    (s) =>
      sql`(${s.job.id}::bigint, ${s.job.attempts}::integer, ${at(s.doneAt)}::timestamptz, ${at(s.failedAt)}::timestamptz, ${at(s.runAt)}::timestamptz, ${s.resetAttempts}::boolean, ${s.lastError}::text)`,
  );
  await db.execute(sql`update ${outbox} as o set
      done_at = v.done_at,
      failed_at = v.failed_at,
      run_at = coalesce(v.run_at, o.run_at),
      attempts = case when v.reset_attempts then 0 else o.attempts end,
      locked_until = null,
      last_error = v.last_error
    from (values ${sql.join(rows, sql`, `)}) as v(id, attempts, done_at, failed_at, run_at, reset_attempts, last_error)
    where o.id = v.id and o.attempts = v.attempts and o.done_at is null`);
}

export type RunResult = { claimed: number; done: number; failed: number };

/**
 * One pass: claims a batch of due jobs and runs them side by side. Tests call it with their own `now`,
 * and with `onlyHandled` to claim only the kinds they give handlers for (the others stay untouched).
 */
export async function runDueJobs(
  db: Db,
  options: {
    handlers: JobHandlers;
    now?: Date;
    batchSize?: number;
    leaseMs?: number;
    log?: JobLog;
    onlyHandled?: boolean;
  },
): Promise<RunResult> {
  const now = options.now ?? new Date();
  const log = options.log ?? silentLog;
  const jobs = await claimJobs(
    db,
    now,
    options.batchSize ?? OUTBOX_DEFAULTS.batchSize,
    options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs,
    options.onlyHandled ? Object.keys(options.handlers) : undefined,
  );
  const outcomes = await Promise.all(
    jobs.map((job) =>
      // Jobs the handler enqueues belong to the same request.
      runWithRequestId(job.requestId, async () => {
        const handler = options.handlers[job.kind];
        try {
          if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
          await handler.run(job.payload, { db, now, job, log: jobLog(log, job) });
          return { job, handler, settlement: succeeded(job, handler, now), error: undefined };
        } catch (error) {
          return { job, handler, settlement: failedWith(job, handler, now, error), error };
        }
      }),
    ),
  );
  try {
    await settle(
      db,
      outcomes.map((o) => o.settlement),
    );
  } catch (settleError) {
    // The leases run out and another pass takes the jobs again (delivery is at least once).
    for (const { job } of outcomes)
      jobLog(log, job).error({ err: settleError }, 'could not record a job outcome');
    return { claimed: jobs.length, done: 0, failed: jobs.length };
  }
  let done = 0;
  for (const { job, handler, settlement, error } of outcomes) {
    const runLog = jobLog(log, job);
    if (error === undefined) {
      done += 1;
      if (!handler?.everyMs) runLog.info('job done');
    } else if (settlement.failedAt) runLog.error({ err: error }, 'job failed');
    else if (error instanceof JobNotYetError) runLog.info({ reason: error.message }, 'job waits');
    else runLog.warn({ err: error }, 'job failed');
  }
  return { claimed: jobs.length, done, failed: jobs.length - done };
}

export type OutboxWorker = { stop(): Promise<void> };

/**
 * The in-process worker: a pass every `pollMs`, or at once again after a full batch. Started by the
 * server in every API instance; tests start it only when they test it.
 */
export function startOutboxWorker(options: {
  db: Db;
  handlers: JobHandlers;
  log?: JobLog;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /**
   * Claims only the kinds it has handlers for: a lane of its own for jobs that would hold a pass up (the
   * ARCA authorisations queue on their sequence's lease one after another, and a pass waits for its
   * slowest job), beside a worker for the others.
   */
  onlyHandled?: boolean;
}): OutboxWorker {
  const log = options.log ?? silentLog;
  const pollMs = options.pollMs ?? OUTBOX_DEFAULTS.pollMs;
  const batchSize = options.batchSize ?? OUTBOX_DEFAULTS.batchSize;
  let stopped = false;
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;

  const tick = async () => {
    let delay = pollMs;
    try {
      if (!scheduled) {
        await scheduleRecurringJobs(options.db, options.handlers);
        scheduled = true;
      }
      const result = await runDueJobs(options.db, {
        handlers: options.handlers,
        batchSize,
        log,
        ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
        ...(options.onlyHandled ? { onlyHandled: true } : {}),
      });
      if (result.claimed === batchSize) delay = 0;
    } catch (error) {
      log.error({ err: error }, 'outbox pass failed');
    }
    if (!stopped) timer = setTimeout(run, delay);
  };
  const run = () => {
    pass = tick();
  };
  timer = setTimeout(run, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}

/**
 * The server's workers: one per lane, each claiming only its own kinds, and one for every other kind
 * `handlers` names. A lane's jobs (the ARCA authorisations, which take their sequence's lease one after
 * another) then never hold up a pass of the others (the notifications a payment enqueues).
 */
export function startOutboxWorkers(options: {
  db: Db;
  handlers: JobHandlers;
  lanes: JobHandlers[];
  log?: JobLog;
}): OutboxWorker {
  const workers = [options.handlers, ...options.lanes].map((handlers) =>
    startOutboxWorker({
      db: options.db,
      handlers,
      onlyHandled: true,
      ...(options.log ? { log: options.log } : {}),
    }),
  );
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
