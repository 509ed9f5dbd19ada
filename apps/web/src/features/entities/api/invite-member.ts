/**
 * POST /customers/entities/{id}/members: the owner invites someone by e-mail (who joins at once when they
 * have an account, or gets a link and is listed as pending).
 */
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { parseEntityAnswer, storeEntity } from './entity.ts';

export type InviteMemberInput = { id: number; email: string };

export async function inviteMember({ id, email }: InviteMemberInput) {
  return parseEntityAnswer(await api.post(`/customers/entities/${id}/members`, { email }));
}

export function useInviteMemberMutation() {
  return useApiMutation({ mutationFn: inviteMember, updates: storeEntity });
}
