/**
 * DELETE /customers/entities/{id}/members/{userId}: the owner removes someone, or a member leaves (the
 * answer is then null: the entity is no longer theirs).
 */
import { dataOf, type EntityDetail, EntityDetailSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { storeEntity } from './entity.ts';

export type RemoveMemberInput = { id: number; userId: number };

export async function removeMember({ id, userId }: RemoveMemberInput): Promise<EntityDetail | null> {
  return dataOf(EntityDetailSchema.nullable()).parse(
    await api.delete(`/customers/entities/${id}/members/${userId}`),
  ).data;
}

export function useRemoveMemberMutation() {
  return useApiMutation({
    mutationFn: removeMember,
    updates: (client, detail) => {
      if (detail) storeEntity(client, detail);
    },
    invalidates: [queryKeys.entities.mine()],
    awaitInvalidation: false,
  });
}
