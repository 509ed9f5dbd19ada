/**
 * POST /customers/insurances/{id}/cancel ('Dar de baja'): a `pendiente` insurance is cancelled at once;
 * one in force gets its end scheduled (`cancels_on`, 'baja programada'). The answer is the insurance as it
 * is now; every list of insurances is read again.
 */
import type { InsuranceDetail } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { parseInsuranceAnswer } from './insurance.ts';

export async function cancelInsurance(insuranceId: number): Promise<InsuranceDetail> {
  return parseInsuranceAnswer(await api.post(`/customers/insurances/${insuranceId}/cancel`));
}

export function useCancelInsuranceMutation() {
  return useApiMutation({
    mutationFn: cancelInsurance,
    updates: (client, insurance) => client.setQueryData(queryKeys.insurances.detail(insurance.id), insurance),
    invalidates: [queryKeys.insurances.all],
  });
}
