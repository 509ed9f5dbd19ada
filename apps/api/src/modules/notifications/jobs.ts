/**
 * The outbox jobs of notifications:
 *  - 'notifications.create' (from notify()): stores the notification and its recipient row in one
 *    transaction, then pushes it at once to every device of the user: Web Push subscriptions, and native
 *    tokens when their service is configured (FCM for android, APNs for ios). Jobs run at least
 *    once, so everything is keyed: the notification by the fact's key, the recipient row by (notification,
 *    user), a retry by (recipient row, subscription). Running it twice stores nothing new.
 *  - 'notifications.push': a push that has to be tried again, alone. A subscription or token the service
 *    says is gone is deleted; 429, 5xx and network errors are retried by the outbox with backoff.
 *  - 'notifications.expiring-sweep' (recurring): tells the owner of each insurance in force whose cover
 *    ends within 7 days, once per insurance (the notification's key).
 */

import type { PushMessage } from '@cubierto/contracts';
import { addDays, notificationOpenPath, todayInArgentina } from '@cubierto/contracts';
import { and, asc, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  insurances,
  NOTIFICATION_ACTION_TYPES,
  notifications,
  notificationUsers,
  outbox,
  pushSubscriptions,
} from '../../db/schema/index.ts';
import { backoffMs, enqueue, type Job, type JobHandlers } from '../../lib/outbox.ts';
import { NOTIFY_JOB, type NotifyPayload, notify } from './notify.ts';
import { failed, type PushOutcome, type PushSender } from './push.ts';

export const PUSH_JOB = 'notifications.push';
export const EXPIRING_SWEEP_JOB = 'notifications.expiring-sweep';
export const EXPIRING_WITHIN_DAYS = 7;

const id = z.number().int().positive();
const NotifyPayloadSchema = z.object({
  userId: id,
  title: z.string().min(1),
  body: z.string(),
  action: z.object({
    type: z.enum(NOTIFICATION_ACTION_TYPES),
    insuranceId: id.optional(),
    walletId: id.optional(),
    walletMovementId: id.optional(),
    claimId: id.optional(),
    invoiceId: id.optional(),
  }),
});
// Every payload notify() writes parses (the reverse is looser: old jobs may carry fewer fields).
type _Parses = NotifyPayload extends z.input<typeof NotifyPayloadSchema> ? true : never;
const _parses: _Parses = true;
void _parses;

const PushPayloadSchema = z.object({ notificationUserId: id, subscriptionId: id });

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
/** What a push needs of a subscription. */
type Device = Pick<SubscriptionRow, 'id' | 'kind' | 'endpoint' | 'p256dh' | 'auth'>;

/** The rows of a raw query's answer, whichever driver ran it (pg answers `{ rows }`, PGlite too). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/**
 * Stores one notification for one user and, unless it is already read, finds the user's devices of the
 * given kinds: one statement (the notification, its recipient row and the devices' read), atomic as a
 * statement is, instead of a transaction of four and a read after it. Idempotent for the same fact (a
 * second run finds the same rows). Its time is when the event happened (the job's creation, in the
 * event's transaction), not when the worker ran.
 */
async function storeNotification(
  db: Db,
  payload: unknown,
  factKey: string,
  occurredAt: Date,
  deviceKinds: SubscriptionRow['kind'][],
) {
  const input = NotifyPayloadSchema.parse(payload);
  const action = input.action;
  const devices =
    deviceKinds.length > 0
      ? sql`${eq(pushSubscriptions.userId, input.userId)} and ${inArray(pushSubscriptions.kind, deviceKinds)} and r.read_at is null`
      : sql`false`;
  // "Do update" with the same key makes each insert answer its row whether it is new or not.
  const result = await db.execute(sql`
    with n as (
      insert into ${notifications} (key, title, body, action_type, insurance_id, wallet_id,
        wallet_movement_id, claim_id, invoice_id, created_at)
      values (${factKey}, ${input.title}, ${input.body}, ${action.type}, ${action.insuranceId ?? null}::integer,
        ${action.walletId ?? null}::integer, ${action.walletMovementId ?? null}::integer,
        ${action.claimId ?? null}::integer, ${action.invoiceId ?? null}::integer,
        ${occurredAt.toISOString()}::timestamptz)
      on conflict (key) do update set key = excluded.key
      returning id, title, body
    ), r as (
      insert into ${notificationUsers} (notification_id, user_id)
      select n.id, ${input.userId} from n
      on conflict (notification_id, user_id) do update set user_id = excluded.user_id
      returning id, read_at
    )
    select r.id as notification_user_id, r.read_at is not null as read, n.title, n.body,
      ${pushSubscriptions.id} as device_id, ${pushSubscriptions.kind} as device_kind,
      ${pushSubscriptions.endpoint} as device_endpoint, ${pushSubscriptions.p256dh} as device_p256dh,
      ${pushSubscriptions.auth} as device_auth
    from n cross join r left join ${pushSubscriptions} on ${devices}`);
  const rows = rowsOf<{
    notification_user_id: number;
    read: boolean;
    title: string;
    body: string;
    device_id: number | null;
    device_kind: SubscriptionRow['kind'] | null;
    device_endpoint: string | null;
    device_p256dh: string | null;
    device_auth: string | null;
  }>(result);
  const first = rows[0]!;
  const subscriptions: Device[] = rows.flatMap((row) =>
    row.device_id === null || row.device_kind === null || row.device_endpoint === null
      ? []
      : [
          {
            id: Number(row.device_id),
            kind: row.device_kind,
            endpoint: row.device_endpoint,
            p256dh: row.device_p256dh,
            auth: row.device_auth,
          },
        ],
  );
  return {
    stored: {
      notificationUserId: Number(first.notification_user_id),
      userId: input.userId,
      read: first.read,
      title: first.title,
      body: first.body,
    },
    subscriptions,
  };
}

