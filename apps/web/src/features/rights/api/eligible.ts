/**
 * GET /customers/rights/eligible?kind=withdrawal|baja: the signed-in customer's insurances the right
 * applies to today, each with the end date and refund that exercising it applies (the same figures).
 */
import { RightsEligibleInsuranceSchema, type RightsKind } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

const Answer = z.object({ data: z.array(RightsEligibleInsuranceSchema) });

export async function fetchEligible(kind: RightsKind) {
  return Answer.parse(await api.get('/customers/rights/eligible', { query: { kind } })).data;
}

export function eligibleQueryOptions(kind: RightsKind) {
  return queryOptions({
    queryKey: queryKeys.rights.eligible(kind),
    queryFn: () => fetchEligible(kind),
    // The terms depend on today: read them again when the page is opened again.
    staleTime: 0,
  });
}
