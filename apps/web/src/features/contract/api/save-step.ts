/**
 * PUT /customers/insurance-processes/{id}/steps/{step}: saves one step's answers (validated by the same
 * schema as the form). A 422 carries the messages by field path ("insured.dni", "travellers.0.dni").
 * The answer is the process as saved, written into its cache entry.
 */
import type { InsuranceProcess, StepName } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { parseProcessAnswer } from './process.ts';

export type SaveStepInput = { processId: number; step: StepName; body: unknown };

export async function saveStep({ processId, step, body }: SaveStepInput): Promise<InsuranceProcess> {
  return parseProcessAnswer(await api.put(`/customers/insurance-processes/${processId}/steps/${step}`, body));
}

export function useSaveStepMutation() {
  return useApiMutation({
    mutationFn: saveStep,
    updates: (client, process) => client.setQueryData(queryKeys.processes.detail(process.id), process),
  });
}
