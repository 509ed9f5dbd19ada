/**
 * POST /customers/notification-user/{id}/read: marks it read (the API keeps the first time) and answers
 * the notification. The list and the bell refresh in the background while the app goes where it leads.
 */
import { dataOf, NotificationUserSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { NOTIFICATIONS_PATH } from './notification-list.ts';

export async function readNotification(id: number) {
  return dataOf(NotificationUserSchema).parse(await api.post(`${NOTIFICATIONS_PATH}/${id}/read`)).data;
}

export function useReadNotificationMutation() {
  return useApiMutation({
    mutationFn: readNotification,
    invalidates: [queryKeys.notifications.all],
    awaitInvalidation: false,
  });
}
