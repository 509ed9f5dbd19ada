/**
 * Premiums (DOMAIN.md "Money"): net premium ("prima") from the coverage's rate, surcharges ("recargos")
 * on the net, taxes ("impuestos") on net plus surcharges, total ("premio"). Integer centavos throughout.
 */
import { addDays, daysBetween, type Premium } from './insurance.ts';
import { formatArs, roundCents } from './money.ts';

export type Pricing =
  | { kind: 'fixed_monthly'; monthly_cents: number }
  | {
      kind: 'by_insured_amount';
      monthly_rate_per_mille: number;
      min_insured_cents: number;
      max_insured_cents: number;
    }
  | { kind: 'travel_by_days'; daily_cents: { one_trip: number; multi_trip: number; long_stay: number } };

export type QuoteInput = {
  pricing: Pricing;
  surchargeBps: number;
  taxBps: number;
  /** Cover dates (YYYY-MM-DD); types without dates are quoted for one month. */
  startDate: string | null;
  endDate: string | null;
  insuredAmountCents?: number | undefined;
  tripType?: TripType | undefined;
  travellers?: number | undefined;
};

export class PricingError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * Whole months of cover, a started month counting as one. Months are a twelfth of a year, with a day of
 * slack so that a year (365 or 366 days, both allowed) is 12 months, not 13.
 */
export function coverMonths(startDate: string | null, endDate: string | null): number {
  if (!startDate || !endDate) return 1;
  return Math.max(1, Math.ceil((daysBetween(startDate, endDate) - 1) / (365 / 12)));
}

export function breakdown(netCents: number, surchargeBps: number, taxBps: number): Premium {
  const net = roundCents(netCents);
  const surcharges = roundCents((net * surchargeBps) / 10_000);
  const taxes = roundCents(((net + surcharges) * taxBps) / 10_000);
  const total = net + surcharges + taxes;
  return {
    net_cents: net,
    surcharges_cents: surcharges,
    taxes_cents: taxes,
    total_cents: total,
    net_nice: formatArs(net),
    surcharges_nice: formatArs(surcharges),
    taxes_nice: formatArs(taxes),
    total_nice: formatArs(total),
  };
}

export function quotePremium(input: QuoteInput): Premium {
  const { pricing } = input;
  switch (pricing.kind) {
    case 'fixed_monthly':
      return breakdown(
        pricing.monthly_cents * coverMonths(input.startDate, input.endDate),
        input.surchargeBps,
        input.taxBps,
      );
    case 'by_insured_amount': {
      const insured = input.insuredAmountCents ?? 0;
      if (insured < pricing.min_insured_cents || insured > pricing.max_insured_cents) {
        throw new PricingError(
          'insured_amount_cents',
          `El valor debe estar entre ${formatArs(pricing.min_insured_cents)} y ${formatArs(pricing.max_insured_cents)}.`,
        );
      }
      const monthly = roundCents((insured * pricing.monthly_rate_per_mille) / 1000);
      return breakdown(
        monthly * coverMonths(input.startDate, input.endDate),
        input.surchargeBps,
        input.taxBps,
      );
    }
    case 'travel_by_days': {
      const days =
        input.startDate && input.endDate ? Math.max(1, daysBetween(input.startDate, input.endDate) + 1) : 1;
      const daily = pricing.daily_cents[input.tripType ?? 'one_trip'];
      return breakdown(daily * days * Math.max(1, input.travellers ?? 1), input.surchargeBps, input.taxBps);
    }
  }
}

export type TripType = 'one_trip' | 'multi_trip' | 'long_stay';

/** A coverage's price list as the catalogue row keeps it. */
export type PriceList = { pricing: Pricing; surchargeBps: number; taxBps: number };

/**
 * The quote of a contract's answers (its risk and dates steps, saved or being typed): the API quotes the
 * saved answers with it and the flow shows the same figure as the customer types. A PricingError names
 * the field it cannot price (an insured amount out of range).
 */
