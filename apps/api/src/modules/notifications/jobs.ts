/**
 * The outbox jobs of notifications:
 *  - 'notifications.create' (from notify()): stores the notification and its recipient row in one
 *    statement, then pushes it at once to every device of the user: Web Push subscriptions, and native
 *    tokens when their service is configured (FCM for android, APNs for ios). The jobs a claim brings
 *    together are stored in one statement for all of them (runMany: a payment enqueues two, and under
 *    load one statement each kept the worker far behind the payments). Jobs run at least once, so
 *    everything is keyed: the notification by the fact's key, the recipient row by (notification, user),
 *    a retry by (recipient row, subscription). Running it twice stores nothing new.
 *  - 'notifications.create-many' (from notify() in a transaction that holds its jobs, notify.ts): several
 *    notifications of one transaction in one job, each stored and pushed as a 'notifications.create' is.
 *  - 'notifications.push': a push that has to be tried again, alone. A subscription or token the service
 *    says is gone is deleted; 429, 5xx and network errors are retried by the outbox with backoff.
 *  - 'notifications.expiring-sweep' (recurring): tells the owner of each insurance in force whose cover
 *    ends within 7 days, once per insurance (the notification's key).
 */

import type { PushMessage } from '@cubierto/contracts';
import { addDays, notificationOpenPath, todayInArgentina } from '@cubierto/contracts';
import { and, asc, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import {
  insurances,
  NOTIFICATION_ACTION_TYPES,
  notifications,
  notificationUsers,
  outbox,
  pushSubscriptions,
} from '../../db/schema/index.ts';
import { backoffMs, enqueue, type Job, type JobHandlers } from '../../lib/outbox.ts';
import { runWithRequestId } from '../../lib/request-id.ts';
import { NOTIFY_JOB, NOTIFY_MANY_JOB, type NotifyPayload, noticeRecord, notify, PUSH_JOB } from './notify.ts';
import { failed, type PushOutcome, type PushSender } from './push.ts';

export { PUSH_JOB };
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

/** A NOTIFY_MANY_JOB's payload (notify.ts NotifyManyPayload); each notification is parsed as one of its own. */
const NotifyManyPayloadSchema = z.object({
  notifications: z.array(z.object({ key: z.string().min(1) }).passthrough()).min(1),
});

/**
 * The notifications a job stores: its own (NOTIFY_JOB, its key the fact's), or each of a NOTIFY_MANY_JOB's,
 * with its own key. Throws on a NOTIFY_MANY_JOB whose payload does not parse.
 */
function notificationsOf(job: Job): ToStore[] {
  if (job.kind !== NOTIFY_MANY_JOB)
    return [{ key: job.key ?? `job:${job.id}`, payload: job.payload, occurredAt: job.createdAt }];
  const { notifications } = NotifyManyPayloadSchema.parse(job.payload);
  return notifications.map(({ key, ...payload }) => ({ key, payload, occurredAt: job.createdAt }));
}

const PushPayloadSchema = z.object({ notificationUserId: id, subscriptionId: id });

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
/** What a push needs of a subscription. */
type Device = Pick<SubscriptionRow, 'id' | 'kind' | 'endpoint' | 'p256dh' | 'auth'>;

/** One notification to store: its fact's key, for whom and what, and when the fact happened. */
type ToStore = { key: string; payload: unknown; occurredAt: Date };

/** A stored notification, with the user's devices to push it to (none when it is already read). */
type StoredWithDevices = {
  stored: {
    notificationUserId: number;
    userId: number;
    read: boolean;
    title: string;
    body: string;
  };
  subscriptions: Device[];
};

/**
 * Stores notifications, one per fact, each for its user and, unless it is already read, finds the user's
 * devices of the given kinds: one statement for all of them (the notifications, their recipient rows and
 * the devices' read), atomic as a statement is. Answers them in the order given. Idempotent for the same
 * facts (a second run finds the same rows). A notification's time is when its event happened (the job's
 * creation, in the event's transaction), not when the worker ran. Throws on a payload that does not
 * parse, before writing anything.
 */
async function storeNotifications(
  db: Db,
  items: ToStore[],
  deviceKinds: SubscriptionRow['kind'][],
): Promise<StoredWithDevices[]> {
  const rows = items.map((item, ord) => ({
    ord,
    ...noticeRecord(item.key, NotifyPayloadSchema.parse(item.payload), item.occurredAt),
  }));
  const devices =
    deviceKinds.length > 0
      ? sql`${pushSubscriptions.userId} = i.user_id and ${inArray(pushSubscriptions.kind, deviceKinds)} and r.read_at is null`
      : sql`false`;
  // The notifications travel as one JSON parameter, whatever their number. "Do update" with the same key
  // makes each insert answer its row whether it is new or not; inserting in the keys' order makes two
  // runs that share keys (a job taken again after its lease) lock them in the same order.
  const result = await db.execute(sql`
    with i as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i(ord integer, key text,
        user_id integer, title text, body text, action_type text, insurance_id integer, wallet_id integer,
        wallet_movement_id integer, claim_id integer, invoice_id integer, created_at timestamptz)
    ), n as (
      insert into ${notifications} (key, title, body, action_type, insurance_id, wallet_id,
        wallet_movement_id, claim_id, invoice_id, created_at)
      select key, title, body, action_type, insurance_id, wallet_id, wallet_movement_id, claim_id,
        invoice_id, created_at
      from i order by key
      on conflict (key) do update set key = excluded.key
      returning id, key, title, body
    ), r as (
      insert into ${notificationUsers} (notification_id, user_id)
      select n.id, i.user_id from n join i on i.key = n.key order by n.id
      on conflict (notification_id, user_id) do update set user_id = excluded.user_id
      returning id, notification_id, user_id, read_at
    )
    select i.ord, r.id as notification_user_id, r.read_at is not null as read, n.title, n.body,
      ${pushSubscriptions.id} as device_id, ${pushSubscriptions.kind} as device_kind,
      ${pushSubscriptions.endpoint} as device_endpoint, ${pushSubscriptions.p256dh} as device_p256dh,
      ${pushSubscriptions.auth} as device_auth
    from i join n on n.key = i.key join r on r.notification_id = n.id and r.user_id = i.user_id
      left join ${pushSubscriptions} on ${devices}
    order by i.ord`);
  const found = rowsOf<{
    ord: number;
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
  const stored: Array<StoredWithDevices | undefined> = [];
  for (const row of found) {
    const ord = Number(row.ord);
    const one = stored[ord] ?? {
      stored: {
        notificationUserId: Number(row.notification_user_id),
        userId: rows[ord]!.user_id,
        read: row.read,
        title: row.title,
        body: row.body,
      },
      subscriptions: [],
    };
    stored[ord] = one;
    if (row.device_id !== null && row.device_kind !== null && row.device_endpoint !== null)
      one.subscriptions.push({
        id: Number(row.device_id),
        kind: row.device_kind,
        endpoint: row.device_endpoint,
        p256dh: row.device_p256dh,
        auth: row.device_auth,
      });
  }
  return items.map((item, ord) => {
    const one = stored[ord];
    if (!one) throw new Error(`notification ${item.key} was not stored`);
    return one;
  });
}

/**
 * Stores one notification for one user; idempotent for the same fact (a second run finds the same rows).
 * Its time is when the event happened (the job's creation, in the event's transaction), not when the
 * worker ran.
 */
export async function createNotification(db: Db, payload: unknown, factKey: string, occurredAt = new Date()) {
  const [one] = await storeNotifications(db, [{ key: factKey, payload, occurredAt }], []);
  return one!.stored;
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

/** A stored notification and the devices to push it to. */
type Push = { stored: Pick<Stored, 'notificationUserId' | 'title' | 'body'>; subscriptions: Device[] };

/**
 * Sends each notification to its subscriptions, all side by side. Delivered ones get `last_success_at`,
 * gone ones (Web Push 404/410, FCM UNREGISTERED, APNs Unregistered …) are deleted, one statement each for
 * all the pushes; the ones to try again (429, 5xx, network) are answered.
 */
async function sendToSubscriptions(
  db: Db,
  sender: PushSender,
  pushes: Push[],
  now: Date,
): Promise<Array<{ notificationUserId: number; subscription: Device; reason: string }>> {
  const outcomes = await Promise.all(
    pushes.flatMap(({ stored, subscriptions }) => {
      const message: PushMessage = {
        title: stored.title,
        body: stored.body,
        notification_user_id: stored.notificationUserId,
        url: notificationOpenPath(stored.notificationUserId),
      };
      return subscriptions.map(async (s) => ({
        notificationUserId: stored.notificationUserId,
        s,
        outcome: await sendToDevice(sender, s, message),
      }));
    }),
  );
  const sent = outcomes.filter((o) => o.outcome.ok).map((o) => o.s.id);
  const gone = outcomes.filter((o) => !o.outcome.ok && o.outcome.gone).map((o) => o.s.id);
  if (sent.length)
    await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, sent));
  if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  return outcomes.flatMap((o) =>
    !o.outcome.ok && o.outcome.retry
      ? [{ notificationUserId: o.notificationUserId, subscription: o.s, reason: o.outcome.message }]
      : [],
  );
}

/**
 * NOTIFY_JOBs and NOTIFY_MANY_JOBs: stores their notifications (one statement for all), then pushes each at once to every
 * device of its user. A push that must be tried again becomes its own delivery job, retried by the outbox
 * with backoff, as part of the request its notification came from. If the process dies between storing
 * and pushing, the jobs run again: the notifications are found, and the pushes go out (a device shows
 * pushes of one notification as one, by its tag). Answers the notifications in the jobs' order.
 */
export async function createAndPushMany(db: Db, sender: PushSender, jobs: Job[], now: Date) {
  const items: ToStore[] = [];
  /** The job each notification came from, by the notification's place in `items`. */
  const owners: Job[] = [];
  for (const job of jobs)
    for (const item of notificationsOf(job)) {
      items.push(item);
      owners.push(job);
    }
  const all = await storeNotifications(db, items, pushKinds(sender));
  const retry = await sendToSubscriptions(
    db,
    sender,
    all.filter((one) => !one.stored.read),
    now,
  );
  for (const { notificationUserId, subscription: s } of retry) {
    const job = owners[all.findIndex((one) => one.stored.notificationUserId === notificationUserId)];
    await runWithRequestId(job?.requestId, () =>
      enqueue(db, {
        kind: PUSH_JOB,
        key: `push:${notificationUserId}:${s.id}`,
        payload: { notificationUserId, subscriptionId: s.id },
        runAt: new Date(now.getTime() + backoffMs(1)),
      }),
    );
  }
  return all.map(({ stored, subscriptions }) => {
    const retrying = retry.filter((r) => r.notificationUserId === stored.notificationUserId).length;
    const pushed = stored.read ? 0 : subscriptions.length - retrying;
    return { ...stored, pushed, retrying };
  });
}

/** The NOTIFY_JOB of one job (see createAndPushMany). */
export async function createAndPush(db: Db, sender: PushSender, job: Job, now: Date) {
  const [one] = await createAndPushMany(db, sender, [job], now);
  return one!;
}

export class PushRetryError extends Error {}

/** Sends one push; what the push service answers decides whether the subscription stays. */
export async function deliverPush(db: Db, sender: PushSender, payload: unknown, now: Date) {
  const [job] = await deliverPushes(db, sender, [{ id: 0, payload }], now);
  if (job?.retry) throw new PushRetryError(job.retry);
  return job?.skipped ? ('skipped' as const) : undefined;
}

/**
 * PUSH_JOBs side by side: each notification to its device, read in one statement for all of them; one
 * statement each for the devices reached and the ones gone (sendToSubscriptions). A push is skipped when
 * its device unsubscribed since (sign-out, gone) or its service is no longer configured, when the
 * notification was read on another device before it went out (no longer news), and when the device is not
 * its owner's. Answers, per job, whether it was skipped and why it must be tried again, if it must.
 * Throws on a payload that does not parse, before sending anything.
 */
export async function deliverPushes(
  db: Db,
  sender: PushSender,
  jobs: Array<Pick<Job, 'id' | 'payload'>>,
  now: Date,
): Promise<Array<{ id: number; skipped: boolean; retry?: string }>> {
  const wanted = jobs.map((job) => ({ id: job.id, ...PushPayloadSchema.parse(job.payload) }));
  const kinds = pushKinds(sender);
  const found = await db
    .select({
      notificationUserId: notificationUsers.id,
      title: notifications.title,
      body: notifications.body,
      device: {
        id: pushSubscriptions.id,
        kind: pushSubscriptions.kind,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      },
    })
    .from(notificationUsers)
    .innerJoin(notifications, eq(notifications.id, notificationUsers.notificationId))
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notificationUsers.userId))
    .where(
      and(
        inArray(notificationUsers.id, [...new Set(wanted.map((w) => w.notificationUserId))]),
        inArray(pushSubscriptions.id, [...new Set(wanted.map((w) => w.subscriptionId))]),
        inArray(pushSubscriptions.kind, kinds),
        isNull(notificationUsers.readAt),
      ),
    );
  const pushes = new Map<number, Push>();
  const sending = wanted.flatMap((w) => {
    const row = found.find(
      (f) => f.notificationUserId === w.notificationUserId && f.device.id === w.subscriptionId,
    );
    if (!row) return [];
    const push = pushes.get(row.notificationUserId) ?? {
      stored: { notificationUserId: row.notificationUserId, title: row.title, body: row.body },
      subscriptions: [],
    };
    if (!push.subscriptions.some((s) => s.id === row.device.id)) push.subscriptions.push(row.device);
    pushes.set(row.notificationUserId, push);
    return [w];
  });
  const retry = sending.length > 0 ? await sendToSubscriptions(db, sender, [...pushes.values()], now) : [];
  return wanted.map((w) => {
    const failed = retry.find(
      (r) => r.notificationUserId === w.notificationUserId && r.subscription.id === w.subscriptionId,
    );
    return {
      id: w.id,
      skipped: !sending.includes(w),
      ...(failed ? { retry: failed.reason } : {}),
    };
  });
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
      // A payment's notifications, all of a batch in one statement. A payload that does not parse throws
      // before anything is written, and the jobs then run one by one: that job fails alone.
      async runMany(jobs, { db, now }) {
        await createAndPushMany(db, sender, jobs, now);
        return new Map();
      },
    },
    // A transaction's notifications as one job (notify.ts): stored in one statement with the others claimed.
    [NOTIFY_MANY_JOB]: {
      maxAttempts: 10,
      async run(_payload, { db, job, now }) {
        await createAndPushMany(db, sender, [job], now);
      },
      async runMany(jobs, { db, now }) {
        await createAndPushMany(db, sender, jobs, now);
        return new Map();
      },
    },
    [PUSH_JOB]: {
      maxAttempts: 6,
      async run(payload, { db, now }) {
        await deliverPush(db, sender, payload, now);
      },
      // The pushes a claim brings together (a keyed request's notifications enqueue one per device): read
      // in one statement, sent side by side; each one to try again fails alone, retried with backoff.
      async runMany(jobs, { db, now }) {
        const delivered = await deliverPushes(db, sender, jobs, now);
        return new Map(
          delivered.flatMap((d) => (d.retry ? [[d.id, new PushRetryError(d.retry)] as const] : [])),
        );
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
