/**
 * POST /customers/notification-user/read-all: marks them all read. A partial success (spec §7's 207) says
 * some were held by another request at that moment and stay unread: `failed` of them, 0 otherwise.
 */
import { ReadAllNotificationsSchema } from '@cubierto/contracts';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { NOTIFICATIONS_PATH } from './notification-list.ts';

export async function readAllNotifications(): Promise<{ updated: number; failed: number }> {
  const { updated, failed = 0 } = ReadAllNotificationsSchema.parse(
    await api.post(`${NOTIFICATIONS_PATH}/read-all`),
  ).data;
  return { updated, failed };
}

export function useReadAllNotificationsMutation() {
  return useApiMutation({
    mutationFn: readAllNotifications,
    invalidates: [queryKeys.notifications.all],
  });
}
