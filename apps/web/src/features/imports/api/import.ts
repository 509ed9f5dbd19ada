/** GET /customers/imports/{id}: one import with its counts, total and status. */
import { dataOf, type Import, ImportSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function fetchImport(id: number): Promise<Import> {
  return dataOf(ImportSchema).parse(await api.get(`/customers/imports/${id}`)).data;
}

export function importQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.imports.detail(id),
    queryFn: () => fetchImport(id),
  });
}
