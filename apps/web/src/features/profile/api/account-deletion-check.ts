/**
 * GET /customers/user/deletion: whether the account can be deleted now (what must be settled first) and
 * how the customer proves it is them (password, or a recent social sign-in). Read fresh each time the
 * dialog opens (decision 016).
 */
import { AccountDeletionCheckSchema, dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function fetchAccountDeletionCheck() {
  return dataOf(AccountDeletionCheckSchema).parse(await api.get('/customers/user/deletion')).data;
}

export const deletionCheckQueryOptions = queryOptions({
  queryKey: queryKeys.user.deletion(),
  queryFn: fetchAccountDeletionCheck,
  staleTime: 0,
  gcTime: 0,
});
