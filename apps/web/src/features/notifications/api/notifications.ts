/**
 * The customer's notifications (spec §7): the list (paged, unread first), one, the unread count (0 when
 * it cannot be read, spec §7), marking one or all read.
 */
import { NotificationUserSchema, PageMetaSchema } from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';

export const NOTIFICATIONS_PER_PAGE = 10;
const BASE = '/customers/notification-user';

const PageSchema = z.object({
  data: z.array(NotificationUserSchema),
  meta: PageMetaSchema.extend({ unread: z.number().int() }),
});
const OneSchema = z.object({ data: NotificationUserSchema });

export function notificationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['notifications', 'list', page],
    queryFn: async () =>
      PageSchema.parse(await api.get(BASE, { query: { page, per_page: NOTIFICATIONS_PER_PAGE } })),
    placeholderData: keepPreviousData,
  });
}

export function notificationQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['notifications', 'one', id],
    queryFn: async () => OneSchema.parse(await api.get(`${BASE}/${id}`)).data,
  });
}

/** Every query of this feature (list, one, count): what to refresh after reading. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** Marks it read (the API keeps the first time) and answers the notification. */
export async function markNotificationRead(id: number) {
  return OneSchema.parse(await api.post(`${BASE}/${id}/read`)).data;
}

/**
 * Marks them all read. A 207 (spec §7, its status copied into the data by the client) says some were held
 * by another request at that moment and stay unread: `failed` of them.
 */
export async function markAllNotificationsRead(): Promise<{ updated: number; failed: number }> {
  const answer = z
    .object({
      data: z.object({ updated: z.number(), failed: z.number().optional(), status: z.number().optional() }),
    })
    .parse(await api.post(`${BASE}/read-all`));
  const { updated, failed = 0, status } = answer.data;
  return { updated, failed: status === 207 ? failed : 0 };
}
