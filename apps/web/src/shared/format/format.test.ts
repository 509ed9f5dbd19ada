/**
 * es-AR formatting: money from centavos, dates and the API's calendar days; its Intl formatters are built
 * when first needed (whenNeeded), not as a page's code is evaluated.
 */
import { describe, expect, it, vi } from 'vitest';
import { formatCents, formatDay, formatLongDate, whenNeeded } from './format.ts';

describe('es-AR formatting', () => {
  it('shows pesos from centavos, and days as the API means them', () => {
    expect(formatCents(406_560).replace(/\s/g, ' ')).toBe('$ 4.065,60');
    expect(formatDay('2026-01-31')).toBe('31 de enero de 2026');
    expect(formatDay('2026-01-31T00:00:00Z')).toBe('31 de enero de 2026');
    expect(formatDay(null)).toBe('');
    expect(formatDay('no es una fecha')).toBe('');
    expect(formatLongDate('2026-03-05T15:00:00-03:00')).toBe('5 de marzo de 2026');
    expect(formatLongDate('nunca')).toBe('');
  });

  it('builds each formatter the first time it is needed, once', () => {
    const make = vi.fn(() => ({ made: true }));
    const formatter = whenNeeded(make);
    expect(make).not.toHaveBeenCalled();
    const first = formatter();
    expect(formatter()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
