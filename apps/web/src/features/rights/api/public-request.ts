/**
 * POST /rights/withdrawals | /rights/bajas, signed out: the contract number, document and e-mail. The
 * answer is the request number at once, the same whether or not they match a contract; a match gets the
 * e-mail with the confirmation link.
 */
import {
  dataOf,
  type PublicRightsBody,
  type RightsKind,
  RightsRequestReceivedSchema,
} from '@cubierto/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { API_PATH } from '../model/kinds.ts';

export async function requestRightPublicly(input: { kind: RightsKind; body: PublicRightsBody }) {
  return dataOf(RightsRequestReceivedSchema).parse(
    await api.post(`/rights/${API_PATH[input.kind]}`, input.body, { auth: false }),
  ).data;
}

/** Nothing cached changes until the e-mailed link is followed. */
export function usePublicRightsMutation() {
  return useMutation({ mutationFn: requestRightPublicly });
}
