/**
 * Premiums (DOMAIN.md "Money"): net premium ("prima") from the coverage's rate, surcharges ("recargos")
 * on the net, taxes ("impuestos") on net plus surcharges, total ("premio"). Integer centavos throughout.
 */
import { daysBetween, type Premium } from './insurance.ts';
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
  tripType?: 'one_trip' | 'multi_trip' | 'long_stay' | undefined;
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
