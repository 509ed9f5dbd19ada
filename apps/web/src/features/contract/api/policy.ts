/**
 * The storefront's public policies (GET /public-policies): the insurer of a process's policy for the
 * header, and the insurer's own site of a product that is not contracted in the app (a 409 on start).
 */
import { type Policy, PolicySchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

export function policyQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: ['public-policies', policyId, 'company'],
    queryFn: async () =>
      z
        .object({ data: PolicySchema })
        .parse(await api.get(`/public-policies/${policyId}`, { query: { 'load[Policy]': '*,company' } }))
        .data,
    staleTime: 10 * 60_000,
  });
}

/** The policy that sells a coverage, looked up in the storefront's catalogue. */
export async function findPolicyOfCoverage(coverageId: number): Promise<Policy | undefined> {
  const answer = z
    .object({ data: z.array(PolicySchema) })
    .parse(
      await api.get('/public-policies', { query: { per_page: 100, 'load[Policy]': '*,company,coverages' } }),
    );
  return answer.data.find((policy) => policy.coverages?.some((coverage) => coverage.id === coverageId));
}
