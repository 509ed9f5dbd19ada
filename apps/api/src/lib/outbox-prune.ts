/**
 * The hourly prune of the outbox: a job done more than `OUTBOX_DONE_KEPT_MS` ago is deleted, so the table
 * (one row per notification, invoice and payment job) holds the jobs still to run, the given-up ones (kept
 * with their error for an operator), the recurring ones and the last month's done ones, instead of growing
 * with every payment for ever.
 *
 * A done job's row also keeps its key taken (enqueueing the same key again is a no-op); past the month
 * that guard is gone, which is safe because the facts those keys stand for happen once (an insurance comes
 * into force once, a payment fails once) and every handler re-checks under a row lock the state it
 * changes before acting (lib/outbox.ts).
 *
 * The rows are walked by id through the primary key, a batch per statement that deletes the batch's done
 * and old rows: no index on `done_at` is needed (it would cost every job's completion an index write),
 * and the walk stops at the first batch holding a job created after the cutoff, since ids grow with
 * creation and a job done before the cutoff was created before it.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import type { JobHandlers } from './outbox.ts';

export const OUTBOX_PRUNE_JOB = 'outbox.prune-done';
/** How long a done job is kept: a month, for whoever looks into what happened to a payment. */
export const OUTBOX_DONE_KEPT_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const BATCH = 1_000;

type Batch = { last_id: number | null; seen: number; removed: number; reached: boolean | null };

/** Deletes the jobs done before `now - OUTBOX_DONE_KEPT_MS`; answers how many went. */
export async function pruneDoneJobs(db: Db, now = new Date(), batchSize = BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_DONE_KEPT_MS).toISOString();
  let afterId = 0;
  let removed = 0;
  for (;;) {
    const [batch] = rowsOf<Batch>(
      await db.execute(sql`
        with batch as (
          select id, done_at, created_at from outbox where id > ${afterId} order by id limit ${batchSize}
        ), gone as (
          delete from outbox o using batch b
          where o.id = b.id and b.done_at is not null and b.done_at < ${cutoff}::timestamptz
          returning o.id
        )
        select
          (select max(id) from batch)::bigint as last_id,
          (select count(*) from batch)::int as seen,
          (select count(*) from gone)::int as removed,
          (select bool_or(created_at >= ${cutoff}::timestamptz) from batch) as reached`),
    );
    if (!batch) break;
    removed += batch.removed;
    if (batch.seen < batchSize || batch.reached || batch.last_id === null) break;
    afterId = Number(batch.last_id);
  }
  return removed;
}

export const outboxJobs: JobHandlers = {
  [OUTBOX_PRUNE_JOB]: {
    everyMs: PRUNE_EVERY_MS,
    async run(_payload, context) {
      const removed = await pruneDoneJobs(context.db, context.now);
      if (removed) context.log.info({ removed }, 'done outbox jobs pruned');
    },
  },
};
