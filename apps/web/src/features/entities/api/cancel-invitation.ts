/** DELETE /customers/entities/{id}/invitations/{invitationId}: the owner withdraws a pending invitation. */
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { parseEntityAnswer, storeEntity } from './entity.ts';

export type CancelInvitationInput = { id: number; invitationId: number };

export async function cancelInvitation({ id, invitationId }: CancelInvitationInput) {
  return parseEntityAnswer(await api.delete(`/customers/entities/${id}/invitations/${invitationId}`));
}

export function useCancelInvitationMutation() {
  return useApiMutation({ mutationFn: cancelInvitation, updates: storeEntity });
}
