/** GET /customers/notification-user/{id}: one of the customer's notifications. */
import { dataOf, NotificationUserSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { NOTIFICATIONS_PATH } from './notification-list.ts';

export async function fetchNotification(id: number) {
  return dataOf(NotificationUserSchema).parse(await api.get(`${NOTIFICATIONS_PATH}/${id}`)).data;
}

export function notificationQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.notifications.detail(id),
    queryFn: () => fetchNotification(id),
  });
}
