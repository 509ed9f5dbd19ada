/**
 * What ending an insurance early costs and gives back (DOMAIN.md "Ending an insurance"): one pure function
 * that both the preview the customer reads before confirming and the cancellation that applies it call,
 * so the figures on screen, on the credit note, in the notification and in the wallet movement are the
 * same to the centavo.
 *
 * - A customer's baja "now" ends the cover today; the days from tomorrow to the end of the paid period are
 *   unused and their share of the premium comes back, by whole days, rounded down to the centavo.
 * - A baja "at the end of the period" keeps the cover until its end date and gives nothing back.
 * - Paid but not started yet: it ends today whatever the mode, and all of it comes back.
 * - The botón de arrepentimiento (Ley 24.240 art. 34): within 10 calendar days of contracting, all of
 *   it comes back, whatever was used.
 */
import { addDays, daysBetween } from './insurance.ts';
import { splitIva } from './invoices.ts';

export const CANCELLATION_MODES = ['now', 'end_of_period'] as const;
export type CancellationMode = (typeof CANCELLATION_MODES)[number];

/** Ley 24.240 art. 34: a contract made at a distance can be revoked within 10 calendar days. */
export const WITHDRAWAL_DAYS = 10;

export type PaidCover = {
  /** What the customer paid for the cover, IVA included, in centavos. */
  paidCents: number;
  startsOn: string;
  endsOn: string;
  /** IVA rate of the cover in basis points (2100 = 21 %; 0 for exempt life insurance). */
  ivaRateBps: number;
};

export type CancellationTerms = {
  mode: CancellationMode;
  /** The last day of cover. */
  endsOn: string;
  refundCents: number;
  keptCents: number;
  /** The refund split as its credit note shows it. */
  refundNetCents: number;
  refundIvaCents: number;
};

function terms(
  mode: CancellationMode,
  endsOn: string,
  cover: PaidCover,
  refundCents: number,
): CancellationTerms {
  const { netCents, ivaCents } = splitIva(refundCents, cover.ivaRateBps);
  return {
    mode,
    endsOn,
    refundCents,
    keptCents: cover.paidCents - refundCents,
    refundNetCents: netCents,
    refundIvaCents: ivaCents,
  };
}

/** The unused share of the premium when the cover ends on `lastDay` (inclusive), by whole days, rounded down. */
export function unusedShareCents(cover: PaidCover, lastDay: string): number {
  const totalDays = Math.max(1, daysBetween(cover.startsOn, cover.endsOn));
  const unusedDays = Math.max(0, Math.min(totalDays, daysBetween(lastDay, cover.endsOn)));
  return Math.floor((cover.paidCents * unusedDays) / totalDays);
}

/** The terms of a customer's baja asked for on `today` (an Argentine calendar day). */
export function cancellationTerms(
  cover: PaidCover,
  today: string,
  mode: CancellationMode,
): CancellationTerms {
  if (today < cover.startsOn) return terms('now', today, cover, cover.paidCents);
  if (mode === 'end_of_period' || today >= cover.endsOn)
    return terms('end_of_period', cover.endsOn, cover, 0);
  return terms('now', today, cover, unusedShareCents(cover, today));
}

/** The last day the botón de arrepentimiento can be used for a contract made on `contractedOn`. */
export function withdrawalDeadline(contractedOn: string): string {
  return addDays(contractedOn, WITHDRAWAL_DAYS);
}

/** The terms of a withdrawal (arrepentimiento): the cover ends today and everything paid comes back. */
export function withdrawalTerms(cover: PaidCover, today: string): CancellationTerms {
  return terms('now', today < cover.endsOn ? today : cover.endsOn, cover, cover.paidCents);
}
