/** GET /customers/referral: the caller's invite code, share link and what their invitations earned. */
import { dataOf, ReferralSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function fetchReferral() {
  return dataOf(ReferralSchema).parse(await api.get('/customers/referral')).data;
}

export const referralQueryOptions = queryOptions({
  queryKey: queryKeys.referral.all,
  queryFn: fetchReferral,
});
