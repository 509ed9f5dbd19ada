/**
 * GET /customers/insurances/{id}/cancellation-terms: the ways the insurance may end today (now, at the end
 * of the paid period), each with its last day of cover and its refund to Mi dinero, as the cancellation
 * will apply them. Always read fresh before 'Dar de baja' shows them: the figures depend on the day.
 */
import { type CancellationPreview, CancellationPreviewSchema, dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function fetchCancellationTerms(insuranceId: number): Promise<CancellationPreview> {
  return dataOf(CancellationPreviewSchema).parse(
    await api.get(`/customers/insurances/${insuranceId}/cancellation-terms`),
  ).data;
}

export function cancellationTermsQueryOptions(insuranceId: number) {
  return queryOptions({
    queryKey: queryKeys.insurances.cancellationTerms(insuranceId),
    queryFn: () => fetchCancellationTerms(insuranceId),
    staleTime: 0,
  });
}
