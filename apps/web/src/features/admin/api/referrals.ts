/** Referidos: the referral graph, inviters with their invitees (search, invitee status, shared identities). */
import { AdminReferralInviterSchema } from '@cubierto/contracts';
import { type ListState, listQuery, listQueryOptions } from './lists.ts';

/** `flagged` goes as its own parameter (flagged=true), not as filter[flagged][eq]. */
export const referralGraphQueryOptions = (state: ListState) =>
  listQueryOptions('referrals', AdminReferralInviterSchema, state, listQuery(state, ['flagged']));
