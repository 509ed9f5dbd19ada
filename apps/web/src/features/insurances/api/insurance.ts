/** GET /customers/insurances/{id}: one insurance with its parties, risks and verification code. */
import { dataOf, type InsuranceDetail, InsuranceDetailSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

const InsuranceAnswerSchema = dataOf(InsuranceDetailSchema);

export function parseInsuranceAnswer(answer: unknown): InsuranceDetail {
  return InsuranceAnswerSchema.parse(answer).data;
}

export function insuranceQueryOptions(insuranceId: number) {
  return queryOptions({
    queryKey: ['insurances', 'detail', insuranceId],
    queryFn: async () => parseInsuranceAnswer(await api.get(`/customers/insurances/${insuranceId}`)),
    staleTime: 30_000,
  });
}
