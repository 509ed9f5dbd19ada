/** The signed-in operator (header of the back office). */
import type { Operator } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { adminApi } from './admin-client.ts';

export const operatorMeQueryOptions = queryOptions({
  queryKey: ['admin', 'me'],
  queryFn: async () => (await adminApi.get<{ data: Operator | null }>('/admin/auth/me')).data,
  staleTime: 5 * 60_000,
});
