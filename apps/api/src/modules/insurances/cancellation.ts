/**
 * The customer's baja (DOMAIN.md "Ending an insurance"): the preview of what each way of ending the
 * insurance gives today, and the cancellation that applies one of them. Both read the figures from the
 * one pure `cancellationTerms` (contracts cancellation.ts), so what the customer reads before confirming is
 * what the answer, the wallet movement, the credit note and the notification carry, to the centavo.
 */
import {
  addDays,
  type CancellationMode,
  type CancellationOption,
  type CancellationPreview,
  type CancellationTerms,
  cancellationTerms,
  formatArs,
  type InsuranceDetail,
  ivaRateFor,
  type PaidCover,
  todayInArgentina,
} from '@cubierto/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { insurances, policies, riskTypes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyCancellation } from '../notifications/events.ts';
import { findInsurance } from './service.ts';
import { endInsurance } from './status.ts';

type InsuranceRow = typeof insurances.$inferSelect;

/** Whether it was paid: in force, or `pendiente` with its payment recorded (waiting for its start date). */
const isPaid = (row: InsuranceRow) => row.status !== 'pendiente' || !!row.paidAt;

/**
 * The insurance as a paid cover. One never paid has no cover that started: nothing comes back and it
 * ends today (its start is taken as tomorrow, so `cancellationTerms` reads it as not started).
 */
function coverOf(row: InsuranceRow, riskType: string, today: string): PaidCover {
  const ivaRateBps = ivaRateFor(riskType);
  if (!isPaid(row)) {
    const tomorrow = addDays(today, 1);
    return { paidCents: 0, startsOn: tomorrow, endsOn: tomorrow, ivaRateBps };
  }
  const startsOn = row.startsOn ?? today;
  return { paidCents: row.totalCents, startsOn, endsOn: row.endsOn ?? startsOn, ivaRateBps };
}

/**
 * The distinct ways this insurance may end today, by the mode asked: both while in force and nothing is
 * scheduled yet; only now once the end of the period is scheduled; one (now, all back) before its start.
 * On its last day both ways end today with nothing back, so only that one is offered.
 */
function optionsFor(row: InsuranceRow, cover: PaidCover, today: string): CancellationTerms[] {
  if (row.status !== 'vigente' && row.status !== 'pendiente') return [];
  const asked: CancellationMode[] =
    row.status === 'vigente' && !row.cancelsOn ? ['now', 'end_of_period'] : ['now'];
  const found = new Map<CancellationMode, CancellationTerms>();
  for (const mode of asked) {
    const terms = cancellationTerms(cover, today, mode);
    if (!found.has(terms.mode)) found.set(terms.mode, terms);
  }
  return [...found.values()];
}

function optionOut(terms: CancellationTerms): CancellationOption {
  return {
    mode: terms.mode,
    ends_on: terms.endsOn,
    refund_cents: terms.refundCents,
    refund_nice: formatArs(terms.refundCents),
    kept_cents: terms.keptCents,
    kept_nice: formatArs(terms.keptCents),
    refund_net_cents: terms.refundNetCents,
    refund_iva_cents: terms.refundIvaCents,
  };
}

async function ownInsurance(
  db: DbOrTx,
  input: { userId: number; insuranceId: number },
  lock: boolean,
): Promise<{ row: InsuranceRow; riskType: string }> {
  const query = db
    .select({ row: insurances, riskType: riskTypes.shortCode })
    .from(insurances)
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .where(and(eq(insurances.id, input.insuranceId), eq(insurances.userId, input.userId)));
  const [found] = lock ? await query.for('update', { of: insurances }) : await query;
  if (!found) throw new AppError('not_found', { message: 'La contratación no existe.' });
  return found;
}

/** GET /customers/insurances/{id}/cancellation-terms: the ways it may end today, with date and refund. */
export async function previewCancellation(
  deps: { db: DbOrTx },
  input: { userId: number; insuranceId: number; now?: Date },
): Promise<CancellationPreview> {
  const { row, riskType } = await ownInsurance(deps.db, input, false);
  const today = todayInArgentina(input.now ?? new Date());
  const cover = coverOf(row, riskType, today);
  return {
    insurance_id: row.id,
    today,
    paid_cents: cover.paidCents,
    paid_nice: formatArs(cover.paidCents),
    cancels_on: row.cancelsOn,
    options: optionsFor(row, cover, today).map(optionOut),
  };
}

/**
 * POST /customers/insurances/{id}/cancel: applies the terms of `mode` for today, in one transaction. Ending
 * now goes through `endInsurance` (status, refund to Mi dinero, credit note); the end of the period is
 * scheduled ('baja programada': the lifecycle job ends it the day after `cancels_on`). The customer is told
 * the same date and amount either way.
 */
export async function requestCancellation(
  deps: { db: Db },
  input: { userId: number; insuranceId: number; mode: CancellationMode; now?: Date },
): Promise<{ insurance: InsuranceDetail; cancellation: CancellationOption }> {
  const now = input.now ?? new Date();
  const today = todayInArgentina(now);
  const applied = await deps.db.transaction(async (tx) => {
    const { row, riskType } = await ownInsurance(tx, input, true);
    if (row.status !== 'vigente' && row.status !== 'pendiente')
      throw new AppError('insurance_not_cancellable');
    const terms = cancellationTerms(coverOf(row, riskType, today), today, input.mode);
    if (terms.mode === 'end_of_period' && row.cancelsOn) throw new AppError('cancellation_already_scheduled');
    // Told first: its key names the ending's fact, so endInsurance's plain "dado de baja" is not sent too.
    await notifyCancellation(tx, row, {
      ...terms,
      paid: isPaid(row),
      started: row.status === 'vigente',
    });
    if (terms.mode === 'end_of_period') {
      await tx
        .update(insurances)
        .set({ cancellationRequestedAt: now, cancelsOn: terms.endsOn, updatedAt: now })
        .where(eq(insurances.id, row.id));
      return terms;
    }
    await endInsurance(tx, {
      insurance: row,
      action: 'cancel',
      now,
      refundCents: terms.refundCents,
      set: { cancellationRequestedAt: now, cancelsOn: null },
      refusal: { code: 'insurance_not_cancellable' },
    });
    return terms;
  });
  return { insurance: await findInsurance(deps, input), cancellation: optionOut(applied) };
}
