/**
 * 'Descargar mis datos' (Ley 25.326 art. 14, right of access; decision 016): every record the account
 * holds, read for the caller only, as JSON. Secrets are left out (password and token hashes, push
 * endpoints and keys, idempotency keys), and so is what belongs to other people (another member's data,
 * an invitee's name, an operator's identity).
 */
import type { DataExport, JsonValue } from '@cubierto/contracts';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  claimAttachments,
  claimEvents,
  claimMessages,
  claims,
  contexts,
  coverages,
  entities,
  entityProfiles,
  files,
  insuranceProcesses,
  insuranceRisks,
  insurances,
  invoiceLines,
  invoiceProfiles,
  invoices,
  notifications,
  notificationUsers,
  payments,
  policies,
  pollQuestionResponses,
  pollQuestions,
  pushSubscriptions,
  referralCodes,
  referralRewards,
  referrals,
  sessions,
  socialIdentities,
  userEntities,
  users,
  walletMovements,
  wallets,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { avatarUrl, selectCustomerUser } from '../customers/service.ts';

type Row = Record<string, JsonValue>;

/**
 * camelCase columns → the API's snake_case keys; dates as ISO strings; `omit` leaves columns out. What a
 * row holds besides dates is JSON already (text, numbers, booleans, null, json columns).
 */
function plain(row: object, omit: readonly string[] = []): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key)) continue;
    const name = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    out[name] = value instanceof Date ? value.toISOString() : (value as JsonValue);
  }
  return out;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    map.set(k, [...(map.get(k) ?? []), row]);
  }
  return map;
}

const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id);

