/**
 * The files of imports: the sample CSV of a coverage (GET /customers/imports/sample) and an import's
 * result CSV (GET …/{id}/result: insurance numbers or row errors).
 */
import { downloadFile } from '../../../shared/api/download.ts';

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
