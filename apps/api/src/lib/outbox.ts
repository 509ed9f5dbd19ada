/**
 * Background work through the transactional outbox. A business action enqueues a job with its own
 * transaction handle, so the job exists exactly when the change committed. Workers (one in every API
 * instance) claim due jobs with SELECT … FOR UPDATE SKIP LOCKED and a lease (`locked_until`): two
 * workers never hold the same job, and the job of a worker that died is taken again once its lease
 * ends. A failing job is retried later with exponential backoff and never holds up the others.
 *
 * A worker keeps up to `batchSize` jobs running (its slots). It claims as many due jobs as it has free
 * slots, one claim at a time: a job that ends frees its slot, and the next claim takes every slot freed
 * meanwhile, so a slow job holds only its own slot, never the others' (a pass that waited for its
 * slowest job before claiming again did). Outcomes are written back the same way: every job that ended
 * while the previous write was running goes in the next one, one statement for all of them. Claims and
 * writes thus cost a round trip per batch of jobs, not per job, however the jobs end. While claims come
 * back full the worker claims again as soon as a slot frees; when one finds fewer jobs than it asked
 * for it looks again after a tenth of `pollMs` (jobs are coming in), and when it finds none, after
 * `pollMs`.
 *
 * A handler may also take several jobs of its kind at once (`runMany`), with one statement where each
 * job would spend one (the notifications a payment enqueues are stored a claim's worth at a time). If
 * the batch throws, its jobs run again one by one (`run`), so a bad job fails alone.
 *
 * Delivery is at least once: a handler that outlives its lease, or a process that dies between a handler's
 * commit and the job's `done_at`, runs the job again. Handlers are therefore idempotent (they re-check,
 * under a row lock, the state they change).
 */

import { and, asc, inArray, isNull, lt, lte, or, SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type DbOrTx, statementOnce } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { currentRequestId, runWithRequestId } from './request-id.ts';

export type Job = typeof outbox.$inferSelect;
export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export type JobContext = { db: Db; now: Date; job: Job; log: JobLog };
export type BatchContext = {
  db: Db;
  now: Date;
  /** The log of one job of the batch: its lines carry the job and its request's id. */
  logOf(job: Job): JobLog;
};

export type JobHandler = {
  run(payload: unknown, context: JobContext): Promise<void>;
  /**
   * Runs several jobs of this kind at once (for fewer round trips than `run` each). Answers the error of
   * every job that failed, by job id; the others are done. If it throws, the jobs run one by one with
   * `run`. A job's own effects (jobs it enqueues) should carry its request id (runWithRequestId).
   */
  runMany?(jobs: Job[], context: BatchContext): Promise<Map<number, unknown>>;
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
  /** Jobs claimed at once, and a worker's jobs running at once. */
  batchSize: 100,
  leaseMs: 5 * 60_000,
  pollMs: 1_000,
  maxAttempts: 10,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
} as const;

const silentLog: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

type NewJob = typeof outbox.$inferInsert;

/**
 * A write handed to a transaction that holds its jobs (holdWrite), or run with them (writeHeldJobs'
 * `along`): data-modifying statements without a WITH of their own whose results nobody reads outside the
 * write, each run as a CTE of the held jobs' statement (`along`'s last one as its main query). A CTE the
 * write's other CTEs read is given a name (`{ as, query }`, the name the owner's and apart from the other
 * parts'); the others are named by their place. `ctes` is built once by its owner, written with
 * `sql.placeholder(name)` for every value, and is the same array on every call, so that statement's text
 * is built once for it (db/client.ts statementOnce); `values` binds them, read when the statement is sent
 * (an owner may add to them until then). The values' names are the owner's and stay apart from the other
 * parts' (`heldJobs` is the jobs').
 */
export type HeldWrite = { ctes: readonly HeldCte[]; values: Record<string, unknown> };
export type HeldCte = SQL | { as: string; query: SQL };

/** Work for after the commit of a transaction that holds its jobs: told the database it ran on. */
export type AfterCommit = (db: Db) => Promise<void>;

/** What a transaction that holds its jobs (holdJobs) waits to write in one statement, and to do after. */
type Held = { jobs: NewJob[]; writes: HeldWrite[]; afterCommit: AfterCommit[] };
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
    // microseconds, so a job enqueued in the same millisecond as a claim would look due a little later.
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
  held.set(tx, { jobs: [], writes: [], afterCommit: [] });
}

