/**
 * Web Push on this device (spec §6: push needs the user's permission; §9: listeners attached 2 s after
 * start on the web; §4: sign-out unregisters, except on localhost). The service worker (/sw.js) shows
 * each push and opens the app at the notification when it is tapped.
 *
 * - startPushRegistration(): 2 s after the signed-in app starts, when permission was already granted,
 *   makes sure this browser's subscription is registered with the API (it may be new or have changed).
 * - enablePush(): asks for permission (from a tap: browsers only ask in answer to one) and registers.
 * - unregisterPush(): at sign-out, tells the API to stop and drops the browser's subscription.
 */
import { VapidPublicKeySchema } from '@cubierto/contracts';
import { hasErrorCode } from '../../../shared/api/api-error.ts';
import { api, apiRequest } from '../../../shared/api/client.ts';
import { pushExternalId } from '../../../shared/session/current-user.ts';

export const PUSH_START_DELAY_MS = 2_000;
export const SERVICE_WORKER_URL = '/sw.js';

export type PushState = 'unsupported' | 'default' | 'granted' | 'denied';

export function pushState(): PushState {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission;
}

/** base64url (the VAPID key as servers print it) → the bytes PushManager.subscribe wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function vapidPublicKey(): Promise<string | null> {
  // No key, or not one we can read: push stays off on this device.
  const answer = VapidPublicKeySchema.safeParse(
    await api.get('/customers/push-subscriptions/vapid-public-key'),
  );
  return answer.success ? answer.data.data.vapid_public_key : null;
}

const isTakenElsewhere = (error: unknown) => hasErrorCode(error, 'push_subscription_taken');

/**
 * Subscribes this browser (or reuses its subscription) and registers it with the API. An endpoint the
 * API says is another account's (a previous customer on this browser whose sign-out did not reach the
 * API) is dropped and replaced by a fresh one, once; if that is refused too, push stays off quietly.
 */
export async function subscribeThisDevice(): Promise<boolean> {
  if (pushState() !== 'granted') return false;
  const key = await vapidPublicKey();
  if (!key) return false;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const subscribe = () =>
    registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(key),
    });
  const externalId = await pushExternalId();
  const register = (subscription: PushSubscription) =>
    api.post('/customers/push-subscriptions', { kind: 'web', ...subscription.toJSON(), ...externalId });
  const subscription = (await registration.pushManager.getSubscription()) ?? (await subscribe());
  try {
    await register(subscription);
    return true;
  } catch (error) {
    if (!isTakenElsewhere(error)) throw error;
  }
  await subscription.unsubscribe();
  try {
    await register(await subscribe());
    return true;
  } catch (error) {
    if (isTakenElsewhere(error)) return false;
    throw error;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 2 s after start, and only with permission already given: never a prompt the user did not ask for. */
export async function startPushRegistration(delayMs = PUSH_START_DELAY_MS): Promise<void> {
  await wait(delayMs);
  if (pushState() !== 'granted') return;
  await subscribeThisDevice().catch(() => {
    // No push service reachable, or the API refused: the app works without push; the next start retries.
  });
}

/** From a tap on 'Activar notificaciones': asks, then registers. Answers the resulting permission. */
export async function enablePush(): Promise<PushState> {
  if (pushState() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await subscribeThisDevice();
  return permission;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Sign-out (spec §4): the API stops pushing to this browser and the browser forgets the subscription. */
export async function unregisterPush(
  hostname = window.location.hostname,
): Promise<'skipped' | 'done' | 'none'> {
  if (LOCAL_HOSTS.has(hostname) || pushState() === 'unsupported') return 'skipped';
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return 'none';
    await apiRequest('/customers/push-subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    }).catch(() => {
      // Unknown to the API already: nothing to stop.
    });
    await subscription.unsubscribe();
    return 'done';
  } catch {
    return 'none';
  }
}
