/**
 * The registry's own guarantees: each definition's fields are its answers schema's keys, in order; a risk
 * type can be registered (the 13th-risk-type test in the API does it end to end); and no code outside this
 * folder branches on a risk-type code — a `switch`/`case` or a comparison with one is the registry's job.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allRiskTypes,
  col,
  defineRiskType,
  isRiskTypeCode,
  RISK_TYPE_CODES,
  type RiskTypeCode,
  RiskTypeCodeSchema,
  registerRiskType,
  riskTypeRule,
  unregisterRiskType,
} from './index.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('the risk-type registry', () => {
  it.each(RISK_TYPE_CODES)('%s: its fields are the keys of its answers schema, in the same order', (code) => {
    const schema = riskTypeRule(code).answers(now) as unknown as z.ZodObject;
    expect(riskTypeRule(code).fields.map((f) => f.key)).toEqual(Object.keys(schema.shape));
    const order = riskTypeRule(code).formOrder;
    if (order) expect([...order].sort()).toEqual(Object.keys(schema.shape).sort());
  });

  it('at most one field identifies the insured object or person of a type', () => {
    for (const rule of allRiskTypes())
      expect(rule.fields.filter((f) => f.identifies).length, rule.code).toBeLessThanOrEqual(1);
  });

  it('registers a new risk type, finds it by code and accepts its code in answers', () => {
    const extra = defineRiskType({
      code: 'registry-test',
      name: 'Prueba',
      plural: 'Pruebas',
      flowGroup: 2,
      dates: null,
      twoPhotos: false,
      specialClauses: false,
      externalLink: false,
      pricing: 'fixed_monthly',
      answers: () => z.strictObject({ serial: z.string().min(1) }),
      fields: [
        { key: 'serial', kind: 'text', identifies: true, csv: [col('serie', 'serial', 'text', 'X1')] },
      ],
      descriptionFields: [],
      certificateLines: (data) => [['Serie', String(data.serial)]],
      facts: () => ({ facts: [], people: [] }),
    });
    expect(isRiskTypeCode('registry-test')).toBe(false);
    expect(RiskTypeCodeSchema.safeParse('registry-test').success).toBe(false);
    registerRiskType(extra);
    try {
      expect(isRiskTypeCode('registry-test')).toBe(true);
      expect(RiskTypeCodeSchema.safeParse('registry-test').success).toBe(true);
      expect(riskTypeRule('registry-test').certificateLines({ serial: 'X1' })).toEqual([['Serie', 'X1']]);
      expect(allRiskTypes().at(-1)?.code).toBe('registry-test');
      expect(() => registerRiskType(extra)).toThrow(/already registered/);
    } finally {
      unregisterRiskType('registry-test');
    }
    expect(isRiskTypeCode('registry-test')).toBe(false);
    expect(() => unregisterRiskType('home' satisfies RiskTypeCode)).toThrow(/built in/);
  });
});

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/contracts/src'];
const REGISTRY = 'packages/contracts/src/risk-types/';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === 'testing' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `case 'home':`, `=== 'travel-assistance'`, `'cell-phone' !== x` — branches on a code. */
function branchesOn(code: string): RegExp {
  const literal = `['"\`]${code.replace(/-/g, '\\-')}['"\`]`;
  return new RegExp(`case\\s+${literal}|[!=]==?\\s*${literal}|${literal}\\s*[!=]==?`);
}

describe('conventions: risk types', () => {
  it('spots a branch on a code, and not the code as data', () => {
    for (const line of ["case 'home':", "code === 'travel-assistance'", "'cell-phone' !== x", 'x == "bag"'])
      expect(
        RISK_TYPE_CODES.some((code) => branchesOn(code).test(line)),
        line,
      ).toBe(true);
    for (const line of [
      "riskType: 'home',",
      "const mix = ['life', 'bag'];",
      "'personal-accident': IconFirstAid,",
    ])
      expect(
        RISK_TYPE_CODES.some((code) => branchesOn(code).test(line)),
        line,
      ).toBe(false);
  });

  it('no switch, case or comparison on a risk-type code outside the registry (apps/api, apps/web, contracts)', () => {
    const patterns = RISK_TYPE_CODES.map((code) => [code, branchesOn(code)] as const);
    const found: string[] = [];
    for (const file of SOURCES.flatMap(sourceFiles)) {
      if (file.startsWith(REGISTRY)) continue;
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [code, pattern] of patterns)
            if (pattern.test(line)) found.push(`${relative(ROOT, join(ROOT, file))}:${i + 1} (${code})`);
        });
    }
    expect(found).toEqual([]);
  });
});