/**
 * In a transaction that holds its jobs, `work` runs once it has committed (writeHeldJobs answers it to the
 * caller that commits): answers true. Otherwise answers false.
 */
export function afterCommit(tx: DbOrTx, work: AfterCommit): boolean {
  const waiting = held.get(tx);
  if (!waiting) return false;
  waiting.afterCommit.push(work);
  return true;
}

/**
 * In a transaction that holds its jobs, `write` (an invoice whose id was taken beforehand, and its lines)
 * waits to run with them, in their statement: answers true. Otherwise answers false, and the caller runs it.
 */
export function holdWrite(tx: DbOrTx, write: HeldWrite): boolean {
  const waiting = held.get(tx);
  if (!waiting) return false;
  waiting.writes.push(write);
  return true;
}

/**
 * Writes the held jobs and writes and stops holding. With `along` (data-modifying statements of the same
 * transaction, the last one the statement's main query), one statement writes them all: one round trip.
 * Its text is built once for each set of parts (their `ctes` arrays, and whether there are jobs) and
 * bound on every call; the jobs go as one JSON value, whatever their number. Answers what is to run after
 * the commit (afterCommit), for the caller to run once it committed: nothing runs when it rolls back.
 */
export async function writeHeldJobs(tx: DbOrTx, along?: HeldWrite): Promise<AfterCommit[]> {
  const { jobs: all, writes, afterCommit: after } = held.get(tx) ?? { jobs: [], writes: [], afterCommit: [] };
  held.delete(tx);
  // One job per key, the first one enqueued, as separate inserts would have left it.
  const seen = new Set<string>();
  const jobs = all.filter((job) => {
    if (job.key === null || job.key === undefined) return true;
    if (seen.has(job.key)) return false;
    seen.add(job.key);
    return true;
  });
  if (writes.length === 0 && jobs.length === 0 && !along) return after;
  const parts = along ? [...writes, along] : writes;
  const values: Record<string, unknown> = {};
  for (const part of parts) Object.assign(values, part.values);
  if (jobs.length > 0) values.heldJobs = JSON.stringify(jobs.map(jobRecord));
  await heldStatement(
    parts.map((part) => part.ctes),
    jobs.length > 0,
    along !== undefined,
  )(tx, values);
  return after;
}

/** A held job as a record of heldJobsSql's JSON. */
function jobRecord(job: NewJob) {
  return {
    kind: job.kind,
    payload: job.payload ?? {},
    key: job.key ?? null,
    request_id: job.requestId ?? null,
    run_at: (job.runAt ?? new Date()).toISOString(),
  };
}

/** The held jobs' insert: every job in one JSON value (`heldJobs`), in the order they were enqueued. */
const heldJobsSql = sql`insert into ${outbox} (kind, payload, key, request_id, run_at)
  select job.kind, job.payload, job.key, job.request_id, job.run_at
  from jsonb_to_recordset(${sql.placeholder('heldJobs')}::jsonb)
    as job(kind text, payload jsonb, key text, request_id text, run_at timestamptz)
  on conflict (key) do nothing`;

/**
 * The held statement of one set of parts, built once: the parts' ids (each `ctes` array gets one when
 * first seen) name it. At most HELD_STATEMENTS_MAX of them are kept; past that (parts built on every
 * call, against HeldWrite's rule) the statement is built for its call alone, as drizzle would.
 */
function heldStatement(
  parts: (readonly HeldCte[])[],
  withJobs: boolean,
  withAlong: boolean,
): (tx: DbOrTx, values: Record<string, unknown>) => Promise<unknown> {
  const ids = parts.map((ctes) => {
    let id = partIds.get(ctes);
    if (id === undefined) {
      partCount += 1;
      id = partCount;
      partIds.set(ctes, id);
    }
    return id;
  });
  const shape = `${ids.join(',')}|${withJobs ? 'jobs' : ''}|${withAlong ? 'along' : ''}`;
  let statement = heldStatements.get(shape);
  if (statement) return statement;
  statement = statementOnce<Record<string, unknown>>(() => heldSql(parts, withJobs, withAlong));
  if (heldStatements.size < HELD_STATEMENTS_MAX) heldStatements.set(shape, statement);
  return statement;
}