export async function exportUserData(
  deps: { db: DbOrTx },
  { userId, now = new Date() }: { userId: number; now?: Date },
): Promise<DataExport> {
  const { db } = deps;
  const [user] = await db
    .select({ user: users, context: contexts.name })
    .from(users)
    .leftJoin(contexts, eq(contexts.id, users.contextId))
    .where(eq(users.id, userId));
  if (!user || user.user.deletedAt) throw new AppError('unauthenticated');
  // The avatar and the address as the profile reads them (GET /customers/user).
  const shown = (await selectCustomerUser(db, userId))[0]?.profile;
  const profile = {
    ...plain(user.user, ['passwordHash', 'avatarFileId', 'placeId', 'contextId', 'deletedAt']),
    avatar: avatarUrl(shown?.avatar_key ?? null),
    context: user.context,
    address: {
      province: shown?.place?.state?.name ?? null,
      locality: shown?.place?.locality?.name ?? null,
      zip_code: shown?.place?.zip_code ?? null,
    },
  };

  const memberships = await db
    .select({
      role: userEntities.role,
      since: userEntities.createdAt,
      entity: entities,
      profile: entityProfiles,
    })
    .from(userEntities)
    .innerJoin(entities, eq(entities.id, userEntities.entityId))
    .leftJoin(entityProfiles, eq(entityProfiles.entityId, entities.id))
    .where(eq(userEntities.userId, userId))
    .orderBy(asc(entities.id));
  const entityRows = memberships.map((m) => ({
    ...plain(m.entity, ['placeId']),
    role: m.role,
    member_since: m.since.toISOString(),
    contact: m.profile ? plain(m.profile, ['entityId']) : null,
  }));

  const [invoiceProfile] = await db.select().from(invoiceProfiles).where(eq(invoiceProfiles.userId, userId));
  const processes = await db
    .select()
    .from(insuranceProcesses)
    .where(eq(insuranceProcesses.userId, userId))
    .orderBy(asc(insuranceProcesses.id));

  const insuranceRows = await db
    .select({ insurance: insurances, coverage: coverages.publicName, policy: policies.name })
    .from(insurances)
    .innerJoin(coverages, eq(coverages.id, insurances.coverageId))
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .where(eq(insurances.userId, userId))
    .orderBy(asc(insurances.id));
  const insuranceIds = insuranceRows.map((row) => row.insurance.id);
  const risks = insuranceIds.length
    ? await db.select().from(insuranceRisks).where(inArray(insuranceRisks.insuranceId, insuranceIds))
    : [];
  const risksOf = groupBy(risks, (risk) => risk.insuranceId);

  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.id));

  const walletRows = await db
    .select()
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .orderBy(asc(wallets.id));
  const movements = walletRows.length
    ? await db
        .select()
        .from(walletMovements)
        .where(inArray(walletMovements.walletId, ids(walletRows)))
        .orderBy(asc(walletMovements.id))
    : [];
  const movementsOf = groupBy(movements, (movement) => movement.walletId);

  const claimRows = await db.select().from(claims).where(eq(claims.userId, userId)).orderBy(asc(claims.id));
  const claimIds = ids(claimRows);
  const [events, messages, attachments] = claimIds.length
    ? await Promise.all([
        db
          .select()
          .from(claimEvents)
          .where(inArray(claimEvents.claimId, claimIds))
          .orderBy(asc(claimEvents.id)),
        db
          .select()
          .from(claimMessages)
          .where(inArray(claimMessages.claimId, claimIds))
          .orderBy(asc(claimMessages.id)),
        db
          .select({
            claimId: claimAttachments.claimId,
            name: claimAttachments.name,
            contentType: files.contentType,
            sizeBytes: files.sizeBytes,
            createdAt: claimAttachments.createdAt,
          })
          .from(claimAttachments)
          .innerJoin(files, eq(files.id, claimAttachments.fileId))
          .where(and(eq(claimAttachments.userId, userId), isNotNull(claimAttachments.claimId))),
      ])
    : [[], [], []];
  const eventsOf = groupBy(events, (e) => e.claimId);
  const messagesOf = groupBy(messages, (m) => m.claimId);
  const attachmentsOf = groupBy(attachments, (a) => a.claimId);

  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(asc(invoices.id));
  const lines = invoiceRows.length
    ? await db
        .select()
        .from(invoiceLines)
        .where(inArray(invoiceLines.invoiceId, ids(invoiceRows)))
    : [];
  const linesOf = groupBy(lines, (line) => line.invoiceId);

  const notificationRows = await db
    .select({
      id: notificationUsers.id,
      title: notifications.title,
      body: notifications.body,
      createdAt: notificationUsers.createdAt,
      readAt: notificationUsers.readAt,
    })
    .from(notificationUsers)
    .innerJoin(notifications, eq(notifications.id, notificationUsers.notificationId))
    .where(eq(notificationUsers.userId, userId))
    .orderBy(asc(notificationUsers.id));

  const pollRows = await db
    .select({
      insuranceId: pollQuestionResponses.insuranceId,
      question: pollQuestions.name,
      response: pollQuestionResponses.response,
      answeredAt: pollQuestionResponses.answeredAt,
    })
    .from(pollQuestionResponses)
    .innerJoin(pollQuestions, eq(pollQuestions.id, pollQuestionResponses.pollQuestionId))
    .where(eq(pollQuestionResponses.userId, userId))
    .orderBy(asc(pollQuestionResponses.id));

  const [code] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
  const invited = await db
    .select({ createdAt: referrals.createdAt, rewardCents: referralRewards.amountCents })
    .from(referrals)
    .leftJoin(referralRewards, eq(referralRewards.referralId, referrals.id))
    .where(eq(referrals.inviterUserId, userId))
    .orderBy(asc(referrals.id));
  const [invitedBy] = await db
    .select({ code: referrals.code, createdAt: referrals.createdAt })
    .from(referrals)
    .where(eq(referrals.inviteeUserId, userId));

  const [social, devices, sessionRows] = await Promise.all([
    db
      .select({
        provider: socialIdentities.provider,
        email: socialIdentities.email,
        createdAt: socialIdentities.createdAt,
      })
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, userId)),
    db
      .select({
        kind: pushSubscriptions.kind,
        userAgent: pushSubscriptions.userAgent,
        createdAt: pushSubscriptions.createdAt,
        lastSuccessAt: pushSubscriptions.lastSuccessAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
    db
      .select({
        createdAt: sessions.createdAt,
        userAgent: sessions.userAgent,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.id)),
  ]);

  return {
    generated_at: now.toISOString(),
    profile,
    entities: entityRows,
    invoice_profile: invoiceProfile ? plain(invoiceProfile, ['userId']) : null,
    insurance_processes: processes.map((p) => plain(p, ['userId'])),
    insurances: insuranceRows.map((row) => ({
      ...plain(row.insurance, ['userId']),
      coverage: row.coverage,
      policy: row.policy,
      risks: (risksOf.get(row.insurance.id) ?? []).map((risk) => plain(risk, ['insuranceId'])),
    })),
    payments: paymentRows.map((p) => plain(p, ['userId', 'idempotencyKey', 'requestHash'])),
    wallets: walletRows.map((w) => ({
      ...plain(w, ['userId']),
      movements: (movementsOf.get(w.id) ?? []).map((m) => plain(m, ['walletId'])),
    })),
    claims: claimRows.map((c) => ({
      ...plain(c, ['userId', 'idempotencyKey']),
      events: (eventsOf.get(c.id) ?? []).map((e) => plain(e, ['claimId', 'operatorId', 'idempotencyKey'])),
      messages: (messagesOf.get(c.id) ?? []).map((m) => plain(m, ['claimId', 'operatorId'])),
      attachments: (attachmentsOf.get(c.id) ?? []).map((a) => plain(a, ['claimId'])),
    })),
    invoices: invoiceRows.map((i) => ({
      ...plain(i, ['userId']),
      lines: (linesOf.get(i.id) ?? []).map((line) => plain(line, ['invoiceId'])),
    })),
    notifications: notificationRows.map((n) => plain(n)),
    poll_responses: pollRows.map((p) => plain(p)),
    referrals: {
      code: code?.code ?? null,
      invited: invited.map((r) => plain(r)),
      invited_by: invitedBy ? { code: invitedBy.code, created_at: invitedBy.createdAt.toISOString() } : null,
    },
    consents: {
      social_sign_in: social.map((s) => plain(s)),
      push_devices: devices.map((d) => plain(d)),
      sessions: sessionRows.map((s) => plain(s)),
    },
  };
}