export function quoteAnswers(
  terms: PriceList,
  answers: { risk?: Record<string, unknown> | undefined; dates?: Record<string, unknown> | undefined },
): Premium {
  const risk = answers.risk ?? {};
  const dates = answers.dates ?? {};
  const day = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return quotePremium({
    ...terms,
    startDate: day(dates.start_date),
    endDate: day(dates.end_date),
    insuredAmountCents: typeof risk.insured_amount_cents === 'number' ? risk.insured_amount_cents : undefined,
    tripType: risk.trip_type as TripType | undefined,
    travellers: Array.isArray(risk.travellers) ? risk.travellers.length : undefined,
  });
}

/** What bounds a coverage's options besides its pricing: the dates its risk type asks (definition `dates`). */
export type PricedDates = { kind: 'cover' | 'trip'; maxDays: number } | null;

/**
 * The cheapest quote a contract of this coverage can get, and what it is for: the period the premium
 * pays for (`periods` months, or `periods` days of trip), the insured amount and the trip type it assumes.
 */
export type CheapestQuote = {
  premium: Premium;
  period: 'mes' | 'día';
  periods: number;
  insuredAmountCents: number | null;
  tripType: TripType | null;
  /** The answers that get it: a flow that saves them is quoted `premium` (the catalogue's "desde"). */
  input: QuoteInput;
};

/**
 * The shortest dates a flow accepts from `today` (end after start, datesSchema): one day of cover (a
 * month's premium), a trip of two days (its start and end days are both covered).
 */
export function shortestDates(today: string): { startDate: string; endDate: string } {
  return { startDate: today, endDate: addDays(today, 1) };
}

/**
 * "Desde" (DOMAIN.md "Money"): the true minimum over the options a customer is offered, priced by
 * quotePremium itself: the lowest insured amount, the shortest dates allowed, the cheapest trip type,
 * one traveller. Whatever the catalogue says a coverage costs "desde" is a quote the flow can give.
 */
export function cheapestQuote(terms: PriceList, dates: PricedDates, today: string): CheapestQuote {
  const { pricing } = terms;
  const span = dates ? shortestDates(today) : { startDate: null, endDate: null };
  const base: QuoteInput = {
    pricing,
    surchargeBps: terms.surchargeBps,
    taxBps: terms.taxBps,
    ...span,
  };
  const quoted = (input: QuoteInput) => ({ input, premium: quotePremium(input) });
  switch (pricing.kind) {
    case 'fixed_monthly': {
      const q = quoted(base);
      return { ...q, period: 'mes', periods: 1, insuredAmountCents: null, tripType: null };
    }
    case 'by_insured_amount': {
      const q = quoted({ ...base, insuredAmountCents: pricing.min_insured_cents });
      return {
        ...q,
        period: 'mes',
        periods: 1,
        insuredAmountCents: pricing.min_insured_cents,
        tripType: null,
      };
    }
    case 'travel_by_days': {
      const options = (Object.keys(pricing.daily_cents) as TripType[]).map((tripType) => ({
        tripType,
        ...quoted({ ...base, tripType, travellers: 1 }),
      }));
      const cheapest = options.reduce((a, b) => (b.premium.total_cents < a.premium.total_cents ? b : a));
      const days = span.startDate && span.endDate ? daysBetween(span.startDate, span.endDate) + 1 : 1;
      return { ...cheapest, period: 'día', periods: days, insuredAmountCents: null };
    }
  }
}

/** A stored breakdown, with its `_nice` strings. */
export function premiumOf(parts: {
  netCents: number;
  surchargesCents: number;
  taxesCents: number;
  totalCents: number;
}): Premium {
  return {
    net_cents: parts.netCents,
    surcharges_cents: parts.surchargesCents,
    taxes_cents: parts.taxesCents,
    total_cents: parts.totalCents,
    net_nice: formatArs(parts.netCents),
    surcharges_nice: formatArs(parts.surchargesCents),
    taxes_nice: formatArs(parts.taxesCents),
    total_nice: formatArs(parts.totalCents),
  };
}
