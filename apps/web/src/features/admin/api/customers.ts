/** Clientes: the operator's list (search by name, e-mail or DNI) and lock / unlock with a reason. */
import { AdminCustomerSchema, dataOf } from '@cubierto/contracts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';
import { type ListState, listQuery, listQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

/** `locked` goes as its own parameter (locked=true|false), not as filter[locked][eq]. */
export const customersQueryOptions = (state: ListState) =>
  listQueryOptions('customers', AdminCustomerSchema, state, listQuery(state, ['locked']));

export async function setCustomerLocked(input: { id: number; locked: boolean; reason: string }) {
  const action = input.locked ? 'lock' : 'unlock';
  const answer = await adminApi.post(dataOf(AdminCustomerSchema), `/admin/customers/${input.id}/${action}`, {
    reason: input.reason,
  });
  return answer.data;
}

export const useLockCustomerMutation = () =>
  useAdminMutation({ mutationFn: setCustomerLocked, invalidates: [queryKeys.admin.customers.all] });
