/** GET /customers/insurances, newest first, three of them: the home's "Últimas contrataciones". */
import { InsuranceSchema, pageOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export const LATEST_INSURANCES = 3;

export const latestInsurancesQueryOptions = queryOptions({
  queryKey: ['insurances', 'latest'],
  queryFn: async () =>
    pageOf(InsuranceSchema).parse(
      await api.get('/customers/insurances', {
        query: { sort_by: '-created_at', page: 1, per_page: LATEST_INSURANCES },
      }),
    ),
  staleTime: 30_000,
});
