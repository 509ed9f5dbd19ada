/** GET /customers/claims/claimable-insurances: the in-force insurances a claim can be filed on. */
import { ClaimableInsuranceSchema, dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function fetchClaimableInsurances() {
  return dataOf(z.array(ClaimableInsuranceSchema)).parse(
    await api.get('/customers/claims/claimable-insurances'),
  ).data;
}

export const claimableInsurancesQueryOptions = queryOptions({
  queryKey: queryKeys.claims.claimable(),
  queryFn: fetchClaimableInsurances,
});
