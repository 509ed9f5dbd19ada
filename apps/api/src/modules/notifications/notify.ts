/**
 * How any module tells a customer something: `notify` writes an outbox job inside the caller's
 * transaction, so the notification exists exactly when the change that caused it committed. The job
 * ('notifications.create', handled in this module) stores the notification and pushes it to the user's
 * devices. The key names the fact (`claim:12:aprobado`), so notifying the same fact twice is harmless.
 */
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../../lib/outbox.ts';

export const NOTIFY_JOB = 'notifications.create';

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

export async function notify(tx: DbOrTx, input: NotifyInput): Promise<void> {
  const { key, ...payload } = input;
  await enqueue(tx, { kind: NOTIFY_JOB, key: `notify:${key}`, payload: payload satisfies NotifyPayload });
}
