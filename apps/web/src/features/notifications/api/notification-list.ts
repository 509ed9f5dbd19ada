/**
 * GET /customers/notification-user: the customer's notifications, unread first, ten a page, with the
 * unread count in the page's meta (spec §7).
 */
import { NotificationPageSchema } from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const NOTIFICATIONS_PATH = '/customers/notification-user';
export const NOTIFICATIONS_PER_PAGE = 10;

export async function fetchNotifications(page: number) {
  return NotificationPageSchema.parse(
    await api.get(NOTIFICATIONS_PATH, { query: { page, per_page: NOTIFICATIONS_PER_PAGE } }),
  );
}

export function notificationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.notifications.list({ page }),
    queryFn: () => fetchNotifications(page),
    placeholderData: keepPreviousData,
  });
}
