/**
 * POST /customers/entity-invitations/accept: the invited customer accepts the link's token and acts for
 * the business from now on.
 */
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { parseEntityAnswer, storeEntity } from './entity.ts';

export async function acceptInvitation(token: string) {
  return parseEntityAnswer(await api.post('/customers/entity-invitations/accept', { token }));
}

export function useAcceptInvitationMutation() {
  return useApiMutation({
    mutationFn: acceptInvitation,
    updates: storeEntity,
    invalidates: [queryKeys.entities.mine()],
    awaitInvalidation: false,
  });
}
