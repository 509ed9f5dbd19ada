import { describe, expect, it } from 'vitest';
import { bajaButtonCovers, PublicRightsBodySchema } from './rights.ts';
import { RISK_TYPE_CODES, riskTypeRule } from './risk-types.ts';

describe('the botón de baja (SSN Res. 360/2024 as amended by Res. 435/2025)', () => {
  it('covers the risk types in the branches the regulation lists, and no other', () => {
    const covered = RISK_TYPE_CODES.filter((code) => bajaButtonCovers(riskTypeRule(code))).sort();
    expect(covered).toEqual(
      [
        'bag',
        'bicycle',
        'cell-phone',
        'home',
        'motorcycle',
        'personal-accident',
        'protected-purchase',
        'store',
      ].sort(),
    );
  });

  it('every built-in risk type names its SSN branch', () => {
    for (const code of RISK_TYPE_CODES) expect(riskTypeRule(code).ssnBranch, code).toBeDefined();
  });
});

describe('a signed-out request', () => {
  it('reads a document with dots or dashes and an e-mail in any case', () => {
    expect(
      PublicRightsBodySchema.parse({
        insurance_number: ' CUB-1 ',
        document_number: '28.123.456',
        email: ' Ana@Example.COM ',
      }),
    ).toEqual({ insurance_number: 'CUB-1', document_number: '28123456', email: 'ana@example.com' });
    expect(
      PublicRightsBodySchema.safeParse({ insurance_number: 'x', document_number: '12', email: 'a@b.co' })
        .success,
    ).toBe(false);
  });
});
