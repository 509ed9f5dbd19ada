/**
 * The risk-type rule table against the spec's own lists, written out here rather than computed from the
 * table (spec §4 flow groups, §5 images, date range and special clauses). The literal steps each type
 * follows are pinned by the API's contracting test (apps/api/src/modules/insurances/insurances.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { motorcycleYears, RISK_TYPE_CODES, RISK_TYPES, type RiskTypeCode } from './risk-types.ts';

const codesWhere = (rule: (code: RiskTypeCode) => boolean) => RISK_TYPE_CODES.filter(rule).sort();

describe('risk-type rules as the spec lists them', () => {
  it('has the 12 risk types of spec §1', () => {
    expect([...RISK_TYPE_CODES].sort()).toEqual(
      [
        'personal-accident',
        'life',
        'bag',
        'motorcycle',
        'telemedicine',
        'home',
        'store',
        'travel-assistance',
        'protected-purchase',
        'specific-vehicle-cargo',
        'bicycle',
        'cell-phone',
      ].sort(),
    );
  });

  it('flow 1 = personal-accident, telemedicine, travel-assistance; flow 2 = cell-phone, bicycle, motorcycle (§4)', () => {
    expect(codesWhere((c) => RISK_TYPES[c].flowGroup === 1)).toEqual(
      ['personal-accident', 'telemedicine', 'travel-assistance'].sort(),
    );
    expect(codesWhere((c) => RISK_TYPES[c].flowGroup === 2)).toEqual(
      ['cell-phone', 'bicycle', 'motorcycle'].sort(),
    );
  });

  it('two images only for cell-phone and bicycle; special clauses only for personal-accident (§5)', () => {
    expect(codesWhere((c) => RISK_TYPES[c].twoPhotos)).toEqual(['bicycle', 'cell-phone']);
    expect(codesWhere((c) => RISK_TYPES[c].specialClauses)).toEqual(['personal-accident']);
  });

  it('a date range for the nine types of §5', () => {
    expect(codesWhere((c) => RISK_TYPES[c].dateRange)).toEqual(
      [
        'cell-phone',
        'bicycle',
        'motorcycle',
        'home',
        'store',
        'bag',
        'life',
        'protected-purchase',
        'telemedicine',
      ].sort(),
    );
  });

  it('offers motorcycle years from the current year back to the current year minus 29 (§5, §9)', () => {
    const years = motorcycleYears(new Date('2025-10-23T12:00:00Z'));
    expect(years).toHaveLength(30);
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(1996);
  });
});
