import { describe, expect, it } from 'vitest';
import { centsToPesos, percentToBps, pesosToCents } from './amounts.ts';

describe('amounts as an operator types them', () => {
  it('reads pesos in es-AR or plain notation as centavos', () => {
    expect(pesosToCents('1.234,50')).toBe(123_450);
    expect(pesosToCents('1234.5')).toBe(123_450);
    expect(pesosToCents('20000000')).toBe(2_000_000_000);
    expect(pesosToCents('')).toBeNaN();
    expect(pesosToCents('mil')).toBeNaN();
    expect(centsToPesos(123_450)).toBe('1234.5');
  });

  it('reads percentages as basis points', () => {
    expect(percentToBps('21')).toBe(2100);
    expect(percentToBps('10,5')).toBe(1050);
    expect(percentToBps(' ')).toBeNaN();
  });
});
