/**
 * GET /customers/insurance-processes/{id}: a contract in progress with its answers, resumed from any
 * device. The other process calls answer the same shape and refresh this cache entry.
 */
import { dataOf, type InsuranceProcess, InsuranceProcessSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export const processQueryKey = (processId: number) => ['insurance-processes', processId] as const;

const ProcessAnswerSchema = dataOf(InsuranceProcessSchema);

export function parseProcessAnswer(answer: unknown): InsuranceProcess {
  return ProcessAnswerSchema.parse(answer).data;
}

export function processQueryOptions(processId: number) {
  return queryOptions({
    queryKey: processQueryKey(processId),
    queryFn: async () => parseProcessAnswer(await api.get(`/customers/insurance-processes/${processId}`)),
    // Another device may have moved the process on.
    staleTime: 0,
  });
}
