/** GET /customers/referral: the caller's invite code, share link and what their invitations earned. */
import { dataOf, ReferralSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export const referralQueryOptions = queryOptions({
  queryKey: ['referral'],
  queryFn: async () => dataOf(ReferralSchema).parse(await api.get('/customers/referral')).data,
});
