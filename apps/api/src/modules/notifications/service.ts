/**
 * A customer's notifications (`/customers/notification-user`) and devices (`/customers/push-subscriptions`).
 * Everything is looked up by the caller's user id: another customer's notification or subscription does
 * not exist for them (404).
 */
import type {
  NotificationUser,
  PushSubscription,
  PushSubscriptionBody,
  SavedPushSubscription,
} from '@cubierto/contracts';
import { and, count, desc, eq, inArray, is, isNull, type Placeholder, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notifications, notificationUsers, pushSubscriptions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';

type NotificationRow = typeof notifications.$inferSelect;
type NotificationUserRow = typeof notificationUsers.$inferSelect;
type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export function notificationUserOut(nu: NotificationUserRow, n: NotificationRow): NotificationUser {
  return {
    id: nu.id,
    notification_user_id: nu.id,
    read_at: nu.readAt?.toISOString() ?? null,
    created_at: nu.createdAt.toISOString(),
    notification: {
      id: n.id,
      title: n.title,
      body: n.body,
      created_at: n.createdAt.toISOString(),
      action: {
        type: n.actionType,
        notification_id: n.id,
        insurance_id: n.insuranceId,
        wallet_id: n.walletId,
        wallet_movement_id: n.walletMovementId,
        claim_id: n.claimId,
        invoice_id: n.invoiceId,
      },
    },
  };
}

const notFound = () => new AppError('not_found', { message: 'La notificación no existe.' });

/** Unread first, then newest first (by when it happened). */
function selectNotificationPage(
  db: DbOrTx,
  userId: number | Placeholder<'userId', number>,
  limit: number | Placeholder<'limit', number>,
  offset: number | Placeholder<'offset', number>,
) {
  return db
    .select({ nu: notificationUsers, n: notifications })
    .from(notificationUsers)
    .innerJoin(notifications, eq(notifications.id, notificationUsers.notificationId))
    .where(eq(notificationUsers.userId, userId))
    .orderBy(
      sql`${notificationUsers.readAt} is null desc`,
      desc(notifications.createdAt),
      desc(notificationUsers.id),
    )
    .limit(limit)
    .offset(offset);
}

/** The notifications page (every screen's bell opens it): prepared (lib/prepared.ts). */
const preparedNotificationPage = preparedPerDatabase((db: Db) =>
  selectNotificationPage(
    db,
    sql.placeholder('userId'),
    sql.placeholder('limit'),
    sql.placeholder('offset'),
  ).prepare('notifications_page'),
);

export async function listNotifications(
  deps: { db: DbOrTx },
  { userId, ...page }: { userId: number; limit: number; offset: number },
) {
  const { db } = deps;
  const rows = is(db, PgTransaction)
    ? await selectNotificationPage(db, userId, page.limit, page.offset)
    : await preparedNotificationPage(db).execute({ userId, limit: page.limit, offset: page.offset });
  const out = rows.map((r) => notificationUserOut(r.nu, r.n));
  // The first page, not full, holds every notification: it tells both counts by itself (one statement).
  if (page.offset === 0 && rows.length < page.limit) {
    return { rows: out, total: rows.length, unread: rows.filter((r) => r.nu.readAt === null).length };
  }
  // Otherwise both counts in one statement.
  const [counts] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notificationUsers.readAt} is null)`.mapWith(Number),
    })
    .from(notificationUsers)
    .where(eq(notificationUsers.userId, userId));
  return { rows: out, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export async function findNotification(deps: { db: DbOrTx }, input: { userId: number; id: number }) {
  const { db } = deps;
  const { userId, id } = input;
  const [row] = await db
    .select({ nu: notificationUsers, n: notifications })
    .from(notificationUsers)
    .innerJoin(notifications, eq(notifications.id, notificationUsers.notificationId))
    .where(and(eq(notificationUsers.id, id), eq(notificationUsers.userId, userId)));
  if (!row) throw notFound();
  return notificationUserOut(row.nu, row.n);
}

function selectUnreadCount(db: DbOrTx, userId: number | Placeholder<'userId', number>) {
  return db
    .select({ n: count() })
    .from(notificationUsers)
    .where(and(eq(notificationUsers.userId, userId), isNull(notificationUsers.readAt)));
}

/** The bell asks for it on every page: prepared (lib/prepared.ts). */
const preparedUnreadCount = preparedPerDatabase((db: Db) =>
  selectUnreadCount(db, sql.placeholder('userId')).prepare('notifications_unread_count'),
);

export async function unreadCount(deps: { db: DbOrTx }, { userId }: { userId: number }): Promise<number> {
  const { db } = deps;
  const [row] = is(db, PgTransaction)
    ? await selectUnreadCount(db, userId)
    : await preparedUnreadCount(db).execute({ userId });
  return row?.n ?? 0;
}

/** Marks it read; reading it again keeps the first time it was read. */
export async function markRead(deps: { db: DbOrTx }, input: { userId: number; id: number; now?: Date }) {
  const { db } = deps;
  const { userId, id, now = new Date() } = input;
  await db
    .update(notificationUsers)
    .set({ readAt: now })
    .where(
      and(
        eq(notificationUsers.id, id),
        eq(notificationUsers.userId, userId),
        isNull(notificationUsers.readAt),
      ),
    );
  return findNotification(deps, { userId, id });
}

/**
 * Marks every unread notification of the caller read, without waiting for a row another transaction holds
 * at that moment (the same notification being opened on another device, its job creating it again, the
 * account's deletion): those are skipped (`FOR UPDATE SKIP LOCKED`) and stay unread, counted in `failed`,
 * so the answer is a partial success (207) and the app says so. On PGlite transactions run one at a time,
 * so none is ever skipped there.
 */
export async function markAllRead(
  deps: { db: DbOrTx },
  { userId, now = new Date() }: { userId: number; now?: Date },
): Promise<{ updated: number; failed: number }> {
  const { db } = deps;
  const unreadOfCaller = and(eq(notificationUsers.userId, userId), isNull(notificationUsers.readAt));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: notificationUsers.id })
      .from(notificationUsers)
      .where(unreadOfCaller)
      .for('update', { skipLocked: true });
    const [unread] = await tx.select({ n: count() }).from(notificationUsers).where(unreadOfCaller);
    if (claimed.length > 0)
      await tx
        .update(notificationUsers)
        .set({ readAt: now })
        .where(
          inArray(
            notificationUsers.id,
            claimed.map((row) => row.id),
          ),
        );
    return { updated: claimed.length, failed: Math.max(0, (unread?.n ?? 0) - claimed.length) };
  });
}

export function subscriptionOut(row: SubscriptionRow): PushSubscription {
  return {
    id: row.id,
    kind: row.kind,
    endpoint: row.endpoint,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/**
 * Where a subscription may send the API's requests: in production, https to a known push service only
 * (PUSH_SERVICE_HOSTS; `.suffix` matches the domain's hosts); elsewhere any http(s) URL (local peers).
 */
export function pushEndpointProblem(
  endpoint: string,
  rule: { production: boolean; hosts: readonly string[] },
): 'https' | 'host' | null {
  const url = new URL(endpoint);
  if (!rule.production) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'https';
  if (url.protocol !== 'https:') return 'https';
  const host = url.hostname.toLowerCase();
  const known = rule.hosts.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));
  return known ? null : 'host';
}

const ENDPOINT_MESSAGES = {
  https: 'El endpoint de la suscripción debe usar https.',
  host: 'El endpoint de la suscripción no es de un servicio de notificaciones conocido.',
} as const;

/**
 * Registers a device. The same endpoint (or token) registered again by its owner is the same
 * subscription, its keys refreshed. An endpoint or token another account registered stays theirs (409
 * push_subscription_taken): knowing a device's token is no proof of holding the device, so posting it must
 * not move that device's notifications to the caller. A shared device changes hands at sign-out, which
 * deletes the subscription; a browser that finds its endpoint taken subscribes again for a fresh one.
 */
export async function saveSubscription(
  deps: { db: DbOrTx },
  input: {
    userId: number;
    body: PushSubscriptionBody;
    userAgent: string | undefined;
    endpointRule: { production: boolean; hosts: readonly string[] };
  },
): Promise<SavedPushSubscription> {
  const { db } = deps;
  const { body } = input;
  if (body.kind === 'web') {
    const problem = pushEndpointProblem(body.endpoint, input.endpointRule);
    if (problem)
      throw new AppError('validation_failed', { validations: { endpoint: [ENDPOINT_MESSAGES[problem]] } });
  }
  // The external id is the account's e-mail (spec §7): another address is refused, none is the same.
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!owner) throw new AppError('not_found');
  if (body.external_id !== undefined && body.external_id.toLowerCase() !== owner.email.toLowerCase())
    throw new AppError('validation_failed', {
      validations: { external_id: ['El external_id tiene que ser el e-mail de tu cuenta.'] },
    });
  const values = {
    userId: input.userId,
    kind: body.kind,
    endpoint: body.kind === 'web' ? body.endpoint : body.token,
    p256dh: body.kind === 'web' ? body.keys.p256dh : null,
    auth: body.kind === 'web' ? body.keys.auth : null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [pushSubscriptions.kind, pushSubscriptions.endpoint],
      set: { p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent },
      // Only the owner's own row is refreshed; with another owner nothing is returned. The conflicting
      // row is locked while this is decided, so a concurrent registration cannot slip between.
      setWhere: eq(pushSubscriptions.userId, values.userId),
    })
    .returning();
  if (!row)
    throw new AppError('push_subscription_taken', {
      validations: {
        [body.kind === 'web' ? 'endpoint' : 'token']: [
          'Este dispositivo ya recibe las notificaciones de otra cuenta.',
        ],
      },
    });
  return { ...subscriptionOut(row), external_id: owner.email };
}

export async function listSubscriptions(
  deps: { db: DbOrTx },
  { userId }: { userId: number },
): Promise<PushSubscription[]> {
  const rows = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id));
  return rows.map(subscriptionOut);
}

/** Forgets one of the caller's devices, by id or (at sign-out, on the device) by its endpoint or token. */
export async function deleteSubscription(
  deps: { db: DbOrTx },
  { userId, ...where }: { userId: number; id?: number; endpoint?: string },
) {
  const { db } = deps;
  const condition =
    where.id !== undefined
      ? eq(pushSubscriptions.id, where.id)
      : eq(pushSubscriptions.endpoint, where.endpoint ?? '');
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(condition, eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw new AppError('not_found', { message: 'La suscripción no existe.' });
}
