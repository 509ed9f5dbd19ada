/** Notificaciones: one message to a segment of customers. */
import { type BroadcastBody, BroadcastResultSchema, dataOf } from '@cubierto/contracts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';
import { useAdminMutation } from './mutations.ts';

export async function broadcast(body: BroadcastBody) {
  return (await adminApi.post(dataOf(BroadcastResultSchema), '/admin/notifications/broadcast', body)).data;
}

export const useBroadcastMutation = () =>
  useAdminMutation({
    mutationFn: broadcast,
    invalidates: [queryKeys.admin.notifications.all],
    success: 'admin.broadcast.sent',
  });
