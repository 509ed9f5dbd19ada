/**
 * The entities the customer acts for, with their role (GET /customers/entities): the business center
 * lists them and the imports page chooses among them, so the query lives here, once.
 */
import { dataOf, EntitySchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';

export const MyEntitySchema = EntitySchema.extend({ role: z.enum(['owner', 'member']) });
export type MyEntity = z.infer<typeof MyEntitySchema>;

export const MY_ENTITIES_KEY = queryKeys.entities.mine();

export function myEntitiesQueryOptions() {
  return queryOptions({
    queryKey: MY_ENTITIES_KEY,
    queryFn: async () => dataOf(z.array(MyEntitySchema)).parse(await api.get('/customers/entities')).data,
  });
}
