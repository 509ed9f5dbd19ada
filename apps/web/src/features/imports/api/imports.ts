/** GET /customers/imports: the imports of every entity the customer acts for, newest first, ten a page. */
import { ImportSchema, pageOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const IMPORTS_PER_PAGE = 10;

export async function fetchImports(page: number) {
  return pageOf(ImportSchema).parse(
    await api.get('/customers/imports', { query: { page, per_page: IMPORTS_PER_PAGE } }),
  );
}

export function importsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.imports.list({ page }),
    queryFn: () => fetchImports(page),
  });
}
