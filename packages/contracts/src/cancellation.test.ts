/**
 * The refund rules hold for any cover, premium and day (issue "Money as it really moves"): property tests
 * over random start and end dates, premiums, IVA rates and cancellation days, 500 cases each.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cancellationTerms,
  type PaidCover,
  unusedShareCents,
  withdrawalDeadline,
  withdrawalTerms,
} from './cancellation.ts';
import { addDays, daysBetween } from './insurance.ts';

const RUNS = { numRuns: 500 };
const BASE = '2024-01-01';

/** A paid cover of 1 to 400 days starting within three years, and a day from a month before to a month after. */
const coverAndDay = fc
  .record({
    startOffset: fc.integer({ min: 0, max: 1100 }),
    days: fc.integer({ min: 1, max: 400 }),
    paidCents: fc.integer({ min: 1, max: 2_000_000_00 }),
    ivaRateBps: fc.constantFrom(0, 1050, 2100, 2700),
    dayOffset: fc.integer({ min: -30, max: 430 }),
  })
  .map(({ startOffset, days, paidCents, ivaRateBps, dayOffset }) => {
    const startsOn = addDays(BASE, startOffset);
    const cover: PaidCover = { paidCents, startsOn, endsOn: addDays(startsOn, days), ivaRateBps };
    return { cover, today: addDays(startsOn, dayOffset) };
  });
const mode = fc.constantFrom('now' as const, 'end_of_period' as const);

describe('cancellation terms', () => {
  it('refund is between 0 and what was paid, and refund + kept is what was paid to the centavo', () => {
    fc.assert(
      fc.property(coverAndDay, mode, ({ cover, today }, m) => {
        const t = cancellationTerms(cover, today, m);
        expect(Number.isInteger(t.refundCents)).toBe(true);
        expect(t.refundCents).toBeGreaterThanOrEqual(0);
        expect(t.refundCents).toBeLessThanOrEqual(cover.paidCents);
        expect(t.refundCents + t.keptCents).toBe(cover.paidCents);
      }),
      RUNS,
    );
  });

  it("the credit note's net and IVA add up to the refund, and the IVA is the rate's share", () => {
    fc.assert(
      fc.property(coverAndDay, mode, ({ cover, today }, m) => {
        const t = cancellationTerms(cover, today, m);
        expect(t.refundNetCents + t.refundIvaCents).toBe(t.refundCents);
        expect(t.refundNetCents).toBeGreaterThanOrEqual(0);
        const exactIva = (t.refundNetCents * cover.ivaRateBps) / 10_000;
        expect(Math.abs(t.refundIvaCents - exactIva)).toBeLessThanOrEqual(1);
      }),
      RUNS,
    );
  });

  it('rounding never gives back more than the unused days are worth, nor a centavo less than their floor', () => {
    fc.assert(
      fc.property(coverAndDay, ({ cover, today }) => {
        fc.pre(today >= cover.startsOn && today < cover.endsOn);
        const t = cancellationTerms(cover, today, 'now');
        const total = daysBetween(cover.startsOn, cover.endsOn);
        const exact = (cover.paidCents * daysBetween(today, cover.endsOn)) / total;
        expect(t.refundCents).toBeLessThanOrEqual(exact);
        expect(t.refundCents).toBeGreaterThan(exact - 1);
        expect(t.endsOn).toBe(today);
      }),
      RUNS,
    );
  });

  it('a later baja never gives back more than an earlier one', () => {
    fc.assert(
      fc.property(coverAndDay, fc.integer({ min: 1, max: 60 }), ({ cover, today }, later) => {
        const first = cancellationTerms(cover, today, 'now');
        const second = cancellationTerms(cover, addDays(today, later), 'now');
        expect(second.refundCents).toBeLessThanOrEqual(first.refundCents);
      }),
      RUNS,
    );
  });

  it('before the start all of it comes back; at the end of the period nothing does and the cover keeps its end', () => {
    fc.assert(
      fc.property(coverAndDay, ({ cover, today }) => {
        const t = cancellationTerms(cover, today, 'end_of_period');
        if (today < cover.startsOn) {
          expect(t).toMatchObject({ mode: 'now', refundCents: cover.paidCents, endsOn: today });
        } else {
          expect(t).toMatchObject({ mode: 'end_of_period', refundCents: 0, endsOn: cover.endsOn });
        }
      }),
      RUNS,
    );
  });

  it('a withdrawal gives back everything paid, whatever was used', () => {
    fc.assert(
      fc.property(coverAndDay, ({ cover, today }) => {
        const t = withdrawalTerms(cover, today);
        expect(t.refundCents).toBe(cover.paidCents);
        expect(t.keptCents).toBe(0);
        expect(t.refundNetCents + t.refundIvaCents).toBe(cover.paidCents);
      }),
      RUNS,
    );
  });

  it('the unused share of a whole period is all of it, and of a finished one nothing', () => {
    const cover: PaidCover = {
      paidCents: 10_000_01,
      startsOn: '2026-03-01',
      endsOn: '2026-03-31',
      ivaRateBps: 2100,
    };
    expect(unusedShareCents(cover, '2026-03-01')).toBe(10_000_01);
    expect(unusedShareCents(cover, '2026-03-31')).toBe(0);
    expect(unusedShareCents(cover, '2026-03-16')).toBe(Math.floor((10_000_01 * 15) / 30));
    expect(withdrawalDeadline('2026-11-26')).toBe('2026-12-06');
  });
});
