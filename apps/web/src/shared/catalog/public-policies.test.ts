import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../../test/catalog-fixtures.ts';
import { premiumFromText } from './public-policies.ts';

const base = coverageOf().premium_from;

describe('"desde" says what it pays for (DOMAIN.md "Money")', () => {
  it('a monthly premium', () => {
    const coverage = coverageOf({
      premium_from: { ...base, insured_amount_cents: null, insured_amount_nice: null },
    });
    expect(premiumFromText(coverage)).toBe('desde $ 3.430,35/mes');
  });

  it('a premium priced on the insured amount names the amount', () => {
    expect(premiumFromText(coverageOf())).toBe('desde $ 3.430,35/mes por una suma asegurada de $ 150.000,00');
  });

  it('travel: the shortest trip, its trip type and one traveller', () => {
    const coverage = coverageOf({
      premium_from: {
        amount_cents: 279_510,
        amount_nice: '$ 2.795,10',
        period: 'día',
        periods: 2,
        insured_amount_cents: null,
        insured_amount_nice: null,
        trip_type: 'long_stay',
      },
    });
    expect(premiumFromText(coverage)).toBe(
      'desde $ 2.795,10 por un viaje de 2 días (Larga estadía, 1 viajero)',
    );
  });
});
