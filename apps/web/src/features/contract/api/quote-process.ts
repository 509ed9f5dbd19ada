/**
 * POST /customers/insurance-processes/{id}/quote: prices the saved answers. Each visit to the summary asks
 * again, since any edited step invalidates the previous quote.
 */
import { dataOf, type InsuranceProcess, type Quote, QuoteSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function quoteProcess(processId: number): Promise<Quote> {
  return dataOf(QuoteSchema).parse(await api.post(`/customers/insurance-processes/${processId}/quote`)).data;
}

export function quoteQueryOptions(process: InsuranceProcess) {
  return queryOptions({
    // The answers as saved: a new save means a new quote.
    queryKey: queryKeys.processes.quote(process.id, process.updated_at),
    queryFn: () => quoteProcess(process.id),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
