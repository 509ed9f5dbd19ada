/**
 * POST /customers/rights/withdrawals | /customers/rights/bajas: the signed-in customer exercises the right
 * over one of the eligible insurances; applied at once, it answers the request with its number. The
 * insurance ends and money comes back, so insurances, wallets, invoices (the credit note) and
 * notifications are stale after it.
 */
import { dataOf, type RightsKind, RightsRequestSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { API_PATH } from '../model/kinds.ts';

export const rightsChangeKeys = [
  queryKeys.rights.all,
  queryKeys.insurances.all,
  queryKeys.wallets.all,
  queryKeys.invoices.all,
  queryKeys.notifications.all,
];

export async function requestRight(input: { kind: RightsKind; insuranceId: number }) {
  return dataOf(RightsRequestSchema).parse(
    await api.post(`/customers/rights/${API_PATH[input.kind]}`, { insurance_id: input.insuranceId }),
  ).data;
}

export function useRequestRightMutation() {
  // The page shows the answer in place of the list: no need to wait for the lists to refetch.
  return useApiMutation({
    mutationFn: requestRight,
    invalidates: rightsChangeKeys,
    awaitInvalidation: false,
  });
}
