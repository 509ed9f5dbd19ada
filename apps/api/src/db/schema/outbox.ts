/**
 * The transactional outbox: background jobs written in the same transaction as the business change that
 * asks for them, and claimed by workers with FOR UPDATE SKIP LOCKED (lib/outbox.ts).
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it ('insurances.lifecycle-sweep' …). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /**
     * At most one job per key: a recurring job's key is its kind; a one-off job may name the fact it
     * stands for so that enqueuing it twice is harmless.
     */
    key: text('key').unique(),
    runAt: moment('run_at').notNull().defaultNow(),
    /** Claims so far; also the fencing token a worker's result must match. */
    attempts: integer('attempts').notNull().default(0),
    /** A claimed job belongs to its worker until then; after it, another worker may take it. */
    lockedUntil: moment('locked_until'),
    doneAt: moment('done_at'),
    /** Given up after too many attempts; kept with its last error for an operator to look at. */
    failedAt: moment('failed_at'),
    lastError: text('last_error'),
    /** The id of the request that enqueued it (its x-request-id), logged with every run; null for recurring jobs. */
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.runAt, t.id).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);
