/** POST /customers/claims/{id}/messages: the customer writes on a claim; the claim is answered whole. */
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { parseClaimAnswer, storeClaim } from './claim.ts';

export type ClaimMessageInput = { claimId: number; body: string };

export async function postClaimMessage({ claimId, body }: ClaimMessageInput) {
  return parseClaimAnswer(await api.post(`/customers/claims/${claimId}/messages`, { body }));
}

export function usePostClaimMessageMutation() {
  return useApiMutation({ mutationFn: postClaimMessage, updates: storeClaim });
}
