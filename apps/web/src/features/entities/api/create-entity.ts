/**
 * POST /customers/entities: a person (DNI) or a business (CUIT) the customer acts for, up to 50 (spec §9;
 * `entity_limit_reached` past it). A 422 names the field: a bad CUIT, or a document already among theirs.
 */
import { dataOf, type Entity, EntitySchema, type NewEntity } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function createEntity(entity: NewEntity): Promise<Entity> {
  return dataOf(EntitySchema).parse(await api.post('/customers/entities', entity)).data;
}

export function useCreateEntityMutation() {
  return useApiMutation({
    mutationFn: createEntity,
    invalidates: [queryKeys.entities.mine()],
    awaitInvalidation: false,
  });
}
