/** The signed-in operator (header of the back office). */
import { dataOf, OperatorSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';

export const operatorMeQueryOptions = queryOptions({
  queryKey: queryKeys.admin.me(),
  queryFn: async () => (await adminApi.get(dataOf(OperatorSchema.nullable()), '/admin/auth/me')).data,
  staleTime: 5 * 60_000,
});
