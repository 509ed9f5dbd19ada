/**
 * How any module tells a customer something: `notify` writes an outbox job inside the caller's
 * transaction, so the notification exists exactly when the change that caused it committed. The job
 * ('notifications.create', handled in this module) stores the notification and pushes it to the user's
 * devices. The key names the fact (`claim:12:aprobado`), so notifying the same fact twice is harmless.
 */
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue, heldJobOf } from '../../lib/outbox.ts';

export const NOTIFY_JOB = 'notifications.create';
/**
 * Several notifications of one transaction that holds its jobs (lib/outbox.ts holdJobs: a keyed request,
 * such as a wallet payment, which tells the customer its money moved and its insurance is in force), as one
 * outbox row: one job to write, claim and settle instead of one each (each a row inserted and updated
 * twice, under load a tenth of the database's work per payment, 2026-11-27). A kind of its own, so that an
 * instance of an earlier version, which knows only NOTIFY_JOB, leaves it for one that knows it.
 */
export const NOTIFY_MANY_JOB = 'notifications.create-many';
/** A NOTIFY_MANY_JOB holds at most this many notifications; the next ones go as jobs of their own. */
export const NOTIFY_MANY_MAX = 50;

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
  if (joinedHeldJob(tx, jobKey, payload)) return;
  await enqueue(tx, { kind: NOTIFY_JOB, key: jobKey, payload: payload satisfies NotifyPayload });
}

/**
 * In a transaction that holds its jobs and already holds a notification, this one joins it (NOTIFY_MANY_JOB)
 * instead of becoming a job of its own: answers true. The same fact notified twice is kept once, the first,
 * as separate jobs with one key were. The joined row's key names all its facts (a hash of their keys): a
 * fact notified again by another transaction is then stored once all the same (the notification's key), and
 * a row whose key is taken never leaves out a fact another row did not carry.
 */
function joinedHeldJob(tx: DbOrTx, key: string, payload: NotifyPayload): boolean {
  const many = heldJobOf(tx, NOTIFY_MANY_JOB);
  if (many) {
    const { notifications } = many.payload as NotifyManyPayload;
    if (notifications.some((n) => n.key === key)) return true;
    if (notifications.length >= NOTIFY_MANY_MAX) return false;
    notifications.push({ key, ...payload });
    many.key = manyKey(notifications);
    return true;
  }
  const one = heldJobOf(tx, NOTIFY_JOB);
  if (!one || typeof one.key !== 'string') return false;
  if (one.key === key) return true;
  const notifications = [
    { key: one.key, ...(one.payload as NotifyPayload) },
    { key, ...payload },
  ];
  one.kind = NOTIFY_MANY_JOB;
  one.payload = { notifications } satisfies NotifyManyPayload;
  one.key = manyKey(notifications);
  return true;
}

const manyKey = (notifications: NotifyManyPayload['notifications']) =>
  `notify-many:${createHash('sha256')
    .update(notifications.map((n) => n.key).join('\n'))
    .digest('base64url')}`;
