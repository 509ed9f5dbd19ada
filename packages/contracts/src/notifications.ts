/**
 * Notifications (spec §3 "Notification", §4 "Notification"): what the API answers for a customer's
 * notification, where opening one leads, and the push subscription a device registers. Used by the API
 * (answers, the push's link) and the app (the list, opening one).
 */
import { z } from 'zod';
import { PageMetaSchema } from './common.ts';

export const NOTIFICATION_ACTION_TYPES = [
  'Insurance',
  'InsuranceRisk',
  'WalletMovement',
  'Claim',
  'Invoice',
  'Referral',
  'Message',
] as const;
export type NotificationActionType = (typeof NOTIFICATION_ACTION_TYPES)[number];

export const NotificationActionSchema = z.object({
  type: z.enum(NOTIFICATION_ACTION_TYPES),
  notification_id: z.number().int(),
  insurance_id: z.number().int().nullable(),
  wallet_id: z.number().int().nullable(),
  wallet_movement_id: z.number().int().nullable(),
  claim_id: z.number().int().nullable(),
  invoice_id: z.number().int().nullable(),
});
export type NotificationAction = z.infer<typeof NotificationActionSchema>;

/** One notification as its recipient sees it (the spec's notification_user with its notification). */
export const NotificationUserSchema = z.object({
  id: z.number().int(),
  notification_user_id: z.number().int(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  notification: z.object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    created_at: z.string(),
    action: NotificationActionSchema,
  }),
});
export type NotificationUser = z.infer<typeof NotificationUserSchema>;

/** GET /customers/notification-user: a page of them, unread first, and how many are unread in all. */
export const NotificationPageSchema = z.object({
  data: z.array(NotificationUserSchema),
  meta: PageMetaSchema.extend({ unread: z.number().int() }),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** GET /customers/notification-user/count: how many are unread (the bell's badge). */
export const UnreadCountSchema = z.object({ data: z.number().int() });

/**
 * POST /customers/notification-user/read-all: how many were marked read; a 207 (spec §7) adds how many
 * another request held at that moment and stay unread.
 */
export const ReadAllNotificationsSchema = z.object({
  data: z.object({ updated: z.number().int(), failed: z.number().int().optional() }),
});
export type ReadAllNotifications = z.infer<typeof ReadAllNotificationsSchema>['data'];

/** A device that receives push (GET /customers/push-subscriptions): a Web Push endpoint or a native token. */
export const PushSubscriptionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['web', 'android', 'ios']),
  endpoint: z.string(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
});
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

/** POST /customers/push-subscriptions: the device registered, with the account's e-mail as external_id (spec §7). */
export const SavedPushSubscriptionSchema = PushSubscriptionSchema.extend({ external_id: z.string() });
export type SavedPushSubscription = z.infer<typeof SavedPushSubscriptionSchema>;

/** GET /customers/push-subscriptions/vapid-public-key: the Web Push key, null when push is not set up. */
export const VapidPublicKeySchema = z.object({ data: z.object({ vapid_public_key: z.string().nullable() }) });

/**
 * Where opening a notification leads (spec §4): Insurance and InsuranceRisk → the insurance;
 * WalletMovement → the movement; every other type (or one missing its ids) → notifications/detail.
 */
export function notificationRoute(action: NotificationAction, notificationUserId: number): string {
  switch (action.type) {
    case 'Insurance':
    case 'InsuranceRisk':
      if (action.insurance_id) return `/customers/insurances/${action.insurance_id}`;
      break;
    case 'WalletMovement':
      if (action.wallet_id && action.wallet_movement_id)
        return `/customers/money-wallet/${action.wallet_id}/wallet-movements/${action.wallet_movement_id}`;
      break;
  }
  return `/notifications/detail?id=${notificationUserId}`;
}

/** The link a push opens: the app's notification route, which marks it read and routes it as above. */
export const notificationOpenPath = (notificationUserId: number) =>
  `/notifications/list/${notificationUserId}`;

/** What a push carries (encrypted to the device): enough to show it and to open it. */
export type PushMessage = { title: string; body: string; notification_user_id: number; url: string };

const base64url = (bytes: number, what: string) =>
  z
    .string({ error: `Falta ${what}.` })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${what} no es base64url.` })
    .refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, {
      error: `${what} no tiene el largo esperado.`,
    });

/**
 * Spec §7: the push service knows the device by the user's e-mail as external id, beside its token. Sent
 * with each registration; the API refuses any other address than the account's own.
 */
const PushExternalIdSchema = z
  .email({ error: 'El external_id tiene que ser el e-mail de tu cuenta.' })
  .max(254)
  .optional();

/** A browser's PushSubscription.toJSON(), or a native token from the hybrid app. */
export const PushSubscriptionBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('web'),
      endpoint: z.url({ error: 'El endpoint de la suscripción no es una URL válida.' }).max(2048),
      expirationTime: z.number().nullable().optional(),
      keys: z.strictObject({
        // An uncompressed P-256 point (65 bytes) and a 16-byte secret (RFC 8291).
        p256dh: base64url(65, 'La clave p256dh'),
        auth: base64url(16, 'La clave auth'),
      }),
      external_id: PushExternalIdSchema,
    }),
    z.strictObject({
      kind: z.enum(['android', 'ios']),
      token: z
        .string({ error: 'Falta el token del dispositivo.' })
        .min(8, { error: 'El token del dispositivo es demasiado corto.' })
        .max(4096),
      external_id: PushExternalIdSchema,
    }),
  ],
  { error: 'Indicá el tipo de suscripción: web, android o ios.' },
);
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.strictObject({
  endpoint: z.string({ error: 'Falta el endpoint o token a dar de baja.' }).min(1).max(4096),
});
