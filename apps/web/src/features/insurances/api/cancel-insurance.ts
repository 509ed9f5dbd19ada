/**
 * POST /customers/insurances/{id}/cancel ('Dar de baja'): a `pendiente` insurance is cancelled at once;
 * one in force gets its end scheduled (`cancels_on`, 'baja programada').
 */
import type { InsuranceDetail } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { parseInsuranceAnswer } from './insurance.ts';

export async function cancelInsurance(insuranceId: number): Promise<InsuranceDetail> {
  return parseInsuranceAnswer(await api.post(`/customers/insurances/${insuranceId}/cancel`));
}
