/**
 * POST /rights/withdrawals/confirm | /rights/bajas/confirm: the e-mailed link's token applies the request
 * (or refuses it, with the reason, when the right no longer applies). A used, unknown or expired token is
 * `invalid_token`.
 */
import { dataOf, type RightsKind, RightsRequestSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { API_PATH } from '../model/kinds.ts';
import { rightsChangeKeys } from './customer-request.ts';

export async function confirmRight(input: { kind: RightsKind; token: string }) {
  return dataOf(RightsRequestSchema).parse(
    await api.post(`/rights/${API_PATH[input.kind]}/confirm`, { token: input.token }, { auth: false }),
  ).data;
}

/** The link may be opened where the customer is signed in: their insurances and wallets change too. */
export function useConfirmRightMutation() {
  return useApiMutation({
    mutationFn: confirmRight,
    invalidates: rightsChangeKeys,
    awaitInvalidation: false,
  });
}
