/**
 * The storefront's catalogue (GET /applications/{applicationId}/public-policies, spec §7, no sign-in
 * needed; the API keeps /public-policies as an alias): the policies the application
 * links, with their company, risk type and coverages, parsed with the contracts' schema; and what the home
 * and the catalogue show of it, the products by risk type with the cheapest premium of each ("desde $ X/mes").
 * The call itself, the grouping and the "desde" text live in light modules the login page also uses.
 */
import { type Coverage, type Policy, PolicySchema, pageOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import type { RiskTypeGroup } from './catalogue-products.ts';
import { getPublicPolicies } from './public-policies-path.ts';

export { productsByRiskType } from './catalogue-products.ts';
export { premiumFromText } from './premium-text.ts';
export { publicPoliciesPath } from './public-policies-path.ts';

const PolicyPageSchema = pageOf(PolicySchema);

/** A moment for the browser (a tap, a paint) between two pieces of work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The catalogue, or one risk type's part of it. Every policy comes with company, risk type and coverages.
 * Each policy is checked in a task of its own: the whole answer at once is one long task on a slow phone
 * (about 160 ms at 4× CPU slowdown for the demo catalogue), which blocks a tap while the page is drawn.
 */
export async function fetchPublicPolicies(riskType?: string): Promise<Policy[]> {
  const answer = await getPublicPolicies(riskType);
  const items = (answer as { data?: unknown } | null)?.data;
  // Not a page of policies: the schema says what is wrong.
  if (!Array.isArray(items)) return PolicyPageSchema.parse(answer).data;
  const policies: Policy[] = [];
  for (const item of items) {
    policies.push(PolicySchema.parse(item));
    await yieldToBrowser();
  }
  return policies;
}

export function publicPoliciesQueryOptions(riskType?: string) {
  return queryOptions({
    queryKey: queryKeys.catalog.policies(riskType),
    queryFn: () => fetchPublicPolicies(riskType),
    staleTime: 10 * 60_000,
  });
}

export type RiskTypeProducts = RiskTypeGroup<Policy>;

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
