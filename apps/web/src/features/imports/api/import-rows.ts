/** GET /customers/imports/{id}/rows: an import's report, fifty rows a page, optionally of one status. */
import { type IMPORT_ROW_STATUSES, ImportRowSchema, pageOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const ROWS_PER_PAGE = 50;

export type RowFilter = 'all' | (typeof IMPORT_ROW_STATUSES)[number];

export async function fetchImportRows(id: number, status: RowFilter, page: number) {
  return pageOf(ImportRowSchema).parse(
    await api.get(`/customers/imports/${id}/rows`, {
      query: {
        page,
        per_page: ROWS_PER_PAGE,
        ...(status === 'all' ? {} : { 'filter[status][eq]': status }),
      },
    }),
  );
}

export function importRowsQueryOptions(id: number, status: RowFilter, page: number) {
  return queryOptions({
    queryKey: queryKeys.imports.rows(id, { status, page }),
    queryFn: () => fetchImportRows(id, status, page),
  });
}
