/**
 * The catalogue by risk type (the home, the public catalogue and the login page): each risk type of the
 * catalogue, in its order, with its policies and the coverage of the lowest "desde" premium.
 *
 * The login page reads the catalogue with this module alone: the answer is checked by hand for the few
 * fields its cards show, rather than with the contracts' schema, which would bring zod (about 25 KiB gzip)
 * to the first page (as app-config does for the same reason). A field of the wrong type throws.
 */
import type { PremiumFrom } from '@cubierto/contracts';
import { getPublicPolicies } from './public-policies-path.ts';

/** What grouping needs of a policy: its risk type and its coverages' "desde". */
export type PolicyWithPrices = {
  riskType?: { short_code: string; name: string } | undefined;
  coverages?: ReadonlyArray<{ premium_from: PremiumFrom }> | undefined;
};

export type RiskTypeGroup<P extends PolicyWithPrices> = {
  riskType: NonNullable<P['riskType']>;
  policies: P[];
  /** The coverage with the lowest "desde" premium of the type. */
  cheapest: NonNullable<P['coverages']>[number] | undefined;
};

/** Groups the catalogue by risk type, in the catalogue's order. */
export function productsByRiskType<P extends PolicyWithPrices>(policies: P[]): RiskTypeGroup<P>[] {
  const groups = new Map<string, RiskTypeGroup<P>>();
  for (const policy of policies) {
    const riskType = policy.riskType as NonNullable<P['riskType']> | undefined;
    if (!riskType) continue;
    const group = groups.get(riskType.short_code) ?? { riskType, policies: [], cheapest: undefined };
    group.policies.push(policy);
    for (const coverage of policy.coverages ?? []) {
      if (!group.cheapest || coverage.premium_from.amount_cents < group.cheapest.premium_from.amount_cents)
        group.cheapest = coverage;
    }
    groups.set(riskType.short_code, group);
  }
  return [...groups.values()];
}

/** A policy as the login page's cards need it. */
export type CataloguePolicy = {
  riskType?: { short_code: string; name: string };
  coverages: Array<{ premium_from: PremiumFrom }>;
};
export type CatalogueProduct = RiskTypeGroup<CataloguePolicy>;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each field of a "desde" and what it may hold: a whole number, a text, or one of a few values. */
const PREMIUM_FROM_FIELDS: Record<keyof PremiumFrom, 'int' | 'text' | readonly unknown[]> = {
  amount_cents: 'int',
  amount_nice: 'text',
  period: ['mes', 'día'],
  periods: 'int',
  insured_amount_cents: ['int', null],
  insured_amount_nice: ['text', null],
  trip_type: ['one_trip', 'multi_trip', 'long_stay', null],
};

const fits = (value: unknown, kind: unknown): boolean =>
  kind === 'int'
    ? Number.isInteger(value)
    : kind === 'text'
      ? typeof value === 'string'
      : Array.isArray(kind) && kind.some((option) => option === value || fits(value, option));

function check<T>(ok: boolean, value: unknown, where: string): T {
  if (!ok) throw new TypeError(`public-policies: ${where} is not valid`);
  return value as T;
}

/** The catalogue answer, checked for what the cards show: each policy's risk type and coverages' "desde". */
export function parseCataloguePolicies(body: unknown): CataloguePolicy[] {
  const data = isRecord(body) ? body.data : undefined;
  return check<unknown[]>(Array.isArray(data), data, 'data').map((policy, index) => {
    const where = `data[${index}]`;
    check(isRecord(policy), policy, where);
    const { riskType, coverages = [] } = policy as Json;
    const parsed: CataloguePolicy = {
      coverages: check<unknown[]>(Array.isArray(coverages), coverages, `${where}.coverages`).map(
        (coverage, n) => {
          const from = isRecord(coverage) ? coverage.premium_from : undefined;
          const ok =
            isRecord(from) &&
            Object.entries(PREMIUM_FROM_FIELDS).every(([name, kind]) => fits(from[name], kind));
          return { premium_from: check<PremiumFrom>(ok, from, `${where}.coverages[${n}].premium_from`) };
        },
      ),
    };
    if (riskType !== undefined) {
      const ok = isRecord(riskType) && fits(riskType.short_code, 'text') && fits(riskType.name, 'text');
      const { short_code, name } = check<{ short_code: string; name: string }>(
        ok,
        riskType,
        `${where}.riskType`,
      );
      parsed.riskType = { short_code, name };
    }
    return parsed;
  });
}

/** The catalogue by risk type, read with the same call as the public catalogue's. */
export async function fetchCatalogueProducts(): Promise<CatalogueProduct[]> {
  return productsByRiskType(parseCataloguePolicies(await getPublicPolicies()));
}
