/**
 * The back office's referral graph (DOMAIN.md "Referral rewards"): inviters, newest invitation first,
 * each with their invitees, where each invitation stands (pending, rewarded, refused with its reason,
 * clawed back) and whether another invitation shares its DNI, device or payer — farming leaves that mark.
 */
import {
  type AdminReferralInvitee,
  type AdminReferralInviter,
  formatArs,
  REFERRAL_STATUSES,
  type ReferralStatus,
} from '@cubierto/contracts';
import { and, asc, countDistinct, desc, eq, ilike, inArray, max, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { entities, insurances, referralRewards, referrals, users } from '../../db/schema/index.ts';
import { type ListSpec, pageMeta, parseListQuery, type RawQuery } from '../../lib/list-query.ts';
import { searchPattern } from '../../lib/search-pattern.ts';

export const referralGraphListSpec = {
  filters: {
    status: { column: referrals.status, type: 'enum', ops: ['eq', 'in'], values: REFERRAL_STATUSES },
  },
  /** Inviters by their latest invitation; `-latest` (newest first) unless asked otherwise. */
  sorts: { latest: referrals.id },
  extra: ['search', 'flagged'],
} satisfies ListSpec;

const inviter = alias(users, 'inviter');
const invitee = alias(users, 'invitee');
const inviterEntity = alias(entities, 'inviter_entity');

/** Whether another invitation has the same value in this column (null never matches). */
const sharedWith = (column: 'invitee_dni' | 'invitee_device_hash' | 'payer_key') =>
  sql<boolean>`exists (select 1 from "referrals" "other" where "other".${sql.identifier(column)} = "referrals".${sql.identifier(column)} and "other"."id" <> "referrals"."id")`;
const sharedDni = sharedWith('invitee_dni');
const sharedDevice = sharedWith('invitee_device_hash');
const sharedPayer = sharedWith('payer_key');

function inviteeOut(row: {
  referral: typeof referrals.$inferSelect;
  name: string;
  email: string;
  insuranceNumber: string | null;
  outstanding: number | null;
  sharedDni: boolean;
  sharedDevice: boolean;
  sharedPayer: boolean;
}): AdminReferralInvitee {
  const r = row.referral;
  return {
    referral_id: r.id,
    user_id: r.inviteeUserId,
    name: row.name,
    email: row.email,
    dni: r.inviteeDni,
    status: r.status,
    reason: r.reason,
    insurance_id: r.insuranceId,
    insurance_number: row.insuranceNumber,
    due_on: r.dueOn,
    decided_at: r.decidedAt?.toISOString() ?? null,
    clawback_outstanding_cents: row.outstanding ?? 0,
    shared_dni: Boolean(row.sharedDni),
    shared_device: Boolean(row.sharedDevice),
    shared_payer: Boolean(row.sharedPayer),
    created_at: r.createdAt.toISOString(),
  };
}

const countOf = (list: AdminReferralInvitee[], status: ReferralStatus) =>
  list.filter((i) => i.status === status).length;

/**
 * GET /admin/referrals: one page of inviters whose invitations match (`filter[status]`, `search` over
 * both sides' name, e-mail and DNI, `flagged=true`: a shared DNI, device or payer), each with all of
 * their invitees.
 */
export async function listReferralGraph(
  deps: { db: DbOrTx },
  query: RawQuery,
): Promise<{ data: AdminReferralInviter[]; meta: ReturnType<typeof pageMeta> }> {
  const { db } = deps;
  const q = parseListQuery(query, referralGraphListSpec);
  const search = searchPattern(query.search);
  const where: SQL | undefined = and(
    q.where,
    query.flagged === 'true' ? or(sharedDni, sharedDevice, sharedPayer) : undefined,
    search
      ? or(
          ilike(inviter.name, search),
          ilike(inviter.email, search),
          ilike(inviterEntity.documentNumber, search),
          ilike(invitee.name, search),
          ilike(invitee.email, search),
          ilike(referrals.inviteeDni, search),
        )
      : undefined,
  );
  const [[total], page] = await Promise.all([
    db
      .select({ n: countDistinct(referrals.inviterUserId) })
      .from(referrals)
      .innerJoin(inviter, eq(inviter.id, referrals.inviterUserId))
      .leftJoin(inviterEntity, eq(inviterEntity.id, inviter.entityId))
      .innerJoin(invitee, eq(invitee.id, referrals.inviteeUserId))
      .where(where),
    db
      .select({ inviterUserId: referrals.inviterUserId })
      .from(referrals)
      .innerJoin(inviter, eq(inviter.id, referrals.inviterUserId))
      .leftJoin(inviterEntity, eq(inviterEntity.id, inviter.entityId))
      .innerJoin(invitee, eq(invitee.id, referrals.inviteeUserId))
      .where(where)
      .groupBy(referrals.inviterUserId)
      .orderBy(query.sort_by === 'latest' ? asc(max(referrals.id)) : desc(max(referrals.id)))
      .limit(q.perPage)
      .offset(q.offset),
  ]);
  const ids = page.map((p) => p.inviterUserId);
  if (ids.length === 0) return { data: [], meta: pageMeta(q, total?.n ?? 0) };
  const [inviters, rows] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, dni: entities.documentNumber })
      .from(users)
      .leftJoin(entities, eq(entities.id, users.entityId))
      .where(inArray(users.id, ids)),
    db
      .select({
        referral: referrals,
        name: invitee.name,
        email: invitee.email,
        insuranceNumber: insurances.number,
        outstanding: referralRewards.clawbackOutstandingCents,
        rewardCents: referralRewards.amountCents,
        sharedDni,
        sharedDevice,
        sharedPayer,
      })
      .from(referrals)
      .innerJoin(invitee, eq(invitee.id, referrals.inviteeUserId))
      .leftJoin(insurances, eq(insurances.id, referrals.insuranceId))
      .leftJoin(referralRewards, eq(referralRewards.referralId, referrals.id))
      .where(inArray(referrals.inviterUserId, ids))
      .orderBy(asc(referrals.id)),
  ]);
  const byId = new Map(inviters.map((i) => [i.id, i]));
  const data = ids.map((id): AdminReferralInviter => {
    const mine = rows.filter((r) => r.referral.inviterUserId === id);
    const invitees = mine.map(inviteeOut);
    const earned = mine
      .filter((r) => r.referral.status === 'rewarded')
      .reduce((total, r) => total + (r.rewardCents ?? 0), 0);
    const person = byId.get(id);
    return {
      id,
      name: person?.name ?? '',
      email: person?.email ?? '',
      dni: person?.dni ?? null,
      invited_count: invitees.length,
      rewarded_count: countOf(invitees, 'rewarded'),
      pending_count: countOf(invitees, 'pending'),
      refused_count: countOf(invitees, 'refused'),
      clawed_back_count: countOf(invitees, 'clawed_back'),
      earned_cents: earned,
      earned_nice: formatArs(earned),
      flagged: invitees.some((i) => i.shared_dni || i.shared_device || i.shared_payer),
      invitees,
    };
  });
  return { data, meta: pageMeta(q, total?.n ?? 0) };
}
