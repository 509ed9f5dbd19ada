import { describe, expect, it } from 'vitest';
import { cheapestQuote, quotePremium } from './pricing.ts';

const terms = { surchargeBps: 500, taxBps: 2100 };
const TODAY = '2026-03-10';

describe('cheapestQuote ("desde")', () => {
  it('prices a fixed monthly coverage for one month, with surcharges and taxes', () => {
    const q = cheapestQuote(
      { ...terms, pricing: { kind: 'fixed_monthly', monthly_cents: 690_000 } },
      { kind: 'cover', maxDays: 366 },
      TODAY,
    );
    expect(q.premium.total_cents).toBe(876_645);
    expect(q).toMatchObject({ period: 'mes', periods: 1, insuredAmountCents: null, tripType: null });
  });

  it('prices an insured-amount coverage at its lowest amount, and says so', () => {
    const pricing = {
      kind: 'by_insured_amount' as const,
      monthly_rate_per_mille: 18,
      min_insured_cents: 15_000_000,
      max_insured_cents: 150_000_000,
    };
    const q = cheapestQuote({ ...terms, pricing }, { kind: 'cover', maxDays: 366 }, TODAY);
    expect(q.insuredAmountCents).toBe(15_000_000);
    expect(q.premium.total_cents).toBe(
      quotePremium({
        ...terms,
        pricing,
        insuredAmountCents: 15_000_000,
        startDate: TODAY,
        endDate: '2026-04-09',
      }).total_cents,
    );
    // A dearer phone is quoted more: 450.000 costs three times 150.000.
    const dearer = quotePremium({
      ...terms,
      pricing,
      insuredAmountCents: 45_000_000,
      startDate: null,
      endDate: null,
    });
    expect(dearer.total_cents).toBeGreaterThan(q.premium.total_cents * 2.99);
  });

  it('prices travel at its cheapest trip type, one traveller, the shortest trip (two days)', () => {
    const pricing = {
      kind: 'travel_by_days' as const,
      daily_cents: { one_trip: 190_000, multi_trip: 150_000, long_stay: 110_000 },
    };
    const q = cheapestQuote({ ...terms, pricing }, { kind: 'trip', maxDays: 365 }, TODAY);
    expect(q).toMatchObject({ period: 'día', periods: 2, tripType: 'long_stay' });
    expect(q.input).toMatchObject({ startDate: TODAY, endDate: '2026-03-11', travellers: 1 });
    expect(q.premium.total_cents).toBe(quotePremium(q.input).total_cents);
    expect(q.premium.net_cents).toBe(220_000);
  });
});
