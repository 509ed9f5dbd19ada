/**
 * Push on the Android and iOS apps (spec §6: it needs the user's permission; §4: sign-out unregisters).
 * The device's FCM or APNs token goes to the API as a subscription of kind 'android' or 'ios' (the API
 * sends through FCM and APNs, decision 010); tapping a notification opens its link in the app, through
 * the same in-app navigation as a deep link. The plugin comes in as a parameter so tests drive it.
 */
import type { PushNotificationsPlugin } from '@capacitor/push-notifications';
import { deepLinkPath, PUBLIC_HOSTS } from './deep-links.ts';

type Plugin = Pick<
  PushNotificationsPlugin,
  'checkPermissions' | 'requestPermissions' | 'register' | 'unregister' | 'addListener'
>;

export type NativePushDeps = {
  push: Plugin;
  platform: 'android' | 'ios';
  /** POST /customers/push-subscriptions */
  save: (body: { kind: 'android' | 'ios'; token: string; external_id?: string }) => Promise<unknown>;
  /** The user's e-mail as the push service's external id (spec §7), sent with the token. */
  externalId: () => Promise<{ external_id: string } | Record<string, never>>;
  /** DELETE /customers/push-subscriptions */
  forget: (body: { endpoint: string }) => Promise<unknown>;
  navigate: (to: string) => void | Promise<void>;
  log?: (message: string, error: unknown) => void;
};

/** Where a tapped notification leads: an in-app path, or a link to the public site or the app's scheme. */
export function pushTargetPath(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return deepLinkPath(url, PUBLIC_HOSTS);
}

let registered: { deps: NativePushDeps; token: string | undefined } | undefined;

/**
 * Listens for the token and for taps, then registers when permission is (or, asked now, becomes)
 * granted. Resolves to whether push is on.
 */
export async function startNativePush(deps: NativePushDeps): Promise<boolean> {
  const state = { deps, token: undefined as string | undefined };
  registered = state;
  await deps.push.addListener('registration', ({ value }) => {
    state.token = value;
    deps
      .externalId()
      .then((externalId) => deps.save({ kind: deps.platform, token: value, ...externalId }))
      .catch((error: unknown) => deps.log?.('Push token', error));
  });
  await deps.push.addListener('registrationError', (error) => deps.log?.('Push registration', error));
  await deps.push.addListener('pushNotificationActionPerformed', ({ notification }) => {
    const path = pushTargetPath((notification.data as { url?: unknown } | undefined)?.url);
    if (path) void deps.navigate(path);
  });
  let permission = (await deps.push.checkPermissions()).receive;
  if (permission === 'prompt' || permission === 'prompt-with-rationale') {
    permission = (await deps.push.requestPermissions()).receive;
  }
  if (permission !== 'granted') return false;
  await deps.push.register();
  return true;
}

/** Sign-out: the API stops pushing to this device and the device forgets its registration. */
export async function stopNativePush(): Promise<'done' | 'none'> {
  const state = registered;
  registered = undefined;
  if (!state) return 'none';
  if (state.token) await state.deps.forget({ endpoint: state.token }).catch(() => undefined);
  await state.deps.push.unregister().catch(() => undefined);
  return 'done';
}
