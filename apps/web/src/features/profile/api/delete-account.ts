/**
 * POST /customers/user/delete (decision 016): deletes the account, with the current password when it has
 * one. The API ends every session; the app then forgets its own, which clears every cached answer.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export async function deleteAccount(password: string | undefined): Promise<void> {
  await api.post('/customers/user/delete', password === undefined ? {} : { password });
}

export function useDeleteAccountMutation() {
  return useMutation({ mutationFn: deleteAccount });
}
