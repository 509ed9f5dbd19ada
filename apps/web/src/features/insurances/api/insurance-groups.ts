/** GET /customers/insurances/groups: how many insurances of each risk type ('2 Celulares', spec §9). */
import { dataOf, InsuranceGroupSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function fetchInsuranceGroups() {
  return dataOf(z.array(InsuranceGroupSchema)).parse(await api.get('/customers/insurances/groups')).data;
}

export const insuranceGroupsQueryOptions = queryOptions({
  queryKey: queryKeys.insurances.groups(),
  queryFn: fetchInsuranceGroups,
  staleTime: 30_000,
});
