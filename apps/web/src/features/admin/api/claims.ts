/** The claims queue: every customer's claims, one claim with its timeline, status changes and messages. */
import type { ChangeClaimStatusBody, Claim, ClaimDetail } from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminApi } from './admin-client.ts';
import { type ListState, type Page, PER_PAGE } from './lists.ts';

export type OperatorClaim = Claim & { customer: { id: number; name: string; email: string } };
export type OperatorClaimDetail = ClaimDetail & { customer: { id: number; name: string; email: string } };

/** The queue's search box looks for the customer's e-mail. */
export function claimsQueryOptions(state: ListState) {
  const query: Record<string, string | number> = {
    page: state.page,
    per_page: PER_PAGE,
    sort_by: state.sort,
  };
  if (state.search.trim()) query['filter[email][like]'] = state.search.trim();
  if (state.filters.status) query['filter[status][eq]'] = state.filters.status;
  return queryOptions({
    queryKey: ['admin', 'claims', 'list', state],
    queryFn: () => adminApi.get<Page<OperatorClaim>>('/admin/claims', query),
    placeholderData: keepPreviousData,
  });
}

export function claimQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['admin', 'claims', 'detail', id],
    queryFn: async () => (await adminApi.get<{ data: OperatorClaimDetail }>(`/admin/claims/${id}`)).data,
  });
}

/** The key stays the same for every retry of one change, so a repeated click moves money once. */
export async function changeClaimStatus(input: {
  id: number;
  body: ChangeClaimStatusBody;
  idempotencyKey: string;
}) {
  return (
    await adminApi.post<{ data: OperatorClaimDetail }>(`/admin/claims/${input.id}/status`, input.body, {
      'Idempotency-Key': input.idempotencyKey,
    })
  ).data;
}

export async function postClaimMessage(input: { id: number; body: string }) {
  return (
    await adminApi.post<{ data: OperatorClaimDetail }>(`/admin/claims/${input.id}/messages`, {
      body: input.body,
    })
  ).data;
}
