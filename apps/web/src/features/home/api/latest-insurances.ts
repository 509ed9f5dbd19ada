/** GET /customers/insurances, newest first, three of them: the home's "Últimas contrataciones". */
import { InsuranceSchema, pageOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const LATEST_INSURANCES = 3;

const LATEST_QUERY = { sort_by: '-created_at', page: 1, per_page: LATEST_INSURANCES };

export async function fetchLatestInsurances() {
  return pageOf(InsuranceSchema).parse(await api.get('/customers/insurances', { query: LATEST_QUERY }));
}

export const latestInsurancesQueryOptions = queryOptions({
  // Keyed by the request itself: the same page asked for elsewhere is the same cache entry.
  queryKey: queryKeys.insurances.list(LATEST_QUERY),
  queryFn: fetchLatestInsurances,
  staleTime: 30_000,
});
