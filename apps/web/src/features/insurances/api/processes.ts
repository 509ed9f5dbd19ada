/** GET /customers/insurance-processes: the customer's contracts in progress, last touched first. */
import { dataOf, InsuranceProcessSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function fetchProcessesInProgress() {
  return dataOf(z.array(InsuranceProcessSchema)).parse(await api.get('/customers/insurance-processes')).data;
}

export const processesInProgressQueryOptions = queryOptions({
  queryKey: queryKeys.processes.inProgress(),
  queryFn: fetchProcessesInProgress,
  staleTime: 0,
});
