/**
 * POST /customers/notification-user/read-all: marks them all read. A 207 (spec §7, its status copied into
 * the data by the client) says some were held by another request at that moment and stay unread:
 * `failed` of them.
 */

import { z } from 'zod';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { NOTIFICATIONS_PATH } from './notification-list.ts';

const ReadAllAnswerSchema = z.object({
  data: z.object({ updated: z.number(), failed: z.number().optional(), status: z.number().optional() }),
});

export async function readAllNotifications(): Promise<{ updated: number; failed: number }> {
  const {
    updated,
    failed = 0,
    status,
  } = ReadAllAnswerSchema.parse(await api.post(`${NOTIFICATIONS_PATH}/read-all`)).data;
  return { updated, failed: status === 207 ? failed : 0 };
}

export function useReadAllNotificationsMutation() {
  return useApiMutation({
    mutationFn: readAllNotifications,
    invalidates: [queryKeys.notifications.all],
  });
}
