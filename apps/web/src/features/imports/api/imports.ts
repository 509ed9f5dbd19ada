/**
 * /customers/imports: the sample CSV of a coverage, uploading a CSV (with upload progress), an import's
 * report page by page, confirming it (issues and pays from Mi crédito) and its result CSV.
 */
import {
  dataOf,
  type IMPORT_ROW_STATUSES,
  type Import,
  ImportRowSchema,
  ImportSchema,
  pageOf,
} from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download.ts';
import { uploadWithProgress } from '../../../shared/api/upload.ts';

export const importKeys = {
  all: ['imports'] as const,
  list: (page: number) => ['imports', 'list', page] as const,
  one: (id: number) => ['imports', id] as const,
  rows: (id: number, status: string, page: number) => ['imports', id, 'rows', status, page] as const,
};

export const ROWS_PER_PAGE = 50;

export function importsQueryOptions(page: number) {
  return queryOptions({
    queryKey: importKeys.list(page),
    queryFn: async () =>
      pageOf(ImportSchema).parse(await api.get('/customers/imports', { query: { page, per_page: 10 } })),
  });
}

export function importQueryOptions(id: number) {
  return queryOptions({
    queryKey: importKeys.one(id),
    queryFn: async () => dataOf(ImportSchema).parse(await api.get(`/customers/imports/${id}`)).data,
  });
}

export type RowFilter = 'all' | (typeof IMPORT_ROW_STATUSES)[number];

export function importRowsQueryOptions(id: number, status: RowFilter, page: number) {
  return queryOptions({
    queryKey: importKeys.rows(id, status, page),
    queryFn: async () =>
      pageOf(ImportRowSchema).parse(
        await api.get(`/customers/imports/${id}/rows`, {
          query: {
            page,
            per_page: ROWS_PER_PAGE,
            ...(status === 'all' ? {} : { 'filter[status][eq]': status }),
          },
        }),
      ),
  });
}

/** A 207 (spec §7): some rows valid, others with errors; its data carries the import and the status. */
const PartlyValidSchema = z.object({ data: z.object({ status: z.literal(207), import: ImportSchema }) });

export async function uploadImport(input: {
  file: File;
  coverageId: number;
  entityId: number;
  onProgress: (fraction: number) => void;
}): Promise<{ import: Import; partlyValid: boolean }> {
  const answer = await uploadWithProgress('/customers/imports', input.file, {
    query: {
      coverage_id: input.coverageId,
      entity_id: input.entityId,
      file_name: input.file.name.slice(0, 200),
    },
    // The server reads the content, whatever the browser calls a .csv (often application/vnd.ms-excel).
    contentType: 'text/csv',
    onProgress: input.onProgress,
  });
  const partly = PartlyValidSchema.safeParse(answer);
  if (partly.success) return { import: partly.data.data.import, partlyValid: true };
  return { import: dataOf(ImportSchema).parse(answer).data, partlyValid: false };
}

export async function confirmImport(id: number): Promise<Import> {
  return dataOf(ImportSchema).parse(await api.post(`/customers/imports/${id}/confirm`)).data;
}

/** Site codes for the central error handler (spec §8). */
const SAMPLE_SITE = 201;
const RESULT_SITE = 202;

export function downloadSample(coverageId: number): Promise<boolean> {
  return downloadFile(`/customers/imports/sample?coverage_id=${coverageId}`, {
    fallbackName: 'ejemplo.csv',
    site: SAMPLE_SITE,
  });
}

export function downloadResult(id: number): Promise<boolean> {
  return downloadFile(`/customers/imports/${id}/result`, {
    fallbackName: `importacion-${id}-resultado.csv`,
    site: RESULT_SITE,
  });
}
