/**
 * How any module tells a customer something: `notify`, inside the caller's transaction, so the
 * notification exists exactly when the change that caused it committed. Out of a transaction that holds
 * its jobs, it writes an outbox job ('notifications.create', handled in this module) that stores the
 * notification and pushes it to the user's devices. In a transaction that holds its jobs (a keyed request:
 * a wallet payment, a claim filed; lib/outbox.ts holdJobs) the notifications are stored by the
 * transaction's last statement itself, with a push job per device of their users, and the instances are
 * told the bell's count changed once it committed. The key names the fact (`claim:12:aprobado`), so
 * notifying the same fact twice is harmless.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notifications, notificationUsers, outbox, pushSubscriptions } from '../../db/schema/index.ts';
import { tellAfterCommit } from '../../lib/after-commit.ts';
import { afterCommit, enqueue, type HeldCte, holdWrite } from '../../lib/outbox.ts';
import { currentRequestId } from '../../lib/request-id.ts';
import { PROFILES_CHANNEL } from '../customers/profile-cache.ts';

export const NOTIFY_JOB = 'notifications.create';
/**
 * Several notifications of one transaction that holds its jobs as one outbox row, as instances of the
 * previous version wrote them (this one stores them in the transaction itself): still run here, for the
 * rows such an instance left during a rolling deploy.
 */
export const NOTIFY_MANY_JOB = 'notifications.create-many';
/** A push of one notification to one device (jobs.ts deliverPush): a first one, or one tried again. */
export const PUSH_JOB = 'notifications.push';

/** What opening the notification leads to (spec §3/§4); other types open notifications/detail. */
export type NotificationAction =
  | { type: 'Insurance'; insuranceId: number }
  | { type: 'InsuranceRisk'; insuranceId: number }
  | { type: 'WalletMovement'; walletId: number; walletMovementId: number }
  | { type: 'Claim'; claimId: number }
  | { type: 'Invoice'; invoiceId: number }
  | { type: 'Referral' }
  | { type: 'Message' };

export type NotifyInput = {
  userId: number;
  /** Spanish, short: what the user sees first ('Tu seguro está vigente'). */
  title: string;
  /** Spanish, one or two sentences. */
  body: string;
  action: NotificationAction;
  /** Names the fact: the same key never makes a second notification. */
  key: string;
};

export type NotifyPayload = Omit<NotifyInput, 'key'>;
/** A NOTIFY_MANY_JOB's payload: each notification with its job key (`notify:{fact}`), in the order notified. */
export type NotifyManyPayload = { notifications: Array<NotifyPayload & { key: string }> };

export async function notify(tx: DbOrTx, input: NotifyInput): Promise<void> {
  const { key, ...payload } = input;
  const jobKey = `notify:${key}`;
  if (heldNotice(tx, jobKey, payload)) return;
  await enqueue(tx, { kind: NOTIFY_JOB, key: jobKey, payload: payload satisfies NotifyPayload });
}

/**
 * A notification as a row of the JSON its inserts read (`jsonb_to_recordset`): the held write's here, the
 * jobs' in jobs.ts (storeNotifications).
 */
export type NoticeRecord = {
  key: string;
  user_id: number;
  title: string;
  body: string;
  action_type: NotificationAction['type'];
  insurance_id: number | null;
  wallet_id: number | null;
  wallet_movement_id: number | null;
  claim_id: number | null;
  invoice_id: number | null;
  created_at: string;
};

/** The actions' ids, as a parsed job's payload has them too (every one optional). */
type ActionIds = {
  type: NotificationAction['type'];
  insuranceId?: number;
  walletId?: number;
  walletMovementId?: number;
  claimId?: number;
  invoiceId?: number;
};

/** The record of one notification: for whom, what, where it leads, and when its fact happened. */
export function noticeRecord(
  key: string,
  input: { userId: number; title: string; body: string; action: ActionIds },
  occurredAt: Date,
): NoticeRecord {
  const { action } = input;
  return {
    key,
    user_id: input.userId,
    title: input.title,
    body: input.body,
    action_type: action.type,
    insurance_id: action.insuranceId ?? null,
    wallet_id: action.walletId ?? null,
    wallet_movement_id: action.walletMovementId ?? null,
    claim_id: action.claimId ?? null,
    invoice_id: action.invoiceId ?? null,
    created_at: occurredAt.toISOString(),
  };
}

/** The notifications a transaction that holds its jobs holds so far, and the values its write binds. */
type Held = { notices: NoticeRecord[]; values: Record<string, unknown> };
const held = new WeakMap<DbOrTx, Held>();

