/**
 * /customers/notification-user (spec §7): the caller's notifications, unread first; one by id; the unread
 * count; mark one or all read. /customers/push-subscriptions: the caller's devices for push (Web Push
 * subscriptions and native tokens) and the VAPID public key browsers subscribe with.
 */
import {
  NotificationPageSchema,
  NotificationUserSchema,
  PushSubscriptionBodySchema,
  PushSubscriptionSchema,
  PushUnsubscribeBodySchema,
  ReadAllNotificationsSchema,
  SavedPushSubscriptionSchema,
  UnreadCountSchema,
  VapidPublicKeySchema,
} from '@cubierto/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ListSpec, listQuerySchema, pageMeta, parseListQuery } from '../../lib/list-query.ts';
import { sendMultiStatus } from '../../lib/multi-status.ts';
import { caller } from '../../lib/request-context.ts';
import {
  deleteSubscription,
  findNotification,
  listNotifications,
  listSubscriptions,
  markAllRead,
  markRead,
  saveSubscription,
  unreadCount,
} from './service.ts';

const security = [{ bearer: [] }];
const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const One = z.object({ data: NotificationUserSchema });

const notificationListSpec = { maxPerPage: 50 } satisfies ListSpec;

export const notificationUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['notifications'];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: listQuerySchema(notificationListSpec),
        response: { 200: NotificationPageSchema },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, notificationListSpec);
      const { rows, total, unread } = await listNotifications(deps, {
        userId: caller(request).userId,
        limit: q.perPage,
        offset: q.offset,
      });
      return { data: rows, meta: { ...pageMeta(q, total), unread } };
    },
  );

  app.get(
    '/count',
    {
      schema: { tags, security, response: { 200: UnreadCountSchema } },
      // Asked at every screen (the bell): kept beside the profile (customers/profile-cache.ts), dropped by
      // 'unread:<id>' (migration 0026) and by the caller's own writes ('user:<id>').
      config: {
        readCache: {
          cache: deps.profiles,
          tags: (_answer, userId) => [`unread:${userId}`, `user:${userId}`],
          query: () => ({}),
        },
      },
    },
    async (request) => ({ data: await unreadCount(deps, { userId: caller(request).userId }) }),
  );

  app.post(
    '/read-all',
    {
      schema: {
        tags,
        security,
        description:
          'Marks every unread notification read: 200 with how many. A notification another request holds at ' +
          'that moment is not waited for and stays unread: then 207 with `updated` and `failed`.',
        response: {
          200: ReadAllNotificationsSchema,
          207: ReadAllNotificationsSchema.extend({ status: z.literal(207) }),
        },
      },
    },
    async (request, reply) => {
      const result = await markAllRead(deps, { userId: caller(request).userId });
      // Some could not be marked now (spec §7: a partial success is a 207).
      if (result.failed > 0) return sendMultiStatus(reply, result);
      return { data: { updated: result.updated } };
    },
  );

  app.get(
    '/:id',
    { schema: { tags, security, params: IdParams, response: { 200: One } } },
    async (request) => ({
      data: await findNotification(deps, { userId: caller(request).userId, id: request.params.id }),
    }),
  );

  app.post(
    '/:id/read',
    { schema: { tags, security, params: IdParams, response: { 200: One } } },
    async (request) => ({
      data: await markRead(deps, { userId: caller(request).userId, id: request.params.id }),
    }),
  );
};

export const pushSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['notifications'];

  app.get(
    '/vapid-public-key',
    {
      schema: {
        tags,
        security,
        description: 'The application server key for PushManager.subscribe (null when push is off).',
        response: { 200: VapidPublicKeySchema },
      },
    },
    async () => ({ data: { vapid_public_key: deps.push.publicKey } }),
  );

  app.get(
    '/',
    { schema: { tags, security, response: { 200: z.object({ data: z.array(PushSubscriptionSchema) }) } } },
    async (request) => ({ data: await listSubscriptions(deps, { userId: caller(request).userId }) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        description:
          "A browser's PushSubscription.toJSON() with kind 'web', or a native token (android, ios). " +
          'Registering it again refreshes it; an endpoint or token another account registered is 409 ' +
          'push_subscription_taken (it stays theirs until they sign out on that device). external_id is the ' +
          "account's e-mail (spec §7), answered back; another address is 422.",
        body: PushSubscriptionBodySchema,
        response: {
          201: z.object({ data: SavedPushSubscriptionSchema }),
        },
      },
    },
    async (request, reply) => {
      const data = await saveSubscription(deps, {
        userId: caller(request).userId,
        body: request.body,
        userAgent: request.headers['user-agent'],
        endpointRule: { production: deps.config.env === 'production', hosts: deps.config.pushServiceHosts },
      });
      return reply.status(201).send({ data });
    },
  );

  /** Sign-out: the device knows its endpoint (or token), not the id. */
  app.delete(
    '/',
    { schema: { tags, security, body: PushUnsubscribeBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteSubscription(deps, { userId: caller(request).userId, endpoint: request.body.endpoint });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, security, params: IdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteSubscription(deps, { userId: caller(request).userId, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
