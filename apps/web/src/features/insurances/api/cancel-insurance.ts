/**
 * POST /customers/insurances/{id}/cancel ('Dar de baja') with the mode the customer chose among the
 * cancellation terms: the answer is the insurance as it is now and the terms applied (its last day of
 * cover, the refund to Mi dinero). The insurances, Mi dinero (the refund), the invoices (its credit note)
 * and the notifications are read again.
 */
import {
  type CancellationAnswer,
  CancellationAnswerSchema,
  type CancellationMode,
} from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type CancelInsuranceInput = { insuranceId: number; mode: CancellationMode };

export async function cancelInsurance({
  insuranceId,
  mode,
}: CancelInsuranceInput): Promise<CancellationAnswer> {
  return CancellationAnswerSchema.parse(
    await api.post(`/customers/insurances/${insuranceId}/cancel`, { mode }),
  );
}

export function useCancelInsuranceMutation() {
  return useApiMutation({
    mutationFn: cancelInsurance,
    updates: (client, answer) =>
      client.setQueryData(queryKeys.insurances.detail(answer.data.id), answer.data),
    invalidates: [
      queryKeys.insurances.all,
      queryKeys.wallets.all,
      queryKeys.invoices.all,
      queryKeys.notifications.all,
    ],
  });
}
