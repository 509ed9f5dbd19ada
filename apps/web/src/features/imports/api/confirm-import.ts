/**
 * POST /customers/imports/{id}/confirm: issues the valid rows and pays them from Mi crédito. The import
 * answered is the cached one; the imports, the wallets and the insurances are read again. A refusal
 * (too little credit) reads Mi crédito's balance again.
 */
import { dataOf, type Import, ImportSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { invalidateKeys, useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function confirmImport(id: number): Promise<Import> {
  return dataOf(ImportSchema).parse(await api.post(`/customers/imports/${id}/confirm`)).data;
}

export function useConfirmImportMutation() {
  return useApiMutation({
    mutationFn: confirmImport,
    updates: (client, issued) => client.setQueryData(queryKeys.imports.detail(issued.id), issued),
    invalidates: [queryKeys.imports.all, queryKeys.wallets.all, queryKeys.insurances.all],
    onError: (_error, _id, _result, { client }) => {
      void invalidateKeys(client, [queryKeys.wallets.detail('credit')]);
    },
  });
}
