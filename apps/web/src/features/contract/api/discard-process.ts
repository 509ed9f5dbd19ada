/**
 * DELETE /customers/insurance-processes/{id}: the customer gives up a contract in progress. The list of
 * contracts in progress is read again; the process's own entry is left alone (its page is being left).
 */
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function discardProcess(processId: number): Promise<void> {
  await api.delete(`/customers/insurance-processes/${processId}`);
}

export function useDiscardProcessMutation() {
  return useApiMutation({
    mutationFn: discardProcess,
    invalidates: [queryKeys.processes.inProgress()],
  });
}
