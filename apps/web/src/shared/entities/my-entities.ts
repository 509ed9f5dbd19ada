/**
 * The entities the customer acts for, with their role (GET /customers/entities, read through the
 * contracts' UserEntitySchema): the business center lists them, the imports page and the contract flow
 * choose among them, so the query lives here, once, under `queryKeys.entities.mine()`.
 */
import { dataOf, UserEntitySchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';

/** @deprecated Invalidate through a mutation hook's `invalidates: [queryKeys.entities.all]`. */
export const MY_ENTITIES_KEY = queryKeys.entities.mine();

export async function fetchMyEntities() {
  return dataOf(z.array(UserEntitySchema)).parse(await api.get('/customers/entities')).data;
}

export function myEntitiesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.entities.mine(), queryFn: fetchMyEntities });
}
