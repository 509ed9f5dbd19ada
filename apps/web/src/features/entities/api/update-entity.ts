/** PUT /customers/entities/{id}: the owner edits the entity's name, tax condition, address and contact. */
import type { EntityProfileInput } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { parseEntityAnswer, storeEntity } from './entity.ts';

export type UpdateEntityInput = { id: number; values: EntityProfileInput };

export async function updateEntity({ id, values }: UpdateEntityInput) {
  return parseEntityAnswer(await api.put(`/customers/entities/${id}`, values));
}

export function useUpdateEntityMutation() {
  return useApiMutation({
    mutationFn: updateEntity,
    updates: storeEntity,
    // The list of the customer's entities shows the name.
    invalidates: [queryKeys.entities.mine()],
    awaitInvalidation: false,
  });
}
