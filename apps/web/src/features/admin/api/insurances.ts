/** Contrataciones as the operator finds them, and their void (anulado) or invalidation with a reason. */
import { dataOf, OperatorInsuranceSchema, type VoidInsuranceBody } from '@cubierto/contracts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';
import { type ListState, listQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

export const insurancesQueryOptions = (state: ListState) =>
  listQueryOptions('insurances', OperatorInsuranceSchema, state);

export async function voidInsurance(input: { id: number; body: VoidInsuranceBody }) {
  const answer = await adminApi.post(
    dataOf(OperatorInsuranceSchema),
    `/admin/insurances/${input.id}/void`,
    input.body,
  );
  return answer.data;
}

/** A customer's list counts their insurances. */
export const useVoidInsuranceMutation = () =>
  useAdminMutation({
    mutationFn: voidInsurance,
    invalidates: [queryKeys.admin.insurances.all, queryKeys.admin.customers.all],
  });
