/**
 * GET /customers/insurances/{id}: one insurance with its parties, risks and verification code. The pay
 * page reads the same answer under the same key.
 */
import { dataOf, type InsuranceDetail, InsuranceDetailSchema } from '@cubierto/contracts';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../shared/api/client.ts';
import { invalidateKeys } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

const InsuranceAnswerSchema = dataOf(InsuranceDetailSchema);

export function parseInsuranceAnswer(answer: unknown): InsuranceDetail {
  return InsuranceAnswerSchema.parse(answer).data;
}

export async function fetchInsurance(insuranceId: number): Promise<InsuranceDetail> {
  return parseInsuranceAnswer(await api.get(`/customers/insurances/${insuranceId}`));
}

export function insuranceQueryOptions(insuranceId: number) {
  return queryOptions({
    queryKey: queryKeys.insurances.detail(insuranceId),
    queryFn: () => fetchInsurance(insuranceId),
    staleTime: 30_000,
  });
}

/**
 * Back from an approved payment (check_credits=true, spec §4): what the payment changed is read again
 * instead of shown as cached before the checkout — the insurance (now paid) and the balances of Mi dinero
 * and Mi crédito.
 */
export function useReadAgainAfterPayment(insuranceId: number, backFromPayment: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!backFromPayment) return;
    void invalidateKeys(client, [queryKeys.insurances.detail(insuranceId), queryKeys.wallets.all]);
  }, [backFromPayment, insuranceId, client]);
}
