/**
 * GET /customers/insurance-processes/suggestions: what the customer answered in their last contracts
 * (people, vehicles, addresses), offered by the risk step to fill in one tap.
 */
import { ContractSuggestionsSchema, dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export function suggestionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.processes.suggestions(),
    queryFn: async () =>
      dataOf(ContractSuggestionsSchema).parse(await api.get('/customers/insurance-processes/suggestions'))
        .data,
    // Another contract confirmed meanwhile adds to them; a minute old is fine.
    staleTime: 60_000,
  });
}
