/** GET /customers/insurance-processes: the customer's contracts in progress, last touched first. */
import { InsuranceProcessSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

export const processesInProgressQueryOptions = queryOptions({
  queryKey: ['insurance-processes'],
  queryFn: async () =>
    z.object({ data: z.array(InsuranceProcessSchema) }).parse(await api.get('/customers/insurance-processes'))
      .data,
  staleTime: 0,
});
