import { describe, expect, it } from 'vitest';
import { centsToPesos, pesosToCents } from './amounts.ts';

describe('amounts as an operator types them', () => {
  it('reads dots that group thousands as thousands, not as a decimal point', () => {
    expect(pesosToCents('45.000')).toBe(4_500_000);
    expect(pesosToCents('1.234.567')).toBe(123_456_700);
    expect(pesosToCents('1.234,50')).toBe(123_450);
  });

  it('reads a lone dot with one or two decimals as a decimal point, and refuses what is not a number', () => {
    expect(pesosToCents('1234.5')).toBe(123_450);
    expect(pesosToCents('45.25')).toBe(4_525);
    expect(pesosToCents('45,25')).toBe(4_525);
    expect(pesosToCents('')).toBeNaN();
    expect(pesosToCents('cuarenta')).toBeNaN();
  });

  it('reads back what it shows', () => {
    for (const cents of [0, 1, 4_525, 123_450, 4_500_000])
      expect(pesosToCents(centsToPesos(cents))).toBe(cents);
  });
});
