/**
 * The storefront's catalogue (GET /applications/{applicationId}/public-policies, spec §7, no sign-in
 * needed; the API keeps /public-policies as an alias): the policies the application
 * links, with their company, risk type and coverages; and what the home and the catalogue show of it, the
 * products by risk type with the cheapest premium of each ("desde $ X/mes").
 */
import {
  type Coverage,
  type Policy,
  PolicySchema,
  pageOf,
  type RiskType,
  TRIP_TYPE_LABELS,
} from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';
import { getAppConfig } from '../config/app-config.ts';
import { t } from '../i18n/i18n.ts';

const PolicyPageSchema = pageOf(PolicySchema);

/** The public catalogue's path, or one policy's, under the configured application (spec §7). */
export async function publicPoliciesPath(policyId?: number): Promise<string> {
  const { application_id } = await getAppConfig();
  const path = `/applications/${application_id}/public-policies`;
  return policyId === undefined ? path : `${path}/${policyId}`;
}

/** The catalogue, or one risk type's part of it. Every policy comes with company, risk type and coverages. */
export async function fetchPublicPolicies(riskType?: string): Promise<Policy[]> {
  const answer = await api.get(await publicPoliciesPath(), {
    auth: false,
    query: { per_page: 100, 'filter[risk_type][eq]': riskType },
  });
  return PolicyPageSchema.parse(answer).data;
}

export function publicPoliciesQueryOptions(riskType?: string) {
  return queryOptions({
    queryKey: queryKeys.catalog.policies(riskType),
    queryFn: () => fetchPublicPolicies(riskType),
    staleTime: 10 * 60_000,
  });
}

export type RiskTypeProducts = {
  riskType: RiskType;
  policies: Policy[];
  /** The coverage with the lowest "desde" premium of the type. */
  cheapest: Coverage | undefined;
};

/** Groups the catalogue by risk type, in the catalogue's order. */
export function productsByRiskType(policies: Policy[]): RiskTypeProducts[] {
  const groups = new Map<string, RiskTypeProducts>();
  for (const policy of policies) {
    if (!policy.riskType) continue;
    const code = policy.riskType.short_code;
    const group = groups.get(code) ?? { riskType: policy.riskType, policies: [], cheapest: undefined };
    group.policies.push(policy);
    for (const coverage of policy.coverages ?? []) {
      if (!group.cheapest || coverage.premium_from.amount_cents < group.cheapest.premium_from.amount_cents)
        group.cheapest = coverage;
    }
    groups.set(code, group);
  }
  return [...groups.values()];
}

/** Finds a coverage of the catalogue with its policy (register-risk's summary of the chosen product). */
export async function findPublicCoverage(
  coverageId: number,
): Promise<{ coverage: Coverage; policy: Policy } | null> {
  for (const policy of await fetchPublicPolicies()) {
    const coverage = policy.coverages?.find((item) => item.id === coverageId);
    if (coverage) return { coverage, policy };
  }
  return null;
}

/**
 * What the cheapest quote of a coverage pays and for what (DOMAIN.md "Money", "desde"): "desde $ 4.065,60/mes";
 * "desde $ 3.430,35/mes por una suma asegurada de $ 150.000,00"; "desde $ 2.795,10 por un viaje de 2 días
 * (Larga estadía, 1 viajero)".
 */
export function premiumFromText(coverage: Coverage): string {
  const from = coverage.premium_from;
  const amount = from.amount_nice;
  if (from.period === 'día')
    return t('catalog.fromTrip', {
      amount,
      count: from.periods,
      tripType: from.trip_type ? TRIP_TYPE_LABELS[from.trip_type] : '',
    });
  if (from.insured_amount_nice)
    return t('catalog.fromPerMonthInsured', { amount, insured: from.insured_amount_nice });
  return t('catalog.fromPerMonth', { amount });
}
