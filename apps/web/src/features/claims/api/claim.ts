/**
 * GET /customers/claims/{id}: one claim with its timeline, messages and attachments. Every write on a
 * claim answers it whole, and the answer becomes this cache entry.
 */
import { type ClaimDetail, ClaimDetailSchema, dataOf } from '@cubierto/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function parseClaimAnswer(answer: unknown): ClaimDetail {
  return dataOf(ClaimDetailSchema).parse(answer).data;
}

export async function fetchClaim(claimId: number): Promise<ClaimDetail> {
  return parseClaimAnswer(await api.get(`/customers/claims/${claimId}`));
}

export function claimQueryOptions(claimId: number) {
  return queryOptions({
    queryKey: queryKeys.claims.detail(claimId),
    queryFn: () => fetchClaim(claimId),
  });
}

/** Writes a claim as a write answered it into its cache entry. */
export function storeClaim(client: QueryClient, claim: ClaimDetail): void {
  client.setQueryData(queryKeys.claims.detail(claim.id), claim);
}
