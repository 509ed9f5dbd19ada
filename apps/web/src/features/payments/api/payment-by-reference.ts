/** GET /customers/payments/by-reference/{ref}: the payment a checkout came back with, as the server has it. */
import { dataOf, type Payment, PaymentSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';

export async function findPaymentByReference(reference: string): Promise<Payment> {
  const answer = await api.get(`/customers/payments/by-reference/${encodeURIComponent(reference)}`);
  return dataOf(PaymentSchema).parse(answer).data;
}
