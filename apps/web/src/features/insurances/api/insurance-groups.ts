/** GET /customers/insurances/groups: how many insurances of each risk type ('2 Celulares', spec §9). */
import { dataOf, InsuranceGroupSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

export const insuranceGroupsQueryOptions = queryOptions({
  queryKey: ['insurances', 'groups'],
  queryFn: async () =>
    dataOf(z.array(InsuranceGroupSchema)).parse(await api.get('/customers/insurances/groups')).data,
  staleTime: 30_000,
});
