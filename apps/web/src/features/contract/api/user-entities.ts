/**
 * GET /customers/entities: the people and businesses the customer acts for, their personal entity first;
 * the taker and the designated billing party ('contratante designado') are chosen among them.
 */
import { EntitySchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

export const userEntitiesQueryOptions = queryOptions({
  queryKey: ['entities'],
  queryFn: async () =>
    z.object({ data: z.array(EntitySchema) }).parse(await api.get('/customers/entities')).data,
  // search-entity may have added one.
  staleTime: 0,
});
