/**
 * GET /customers/insurance-processes/{id}: a contract in progress with its answers, resumed from any
 * device. The other process calls answer the same shape and write it into this cache entry.
 */
import { dataOf, type InsuranceProcess, InsuranceProcessSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

const ProcessAnswerSchema = dataOf(InsuranceProcessSchema);

export function parseProcessAnswer(answer: unknown): InsuranceProcess {
  return ProcessAnswerSchema.parse(answer).data;
}

export async function fetchProcess(processId: number): Promise<InsuranceProcess> {
  return parseProcessAnswer(await api.get(`/customers/insurance-processes/${processId}`));
}

export function processQueryOptions(processId: number) {
  return queryOptions({
    queryKey: queryKeys.processes.detail(processId),
    queryFn: () => fetchProcess(processId),
    // Another device may have moved the process on.
    staleTime: 0,
  });
}
