/**
 * Notifications: one `notifications` row per message (title, body, what opening it leads to) and one
 * `notification_users` row per recipient with its own `read_at`, so a broadcast to a segment is one
 * notification with many users. `push_subscriptions` holds where a user's devices receive pushes: Web Push
 * endpoints with their keys (kind 'web') and native tokens from the hybrid app (kind 'android' | 'ios').
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, id, moment, ref } from './columns.ts';

export const NOTIFICATION_ACTION_TYPES = [
  'Insurance',
  'InsuranceRisk',
  'WalletMovement',
  'Claim',
  'Invoice',
  'Referral',
  'Message',
] as const;

export const notifications = pgTable('notifications', {
  id: id(),
  /**
   * The fact it stands for (the outbox job's key): the same fact never makes a second notification, even
   * when its job runs twice. Null for notifications without one (an operator's broadcast).
   */
  key: text('key').unique(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  actionType: text('action_type', { enum: NOTIFICATION_ACTION_TYPES }).notNull(),
  // Plain ids, not foreign keys: a notification outlives what it points to and may point to tables of
  // other areas (claims, invoices) that do not reference it.
  insuranceId: integer('insurance_id'),
  walletId: integer('wallet_id'),
  walletMovementId: integer('wallet_movement_id'),
  claimId: integer('claim_id'),
  invoiceId: integer('invoice_id'),
  createdAt: createdAt(),
});

export const notificationUsers = pgTable(
  'notification_users',
  {
    id: id(),
    notificationId: ref('notification_id', () => notifications.id),
    userId: ref('user_id', () => users.id),
    readAt: moment('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_users_notification_user_idx').on(t.notificationId, t.userId),
    index('notification_users_user_idx').on(t.userId, t.id),
    index('notification_users_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    kind: text('kind', { enum: ['web', 'android', 'ios'] }).notNull(),
    /** Web Push: the push service URL; native: the device token. */
    endpoint: text('endpoint').notNull(),
    /** Web Push only: the browser's P-256 public key and auth secret (base64url). */
    p256dh: text('p256dh'),
    auth: text('auth'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: moment('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_kind_endpoint_idx').on(t.kind, t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    check(
      'push_subscriptions_web_keys',
      sql`${t.kind} <> 'web' or (${t.p256dh} is not null and ${t.auth} is not null)`,
    ),
  ],
);
