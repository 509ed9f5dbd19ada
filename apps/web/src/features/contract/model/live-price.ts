/**
 * The price of a contract as its answers stand (issue 19 item 1): the premio the quote will give, by the
 * quote's own function (contracts quoteAnswers over the coverage's price list), for the months of cover
 * or the days of trip it pays. Null while the answers cannot be priced yet (no insured amount, one out of
 * range, no trip type).
 */
import {
  coverMonths,
  daysBetween,
  type InsuranceProcess,
  type Premium,
  PricingError,
  quoteAnswers,
} from '@cubierto/contracts';
import { partValues, type ScreenPart, stepDefaults } from './step-values.ts';

type Answers = InsuranceProcess['answers'];

export type LivePrice = { premium: Premium; unit: 'months' | 'days'; count: number };

const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/** The dates as typed when they make a range, none otherwise (priced as the quote prices no dates). */
function datesOf(answers: Answers): { start_date: string; end_date: string } | undefined {
  const start = day(answers.dates?.start_date);
  const end = day(answers.dates?.end_date);
  return start && end && end > start ? { start_date: start, end_date: end } : undefined;
}

export function livePrice(process: InsuranceProcess, answers: Answers): LivePrice | null {
  const { pricing, surcharge_bps: surchargeBps, tax_bps: taxBps } = process.coverage.price_terms;
  const risk = answers.risk ?? {};
  if (pricing.kind === 'by_insured_amount' && typeof risk.insured_amount_cents !== 'number') return null;
  if (pricing.kind === 'travel_by_days' && !risk.trip_type) return null;
  const dates = datesOf(answers);
  let premium: Premium;
  try {
    premium = quoteAnswers({ pricing, surchargeBps, taxBps }, { risk, dates });
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
  if (pricing.kind === 'travel_by_days') {
    const days = dates ? daysBetween(dates.start_date, dates.end_date) + 1 : 1;
    return { premium, unit: 'days', count: days };
  }
  return { premium, unit: 'months', count: coverMonths(dates?.start_date ?? null, dates?.end_date ?? null) };
}

/**
 * The saved answers with the steps of the screen being typed in place of their saved versions; dates not
 * answered yet are the ones the dates step will propose (a trip's price is for its days, not for a day).
 */
export function answersWith(
  process: InsuranceProcess,
  parts: readonly ScreenPart[],
  values: Record<string, unknown>,
  today: string,
): Answers {
  const answers: Answers = { ...process.answers };
  for (const part of parts) answers[part.step] = partValues(values, part) as Answers[keyof Answers];
  if (process.steps.includes('dates') && !answers.dates)
    answers.dates = stepDefaults(process, 'dates', { today }) as Answers['dates'];
  return answers;
}
