/**
 * POST /customers/insurance-processes: starts contracting a coverage. `external_product` means the
 * product is sold on the insurer's own site (its policy has an `external_url`).
 */
import type { InsuranceProcess } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { parseProcessAnswer } from './process.ts';

export async function startProcess(coverageId: number): Promise<InsuranceProcess> {
  return parseProcessAnswer(await api.post('/customers/insurance-processes', { coverage_id: coverageId }));
}
