/**
 * POST /customers/insurance-processes/{id}/confirm: issues the insurance from a quote, in status
 * `pendiente` ('Pendiente de pago'). Confirming again returns the same insurance.
 */
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

const IssuedInsuranceSchema = z.object({
  data: z.object({ id: z.number(), status: z.string(), status_label: z.string() }),
});
export type IssuedInsurance = z.infer<typeof IssuedInsuranceSchema>['data'];

export async function confirmProcess(processId: number, quoteId: number): Promise<IssuedInsurance> {
  return IssuedInsuranceSchema.parse(
    await api.post(`/customers/insurance-processes/${processId}/confirm`, { quote_id: quoteId }),
  ).data;
}