const HELD_STATEMENTS_MAX = 50;
const heldStatements = new Map<string, (tx: DbOrTx, values: Record<string, unknown>) => Promise<unknown>>();
const partIds = new WeakMap<readonly HeldCte[], number>();
let partCount = 0;

/** The held statement's text: every part's writes and the jobs as CTEs, `along`'s last one the main query. */
function heldSql(parts: (readonly HeldCte[])[], withJobs: boolean, withAlong: boolean): SQL {
  const ctes = parts.flat();
  const last = withAlong ? ctes.pop() : undefined;
  const main = last === undefined || last instanceof SQL ? last : last.query;
  const named = ctes.map((write, i) =>
    write instanceof SQL
      ? sql`${sql.raw(`held_write_${i}`)} as (${write})`
      : sql`${sql.identifier(write.as)} as (${write.query})`,
  );
  if (withJobs) named.push(sql`held_jobs as (${heldJobsSql})`);
  if (named.length === 0) return main ?? sql`select 1`;
  return sql`with ${sql.join(named, sql`, `)} ${main ?? sql`select 1`}`;
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

/** What is written back for one job that ran: its row's new state. */
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
 * Writes back the given jobs in one statement (one round trip for all of them, not one per job), and
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

/** A job that ran: how its row is to be written back, and what it failed with (undefined: done). */
type Outcome = { job: Job; handler: JobHandler | undefined; settlement: Settlement; error: unknown };

type RunOptions = { handlers: JobHandlers; db: Db; now: Date; log: JobLog };

function outcomeOf(job: Job, handler: JobHandler | undefined, now: Date, failed: boolean, error: unknown) {
  return failed
    ? { job, handler, settlement: failedWith(job, handler, now, error), error }
    : { job, handler, settlement: succeeded(job, handler!, now), error: undefined };
}

/** Runs one job alone, as part of the request that enqueued it (the jobs its handler enqueues too). */
function runOne(job: Job, { handlers, db, now, log }: RunOptions): Promise<Outcome> {
  return runWithRequestId(job.requestId, async () => {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler.run(job.payload, { db, now, job, log: jobLog(log, job) });
      return outcomeOf(job, handler, now, false, undefined);
    } catch (error) {
      return outcomeOf(job, handler, now, true, error);
    }
  });
}

/**
 * Splits claimed jobs into what runs as one: the jobs of a kind whose handler takes several at once
 * together, every other job alone.
 */
function unitsOf(jobs: Job[], handlers: JobHandlers): Job[][] {
  const units: Job[][] = [];
  const batches = new Map<string, Job[]>();
  for (const job of jobs) {
    if (!handlers[job.kind]?.runMany) {
      units.push([job]);
      continue;
    }
    const batch = batches.get(job.kind);
    if (batch) batch.push(job);
    else {
      const first = [job];
      batches.set(job.kind, first);
      units.push(first);
    }
  }
  return units;
}

/** Runs a unit: its jobs together (runMany), or each alone; a batch that throws runs again one by one. */
async function runUnit(jobs: Job[], options: RunOptions): Promise<Outcome[]> {
  const handler = options.handlers[jobs[0]!.kind];
  if (jobs.length > 1 && handler?.runMany) {
    const { db, now, log } = options;
    try {
      // The batch as a whole belongs to no request: a handler hands each job's effects its own.
      const failures = await runWithRequestId(undefined, () =>
        handler.runMany!(jobs, { db, now, logOf: (job) => jobLog(log, job) }),
      );
      return jobs.map((job) => outcomeOf(job, handler, now, failures.has(job.id), failures.get(job.id)));
    } catch (error) {
      log.warn(
        { err: error, kind: jobs[0]!.kind, jobs: jobs.length },
        'job batch failed, running it job by job',
      );
    }
  }
  return Promise.all(jobs.map((job) => runOne(job, options)));
}

