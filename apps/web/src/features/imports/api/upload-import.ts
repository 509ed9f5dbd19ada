/**
 * POST /customers/imports: uploads a CSV (with upload progress) for an entity and a coverage. A 207
 * (spec §7) means some rows are valid and others have errors; its data carries the import and the status.
 */
import { dataOf, type Import, ImportPartlyValidSchema, ImportSchema } from '@cubierto/contracts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { uploadWithProgress } from '../../../shared/api/upload.ts';

export type UploadImportInput = {
  file: File;
  coverageId: number;
  entityId: number;
  onProgress: (fraction: number) => void;
};

export type UploadedImport = { import: Import; partlyValid: boolean };

export async function uploadImport(input: UploadImportInput): Promise<UploadedImport> {
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
  const partly = ImportPartlyValidSchema.safeParse(answer);
  if (partly.success) return { import: partly.data.data.import, partlyValid: true };
  return { import: dataOf(ImportSchema).parse(answer).data, partlyValid: false };
}

export function useUploadImportMutation() {
  return useApiMutation({ mutationFn: uploadImport, invalidates: [queryKeys.imports.all] });
}
