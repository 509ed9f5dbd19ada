/**
 * /customers/payments: pay an insurance (POST, with an Idempotency-Key made once per attempt and reused on
 * a retry) and read a payment back by the reference a checkout returned with.
 */
import { dataOf, InsuranceSchema, type PaymentMethod } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

export const PaymentSchema = z.object({
  id: z.number().int(),
  insurance_id: z.number().int().nullable(),
  amount_cents: z.number().int(),
  amount_nice: z.string(),
  status: z.string(),
  external_reference: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

const PayAnswerSchema = dataOf(z.object({ payment: PaymentSchema, checkout_url: z.string().nullable() }));
export type PayAnswer = z.infer<typeof PayAnswerSchema>['data'];

export async function payInsurance(input: {
  insuranceId: number;
  method: PaymentMethod;
  idempotencyKey: string;
}): Promise<PayAnswer> {
  const answer = await api.post(
    '/customers/payments',
    { insurance_id: input.insuranceId, method: input.method },
    { headers: { 'Idempotency-Key': input.idempotencyKey } },
  );
  return PayAnswerSchema.parse(answer).data;
}

export async function findPaymentByReference(reference: string): Promise<Payment> {
  const answer = await api.get(`/customers/payments/by-reference/${encodeURIComponent(reference)}`);
  return dataOf(PaymentSchema).parse(answer).data;
}

/** The insurance to pay: its status and total. */
export function payableInsuranceQueryOptions(insuranceId: number) {
  return queryOptions({
    queryKey: ['insurances', 'detail', insuranceId, 'payable'],
    queryFn: async () =>
      dataOf(InsuranceSchema).parse(await api.get(`/customers/insurances/${insuranceId}`)).data,
  });
}
