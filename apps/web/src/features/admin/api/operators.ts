/** Operadores: the back-office accounts and creating one (the new operator enrols TOTP at first sign-in). */
import { dataOf, type OperatorCreateBody, OperatorSchema } from '@cubierto/contracts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';
import { type ListState, listQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

export const operatorsQueryOptions = (state: ListState) =>
  listQueryOptions('operators', OperatorSchema, state);

export async function createOperator(body: OperatorCreateBody) {
  return (await adminApi.post(dataOf(OperatorSchema), '/admin/operators', body)).data;
}

export const useCreateOperatorMutation = () =>
  useAdminMutation({ mutationFn: createOperator, invalidates: [queryKeys.admin.operators.all] });
