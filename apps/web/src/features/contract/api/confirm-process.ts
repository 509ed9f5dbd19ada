/**
 * POST /customers/insurance-processes/{id}/confirm: issues the insurance from a quote, in status
 * `pendiente` ('Pendiente de pago'), and answers it. Confirming again returns the same insurance.
 */
import type { InsuranceDetail } from '@cubierto/contracts';
import { hasErrorCode } from '../../../shared/api/api-error.ts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { parseInsuranceAnswer } from '../../insurances/api/insurance.ts';

export type ConfirmProcessInput = { processId: number; quoteId: number };

export async function confirmProcess({ processId, quoteId }: ConfirmProcessInput): Promise<InsuranceDetail> {
  return parseInsuranceAnswer(
    await api.post(`/customers/insurance-processes/${processId}/confirm`, { quote_id: quoteId }),
  );
}

export function useConfirmProcessMutation() {
  return useApiMutation({
    mutationFn: confirmProcess,
    // The processes and the insurances are stale now, but nothing is read again here: the contract page is
    // left for the new insurance, which reads them when shown (an active refetch would show the process
    // as completed for an instant).
    updates: (client) => {
      for (const queryKey of [queryKeys.processes.all, queryKeys.insurances.all])
        void client.invalidateQueries({ queryKey, refetchType: 'none' });
    },
    onError: (error, { processId }, _result, { client }) => {
      // The process changed since the quote: it is read again, which prices it again.
      if (hasErrorCode(error, 'quote_expired', 'process_not_in_progress', 'start_date_passed'))
        void client.invalidateQueries({ queryKey: queryKeys.processes.detail(processId) });
    },
  });
}
