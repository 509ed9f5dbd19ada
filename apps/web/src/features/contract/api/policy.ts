/**
 * The policy of a process (its insurer for the header, its terms for the coverage dialog), and the
 * insurer's own site of a product that is not contracted in the app (`external_product` on start), found in the
 * storefront's catalogue (GET /applications/{applicationId}/public-policies).
 */
import { dataOf, type Policy, PolicySchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { fetchPolicyDetails } from '../../../shared/catalog/policy-details.ts';
import { publicPoliciesPath } from '../../../shared/catalog/public-policies.ts';

/** The whole policy (insurer, includes, excludes), as the coverage dialog reads it. */
export function policyQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: queryKeys.catalog.policy(policyId),
    queryFn: () => fetchPolicyDetails(policyId),
    staleTime: 10 * 60_000,
  });
}

/** The policy that sells a coverage, looked up in the storefront's catalogue. */
export async function findPolicyOfCoverage(coverageId: number): Promise<Policy | undefined> {
  const answer = dataOf(z.array(PolicySchema)).parse(
    await api.get(await publicPoliciesPath(), {
      query: { per_page: 100, 'load[Policy]': '*,company,coverages' },
    }),
  );
  return answer.data.find((policy) => policy.coverages?.some((coverage) => coverage.id === coverageId));
}
