/**
 * PUT /customers/insurance-processes/{id}/steps/{step}: saves one step's answers (validated by the same
 * schema as the form). A 422 carries the messages by field path ("insured.dni", "travellers.0.dni").
 */
import type { InsuranceProcess, StepName } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { parseProcessAnswer } from './process.ts';

export async function saveStep(processId: number, step: StepName, body: unknown): Promise<InsuranceProcess> {
  return parseProcessAnswer(await api.put(`/customers/insurance-processes/${processId}/steps/${step}`, body));
}