/**
 * In a transaction that holds its jobs, the notification waits to be written by its last statement
 * (heldNoticeCtes, one write for all of the transaction's): answers true. The same fact notified twice is
 * kept once, the first. Its time is now, when its event happens in that transaction (as a job's creation
 * was). The first one held also has the instances told, once committed, that its users' bell counts changed
 * (migration 0029: the trigger stays quiet in this transaction). Answers false out of such a transaction.
 */
function heldNotice(tx: DbOrTx, key: string, payload: NotifyPayload): boolean {
  let waiting = held.get(tx);
  if (!waiting) {
    const values: Record<string, unknown> = {};
    if (!holdWrite(tx, { ctes: heldNoticeCtes, values })) return false;
    const fresh: Held = { notices: [], values };
    afterCommit(tx, (db) => tellUnread(db, fresh.notices));
    held.set(tx, fresh);
    waiting = fresh;
  }
  if (waiting.notices.some((notice) => notice.key === key)) return true;
  waiting.notices.push(noticeRecord(key, payload, new Date()));
  waiting.values.heldNotices = JSON.stringify(waiting.notices);
  waiting.values.heldNoticeUsers = [...new Set(waiting.notices.map((notice) => notice.user_id))].join(',');
  waiting.values.heldNoticesRequestId = currentRequestId() ?? null;
  waiting.values.heldNoticesAt = new Date().toISOString();
  return true;
}

/** 'unread:<id>' for each user told, as migration 0026's trigger says (more than 100: 'all'). */
async function tellUnread(db: Db, notices: NoticeRecord[]): Promise<void> {
  const userIds = new Set(notices.map((notice) => notice.user_id));
  if (userIds.size > 100) return tellAfterCommit(db, PROFILES_CHANNEL, 'all');
  await Promise.all([...userIds].map((id) => tellAfterCommit(db, PROFILES_CHANNEL, `unread:${id}`)));
}

/**
 * The held notifications' write (lib/outbox.ts HeldWrite), its text built once: the notifications, one per
 * fact (a fact already stored is left as it is, with its recipient), their recipients, and a push job
 * (PUSH_JOB) for each device of each recipient: the jobs' worker sends them, each device's service and
 * whether the notification was read meanwhile decided then (jobs.ts deliverPushes). set_config quiets
 * migration 0026's trigger for the rest of the transaction (migration 0029): the instances are told after
 * the commit (tellUnread). Inserting in the keys' order locks them in the same order in every transaction.
 * The devices are read by their users' ids (`heldNoticeUsers`), so that the plan made once for every
 * call reads them through their index whatever the number of rows it guesses the JSON holds.
 */
const heldNoticeCtes: readonly HeldCte[] = [
  {
    as: 'held_notice_rows',
    query: sql`select * from jsonb_to_recordset(${sql.placeholder('heldNotices')}::jsonb) as i(key text,
      user_id integer, title text, body text, action_type text, insurance_id integer, wallet_id integer,
      wallet_movement_id integer, claim_id integer, invoice_id integer, created_at timestamptz)`,
  },
  {
    as: 'held_notices',
    query: sql`insert into ${notifications} (key, title, body, action_type, insurance_id, wallet_id,
        wallet_movement_id, claim_id, invoice_id, created_at)
      select key, title, body, action_type, insurance_id, wallet_id, wallet_movement_id, claim_id,
        invoice_id, created_at
      from held_notice_rows order by key
      on conflict (key) do nothing
      returning id, key`,
  },
  {
    as: 'held_recipients',
    query: sql`insert into ${notificationUsers} (notification_id, user_id)
      select n.id, i.user_id
      from held_notices n join held_notice_rows i on i.key = n.key
        cross join (select set_config('cubierto.unread_notify', 'after_commit', true)) as quiet
      order by n.id
      on conflict (notification_id, user_id) do nothing
      returning id, user_id`,
  },
  sql`insert into ${outbox} (kind, payload, key, request_id, run_at)
    select ${sql.raw(`'${PUSH_JOB}'`)}, jsonb_build_object('notificationUserId', r.id, 'subscriptionId', s.id),
      'push:' || r.id || ':' || s.id, ${sql.placeholder('heldNoticesRequestId')}::text,
      ${sql.placeholder('heldNoticesAt')}::timestamptz
    from held_recipients r join ${pushSubscriptions} s on s.user_id = r.user_id
    where s.user_id = any(string_to_array(${sql.placeholder('heldNoticeUsers')}, ',')::int[])
    on conflict (key) do nothing`,
];
