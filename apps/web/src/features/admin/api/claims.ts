/** The claims queue: every customer's claims, one claim with its timeline, status changes and messages. */
import {
  type ChangeClaimStatusBody,
  dataOf,
  OperatorClaimDetailSchema,
  OperatorClaimSchema,
} from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';
import { type ListState, listQuery, listQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

const keys = queryKeys.admin.claims;
const ClaimAnswer = dataOf(OperatorClaimDetailSchema);

/** The queue's search box looks for the customer's e-mail. */
export function claimsQueryOptions(state: ListState) {
  const query = listQuery({ ...state, search: '' });
  if (state.search.trim()) query['filter[email][like]'] = state.search.trim();
  return listQueryOptions('claims', OperatorClaimSchema, state, query);
}

export function claimQueryOptions(id: number) {
  return queryOptions({
    queryKey: keys.detail(id),
    queryFn: async () => (await adminApi.get(ClaimAnswer, `/admin/claims/${id}`)).data,
  });
}

/** The key stays the same for every retry of one change, so a repeated click moves money once. */
export async function changeClaimStatus(input: {
  id: number;
  body: ChangeClaimStatusBody;
  idempotencyKey: string;
}) {
  const answer = await adminApi.post(ClaimAnswer, `/admin/claims/${input.id}/status`, input.body, {
    'Idempotency-Key': input.idempotencyKey,
  });
  return answer.data;
}

export async function postClaimMessage(input: { id: number; body: string }) {
  return (await adminApi.post(ClaimAnswer, `/admin/claims/${input.id}/messages`, { body: input.body })).data;
}

export const useChangeClaimStatusMutation = () =>
  useAdminMutation({ mutationFn: changeClaimStatus, invalidates: [keys.all] });

export const usePostClaimMessageMutation = () =>
  useAdminMutation({ mutationFn: postClaimMessage, invalidates: [keys.all], success: 'admin.claims.sent' });
