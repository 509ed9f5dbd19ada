/**
 * POST /customers/payments: pays an insurance with a wallet (at once) or starts a checkout, with an
 * Idempotency-Key made once per attempt and reused on a retry after no answer. Too little balance is
 * `insufficient_funds`.
 */
import { dataOf, type PaymentMethod, type PayResult, PayResultSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type PayInsuranceInput = { insuranceId: number; method: PaymentMethod; idempotencyKey: string };

export async function payInsurance(input: PayInsuranceInput): Promise<PayResult> {
  const answer = await api.post(
    '/customers/payments',
    { insurance_id: input.insuranceId, method: input.method },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return dataOf(PayResultSchema).parse(answer).data;
}

export function usePayInsuranceMutation() {
  return useApiMutation({
    mutationFn: payInsurance,
    // The insurances and the balances are stale, but the pay page stays as it was behind the payment's
    // modals (its button busy): they are read again where they are shown next, not refetched here.
    updates: (client) => {
      for (const queryKey of [queryKeys.insurances.all, queryKeys.wallets.all])
        void client.invalidateQueries({ queryKey, refetchType: 'none' });
    },
  });
}
