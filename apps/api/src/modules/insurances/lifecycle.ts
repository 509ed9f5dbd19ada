/**
 * What happens to an insurance by the calendar rather than by anyone's action (DOMAIN.md "Statuses"):
 *  - `pendiente` still unpaid 72 h after it was created → `anulado` (nothing was paid, nothing to refund);
 *  - `pendiente` already paid (paid before its start date) whose `starts_on` day has come → `vigente`;
 *  - `vigente` with a scheduled cancellation ('baja programada') whose `cancels_on` day has passed →
 *    `cancelado` (no refund: the paid period ended);
 *  - `vigente` whose `ends_on` day has passed → `finalizado`.
 * Days are Argentine calendar days, and the cover includes its last day ("la cobertura termina el …"):
 * the status changes the day after `ends_on` / `cancels_on`, as the certificate check already reads it.
 *
 * A recurring outbox job sweeps every minute. Each insurance changes in its own transaction, re-checked
 * under a row lock, so a payment approved at the same moment either lands first (the insurance is in
 * force and stays so) or after (the payment service sends the money to the customer's money wallet).
 */
import { todayInArgentina } from '@cubierto/contracts';
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insurances } from '../../db/schema/index.ts';
import type { JobHandlers } from '../../lib/outbox.ts';
import { sweepById } from '../../lib/sweep-by-id.ts';
import { type EndingAction, endInsurance, startInsurance } from './status.ts';

/** A contract left unpaid this long is voided (DOMAIN.md). */
export const UNPAID_VOID_AFTER_MS = 72 * 3_600_000;
export const LIFECYCLE_SWEEP_EVERY_MS = 60_000;

export type LifecycleStatus = 'vigente' | 'anulado' | 'cancelado' | 'finalizado';
type InsuranceRow = typeof insurances.$inferSelect;

/** The action of the transition table (contracts insurance-status.ts) that ends an insurance by the calendar. */
const ENDED_BY: Record<Exclude<LifecycleStatus, 'vigente'>, EndingAction> = {
  anulado: 'expire_unpaid',
  cancelado: 'end_scheduled',
  finalizado: 'finish',
};

/** The status an insurance should move to now, if any. */
export function dueLifecycleStatus(
  row: Pick<InsuranceRow, 'status' | 'createdAt' | 'endsOn' | 'cancelsOn' | 'startsOn' | 'paidAt'>,
  now: Date,
): LifecycleStatus | null {
  const today = todayInArgentina(now);
  if (row.status === 'pendiente') {
    if (row.paidAt) return !row.startsOn || row.startsOn <= today ? 'vigente' : null;
    return now.getTime() - row.createdAt.getTime() >= UNPAID_VOID_AFTER_MS ? 'anulado' : null;
  }
  if (row.status !== 'vigente') return null;
  // The customer asked to leave: that ends it, even on the day its period would have ended anyway.
  if (row.cancelsOn && row.cancelsOn < today) return 'cancelado';
  if (row.endsOn && row.endsOn < today) return 'finalizado';
  return null;
}

async function moveInsurance(db: Db, insuranceId: number, now: Date): Promise<LifecycleStatus | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(insurances).where(eq(insurances.id, insuranceId)).for('update');
    if (!row) return null;
    const status = dueLifecycleStatus(row, now);
    if (!status) return null;
    if (status === 'vigente') await startInsurance(tx, row, now);
    else await endInsurance(tx, { insurance: row, action: ENDED_BY[status], now });
    return status;
  });
}

export type SweepResult = Record<LifecycleStatus, number>;

/**
 * Moves every insurance that is due, in batches. One that fails does not stop the others; the sweep then
 * throws (listing how many failed) so that its job is retried.
 */
export async function sweepInsuranceLifecycle(
  db: Db,
  options: { now?: Date; batchSize?: number } = {},
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const today = todayInArgentina(now);
  const unpaidSince = new Date(now.getTime() - UNPAID_VOID_AFTER_MS);
  const batchSize = options.batchSize ?? 200;
  return sweepById<keyof SweepResult>({
    batchSize,
    due: (afterId, limit) =>
      db
        .select({ id: insurances.id })
        .from(insurances)
        .where(
          and(
            gt(insurances.id, afterId),
            or(
              and(
                eq(insurances.status, 'pendiente'),
                isNull(insurances.paidAt),
                lte(insurances.createdAt, unpaidSince),
              ),
              and(
                eq(insurances.status, 'pendiente'),
                isNotNull(insurances.paidAt),
                lte(insurances.startsOn, today),
              ),
              and(
                eq(insurances.status, 'vigente'),
                or(lt(insurances.endsOn, today), lt(insurances.cancelsOn, today)),
              ),
            ),
          ),
        )
        .orderBy(asc(insurances.id))
        .limit(limit),
    settle: (id) => moveInsurance(db, id, now),
    counts: { vigente: 0, anulado: 0, cancelado: 0, finalizado: 0 },
    failed: 'insurance(s) could not change status',
  });
}

export const LIFECYCLE_SWEEP_JOB = 'insurances.lifecycle-sweep';

/** The outbox jobs of this module, started by the server's worker. */
export const insuranceJobs: JobHandlers = {
  [LIFECYCLE_SWEEP_JOB]: {
    everyMs: LIFECYCLE_SWEEP_EVERY_MS,
    async run(_payload, { db, now, log }) {
      const moved = await sweepInsuranceLifecycle(db, { now });
      if (Object.values(moved).some((count) => count > 0)) {
        log.info({ moved }, 'insurance lifecycle: statuses changed');
      }
    },
  },
};
