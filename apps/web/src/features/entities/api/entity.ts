/**
 * GET /customers/entities/{id}: one entity of the business center with its address, contact, members and
 * pending invitations, and the caller's role. Every write on an entity answers it whole, and the answer
 * becomes this cache entry.
 */
import { dataOf, type EntityDetail, EntityDetailSchema } from '@cubierto/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function parseEntityAnswer(answer: unknown): EntityDetail {
  return dataOf(EntityDetailSchema).parse(answer).data;
}

export async function fetchEntity(id: number): Promise<EntityDetail> {
  return parseEntityAnswer(await api.get(`/customers/entities/${id}`));
}

export function entityDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: queryKeys.entities.detail(id), queryFn: () => fetchEntity(id) });
}

/** Writes an entity as a write answered it into its cache entry. */
export function storeEntity(client: QueryClient, entity: EntityDetail): void {
  client.setQueryData(queryKeys.entities.detail(entity.id), entity);
}
