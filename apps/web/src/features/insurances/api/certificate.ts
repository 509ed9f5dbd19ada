/**
 * GET /customers/insurances/{id}/certificate: the coverage certificate ("constancia de cobertura"), a
 * PDF named after the policy (spec §7), available while the insurance is in force.
 */
import { certificateFilename, type Insurance } from '@cubierto/contracts';
import { downloadFile } from '../../../shared/api/download.ts';

/** True when the PDF was saved; false after showing why it could not be (spec §8). */
export function downloadCertificate(insurance: Pick<Insurance, 'id' | 'policy'>): Promise<boolean> {
  return downloadFile(`/customers/insurances/${insurance.id}/certificate`, {
    fallbackName: certificateFilename(insurance.policy.name),
    site: 71,
  });
}
