/**
 * The unread count behind the header's bell and the 'Tenés notificaciones nuevas' prompt. Any failure
 * counts as 0 (spec §7), an answer that is not a count too: a badge is never worth an error.
 */
import { UnreadCountSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** Spec §7 leaves the rhythm open: every 30 s while the app is open, and when it comes back to focus. */
export const UNREAD_POLL_MS = 30_000;

export async function fetchUnreadCount(): Promise<number> {
  try {
    const answer = UnreadCountSchema.safeParse(await api.get('/customers/notification-user/count'));
    return answer.success ? Math.max(0, answer.data.data) : 0;
  } catch {
    return 0;
  }
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: queryKeys.notifications.unreadCount(),
  queryFn: fetchUnreadCount,
  refetchInterval: UNREAD_POLL_MS,
  // One cheap count: always read again when the app comes back to the foreground.
  staleTime: 0,
  refetchOnWindowFocus: true,
  retry: false,
});
