/** GET /customers/claims: the customer's claims, newest first, ten a page, optionally of one status. */
import { ClaimSchema, type ClaimStatus, pageOf } from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const CLAIMS_PER_PAGE = 10;

export type ClaimFilters = { status: ClaimStatus | undefined; page: number };

export async function fetchClaims({ status, page }: ClaimFilters) {
  return pageOf(ClaimSchema).parse(
    await api.get('/customers/claims', {
      query: { 'filter[status][eq]': status, sort_by: '-created_at', page, per_page: CLAIMS_PER_PAGE },
    }),
  );
}

export function claimsQueryOptions({ status, page }: ClaimFilters) {
  return queryOptions({
    queryKey: queryKeys.claims.list({ status, page }),
    queryFn: () => fetchClaims({ status, page }),
    placeholderData: keepPreviousData,
  });
}
