/**
 * Lives in the signed-in frame. It keeps the unread count fresh (every 30 s, on focus, on each page
 * change, and at once when a push arrives through the service worker) and, when news arrives while the
 * app is open (the count grows between two looks that were not a page change), asks 'Tenés
 * notificaciones nuevas' (spec §2 item 10); 'Ver ahora' opens the list.
 * It also registers this browser for push 2 s after start when the user already allowed it (spec §9).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getDialogs } from '../../../shared/dialogs/dialogs.tsx';
import { isHybrid } from '../../../shared/native/platform.ts';
import { startNativePushForCustomer } from '../../../shared/native/start-native.ts';
import { unreadCountQueryOptions } from '../api/unread-count.ts';
import { startPushRegistration } from '../push/push-client.ts';
import { askToViewNewNotifications } from './new-notifications-prompt.tsx';

let pushStarted = false;

export function NotificationWatcher() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: unread } = useQuery(unreadCountQueryOptions);
  const seen = useRef<number | undefined>(undefined);
  const asking = useRef(false);
  const onList = pathname.startsWith('/notifications');

  useEffect(() => {
    if (pushStarted) return;
    pushStarted = true;
    // The Android and iOS apps use the device's push service (FCM, APNs), the web Web Push.
    if (isHybrid()) {
      startNativePushForCustomer((to) => navigate(to)).catch((error: unknown) => console.warn('Push', error));
    } else void startPushRegistration();
  }, [navigate]);

  // A page change refreshes the bell quietly: what the user sees while moving around (often the result of
  // what they just did, like a payment) needs no question; the question is for news arriving meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input.
  useEffect(() => {
    void queryClient
      .fetchQuery({ ...unreadCountQueryOptions, staleTime: 0 })
      .then((count) => {
        seen.current = count;
      })
      .catch(() => {});
  }, [pathname, queryClient]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'cubierto:notification')
        void queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions.queryKey });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);

  useEffect(() => {
    if (unread === undefined) return;
    const before = seen.current;
    seen.current = unread;
    // The first count is where we start from; the list itself needs no prompt, nor does a screen that
    // already shows a dialog (a payment's result, the poll).
    const busy = getDialogs().some((dialog) => dialog.opened);
    if (before === undefined || unread <= before || onList || busy || asking.current) return;
    asking.current = true;
    void askToViewNewNotifications()
      .then(async (choice) => {
        if (choice === 'view') await navigate('/notifications');
      })
      .finally(() => {
        asking.current = false;
      });
  }, [unread, onList, navigate]);

  return null;
}