/**
 * Stores one notification for one user; idempotent for the same fact (a second run finds the same rows).
 * Its time is when the event happened (the job's creation, in the event's transaction), not when the
 * worker ran.
 */
export async function createNotification(db: Db, payload: unknown, factKey: string, occurredAt = new Date()) {
  return (await storeNotification(db, payload, factKey, occurredAt, [])).stored;
}

type Stored = Awaited<ReturnType<typeof createNotification>>;

/** The kinds of device this sender reaches: the web always, android and ios when configured. */
export function pushKinds(sender: PushSender): SubscriptionRow['kind'][] {
  return ['web', ...(['android', 'ios'] as const).filter((kind) => sender.native?.[kind])];
}

/** One push to one device, through the service of its kind. */
function sendToDevice(sender: PushSender, s: Device, message: PushMessage): Promise<PushOutcome> {
  if (s.kind === 'web')
    return sender.send({ endpoint: s.endpoint, p256dh: s.p256dh ?? '', auth: s.auth ?? '' }, message);
  const native = sender.native?.[s.kind];
  if (native) return native.send(s.endpoint, message);
  return Promise.resolve(failed(null, `${s.kind} push is not configured`, { retry: false }));
}

/**
 * Sends the notification to the given subscriptions side by side. Delivered ones get `last_success_at`,
 * gone ones (Web Push 404/410, FCM UNREGISTERED, APNs Unregistered …) are deleted; the ones to try again
 * (429, 5xx, network) are answered.
 */
async function sendToSubscriptions(
  db: Db,
  sender: PushSender,
  stored: Pick<Stored, 'notificationUserId' | 'title' | 'body'>,
  subscriptions: Device[],
  now: Date,
): Promise<Array<{ subscription: Device; reason: string }>> {
  const message: PushMessage = {
    title: stored.title,
    body: stored.body,
    notification_user_id: stored.notificationUserId,
    url: notificationOpenPath(stored.notificationUserId),
  };
  const outcomes = await Promise.all(
    subscriptions.map(async (s) => ({
      s,
      outcome: await sendToDevice(sender, s, message),
    })),
  );
  const sent = outcomes.filter((o) => o.outcome.ok).map((o) => o.s.id);
  const gone = outcomes.filter((o) => !o.outcome.ok && o.outcome.gone).map((o) => o.s.id);
  if (sent.length)
    await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, sent));
  if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  return outcomes.flatMap((o) =>
    !o.outcome.ok && o.outcome.retry ? [{ subscription: o.s, reason: o.outcome.message }] : [],
  );
}

/**
 * The NOTIFY_JOB: stores the notification, then pushes it at once to every device of the user. A push
 * that must be tried again becomes its own delivery job, retried by the outbox with backoff. If the
 * process dies between storing and pushing, the job runs again: the notification is found, and the push
 * goes out (a device shows pushes of one notification as one, by its tag).
 */