/** Writes the outcomes back (one statement) and logs each job; answers how many were done. */
async function record(db: Db, outcomes: Outcome[], log: JobLog): Promise<number> {
  try {
    await settle(
      db,
      outcomes.map((o) => o.settlement),
    );
  } catch (settleError) {
    // The leases run out and another claim takes the jobs again (delivery is at least once).
    for (const { job } of outcomes)
      jobLog(log, job).error({ err: settleError }, 'could not record a job outcome');
    return 0;
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
  return done;
}

/**
 * One pass: claims a batch of due jobs, runs them side by side and writes their outcomes back. Tests call
 * it with their own `now`, and with `onlyHandled` to claim only the kinds they give handlers for (the
 * others stay untouched).
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
  const run: RunOptions = { handlers: options.handlers, db, now, log };
  const outcomes = (
    await Promise.all(unitsOf(jobs, options.handlers).map((unit) => runUnit(unit, run)))
  ).flat();
  const done = outcomes.length > 0 ? await record(db, outcomes, log) : 0;
  return { claimed: jobs.length, done, failed: jobs.length - done };
}

export type OutboxWorker = { stop(): Promise<void> };

/**
 * The in-process worker (see the file's comment): up to `batchSize` jobs running, a claim whenever slots
 * are free and due jobs are left, outcomes written back together. Started by the server in every API
 * instance; tests start it only when they test it.
 */
export function startOutboxWorker(options: {
  db: Db;
  handlers: JobHandlers;
  log?: JobLog;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /**
   * Claims only the kinds it has handlers for: a lane of its own for jobs that would hold the others up
   * (the ARCA authorisations queue on their sequence's lease one after another), beside a worker for the
   * others.
   */
  onlyHandled?: boolean;
}): OutboxWorker {
  const { db, handlers } = options;
  const log = options.log ?? silentLog;
  const pollMs = options.pollMs ?? OUTBOX_DEFAULTS.pollMs;
  const slots = options.batchSize ?? OUTBOX_DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs;
  const kinds = options.onlyHandled ? Object.keys(handlers) : undefined;
  let stopped = false;
  let scheduled = false;
  /** Jobs claimed and not yet ended. */
  let running = 0;
  /** The last claim left due jobs behind (it filled every free slot): claim again once a slot frees. */
  let more = false;
  let claiming: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const units = new Set<Promise<void>>();
  /** Ended jobs waiting to be written back, and the write running now. */
  const ended: Outcome[] = [];
  let writing: Promise<void> | undefined;

  const write = () => {
    if (writing || ended.length === 0) return;
    const outcomes = ended.splice(0);
    writing = record(db, outcomes, log).then(() => {
      writing = undefined;
      write();
    });
  };

  const start = (jobs: Job[], now: Date) => {
    running += jobs.length;
    for (const jobsOfUnit of unitsOf(jobs, handlers)) {
      const unit = runUnit(jobsOfUnit, { handlers, db, now, log })
        // Handlers' errors are outcomes; anything else leaves the jobs to their lease's end.
        .catch((error: unknown) => {
          log.error({ err: error }, 'outbox jobs could not run');
          return [];
        })
        .then((outcomes) => {
          units.delete(unit);
          running -= jobsOfUnit.length;
          ended.push(...outcomes);
          write();
          if (more) claim();
        });
      units.add(unit);
    }
  };

  const claim = () => {
    if (stopped || claiming || running >= slots) return;
    clearTimeout(timer);
    const free = slots - running;
    claiming = (async () => {
      let wait = pollMs;
      try {
        if (!scheduled) {
          await scheduleRecurringJobs(db, handlers);
          scheduled = true;
        }
        const now = new Date();
        const jobs = await claimJobs(db, now, free, leaseMs, kinds);
        start(jobs, now);
        more = jobs.length === free;
        // Some due jobs but fewer than free slots: more are coming in, look again soon.
        if (jobs.length > 0) wait = Math.ceil(pollMs / 10);
      } catch (error) {
        more = false;
        log.error({ err: error }, 'outbox claim failed');
      }
      claiming = undefined;
      if (stopped) return;
      if (more) claim();
      else timer = setTimeout(claim, wait);
    })();
  };
  timer = setTimeout(claim, 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await claiming;
      await Promise.all(units);
      while (writing) await writing;
    },
  };
}

/**
 * The server's workers: one per lane, each claiming only its own kinds, and one for every other kind
 * `handlers` names. A lane's jobs (the ARCA authorisations, which run one after another under their
 * sequence's lease, ARCA's answers taking their time) then never take the slots of the others (the
 * notifications a payment enqueues). Every worker claims only the kinds it handles: a job of a kind no
 * worker here knows (enqueued by a newer instance during a rolling deploy) waits, untouched, for an
 * instance that does, instead of failing here.
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