export async function createAndPush(db: Db, sender: PushSender, job: Job, now: Date) {
  const { stored, subscriptions } = await storeNotification(
    db,
    job.payload,
    job.key ?? `job:${job.id}`,
    job.createdAt,
    pushKinds(sender),
  );
  if (stored.read) return { ...stored, pushed: 0, retrying: 0 };
  const retry = await sendToSubscriptions(db, sender, stored, subscriptions, now);
  for (const { subscription: s } of retry) {
    await enqueue(db, {
      kind: PUSH_JOB,
      key: `push:${stored.notificationUserId}:${s.id}`,
      payload: { notificationUserId: stored.notificationUserId, subscriptionId: s.id },
      runAt: new Date(now.getTime() + backoffMs(1)),
    });
  }
  return { ...stored, pushed: subscriptions.length - retry.length, retrying: retry.length };
}

export class PushRetryError extends Error {}

/** Sends one push; what the push service answers decides whether the subscription stays. */
export async function deliverPush(db: Db, sender: PushSender, payload: unknown, now: Date) {
  const { notificationUserId, subscriptionId } = PushPayloadSchema.parse(payload);
  const [subscription] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, subscriptionId));
  // Unsubscribed since (sign-out, gone), or its service no longer configured: nothing to do.
  if (!subscription || !pushKinds(sender).includes(subscription.kind)) return 'skipped' as const;
  const [row] = await db
    .select({ nu: notificationUsers, n: notifications })
    .from(notificationUsers)
    .innerJoin(notifications, eq(notifications.id, notificationUsers.notificationId))
    .where(eq(notificationUsers.id, notificationUserId));
  // Read on another device before this push went out: it is no longer news; and only to its owner.
  if (!row || row.nu.readAt || row.nu.userId !== subscription.userId) return 'skipped' as const;
  const retry = await sendToSubscriptions(
    db,
    sender,
    { notificationUserId: row.nu.id, title: row.n.title, body: row.n.body },
    [subscription],
    now,
  );
  if (retry[0]) throw new PushRetryError(retry[0].reason);
}

/** 2026-03-09 → 09/03/2026, as dates read in Argentina. */
const dayMonthYear = (isoDate: string) => isoDate.split('-').reverse().join('/');

export const expiringKey = (insuranceId: number) => `insurance:${insuranceId}:expiring`;

/** Notifies, once each, the insurances in force whose last day of cover is within the next 7 days. */
export async function sweepExpiringInsurances(db: Db, now: Date, batchSize = 200): Promise<number> {
  const today = todayInArgentina(now);
  const limit = addDays(today, EXPIRING_WITHIN_DAYS);
  let notified = 0;
  let afterId = 0;
  for (;;) {
    const due = await db
      .select({
        id: insurances.id,
        userId: insurances.userId,
        number: insurances.number,
        endsOn: insurances.endsOn,
      })
      .from(insurances)
      .where(
        and(
          gt(insurances.id, afterId),
          eq(insurances.status, 'vigente'),
          isNull(insurances.cancelsOn),
          sql`${insurances.endsOn} >= ${today}`,
          lte(insurances.endsOn, limit),
          notExists(
            db
              .select({ one: sql`1` })
              .from(outbox)
              .where(eq(outbox.key, sql`'notify:insurance:' || ${insurances.id} || ':expiring'`)),
          ),
        ),
      )
      .orderBy(asc(insurances.id))
      .limit(batchSize);
    for (const insurance of due) {
      await notify(db, {
        userId: insurance.userId,
        title: 'Tu seguro vence pronto',
        body: `La cobertura de tu contratación ${insurance.number} termina el ${dayMonthYear(insurance.endsOn!)}.`,
        action: { type: 'Insurance', insuranceId: insurance.id },
        key: expiringKey(insurance.id),
      });
      notified += 1;
    }
    if (due.length < batchSize) break;
    afterId = due[due.length - 1]!.id;
  }
  return notified;
}

export const EXPIRING_SWEEP_EVERY_MS = 15 * 60_000;

/** The jobs this module runs; the server registers them with its worker. */
export function notificationJobs(sender: PushSender): JobHandlers {
  return {
    [NOTIFY_JOB]: {
      maxAttempts: 10,
      async run(_payload, { db, job, now }) {
        await createAndPush(db, sender, job, now);
      },
    },
    [PUSH_JOB]: {
      maxAttempts: 6,
      async run(payload, { db, now }) {
        await deliverPush(db, sender, payload, now);
      },
    },
    [EXPIRING_SWEEP_JOB]: {
      everyMs: EXPIRING_SWEEP_EVERY_MS,
      async run(_payload, { db, now, log }) {
        const notified = await sweepExpiringInsurances(db, now);
        if (notified > 0) log.info({ notified }, 'notifications: insurances expiring soon');
      },
    },
  };
}
