/**
 * What only the Android and iOS apps do at start (docs/decisions/014): store updates, deep links and
 * native push.
 * Nothing here runs, or even loads, on the web.
 */
import { isHybrid, platformName } from './platform.ts';

export async function startNative(navigate: (to: string) => void | Promise<void>): Promise<void> {
  if (!isHybrid()) return;
  const [{ App }, { AppUpdate }, { watchStoreUpdates }, { listenForDeepLinks, PUBLIC_HOSTS }, { showToast }] =
    await Promise.all([
      import('@capacitor/app'),
      import('@capawesome/capacitor-app-update'),
      import('./app-update.ts'),
      import('./deep-links.ts'),
      import('../toasts/toasts.tsx'),
    ]);
  const log = (what: string, error: unknown) => console.warn(what, error);
  const platform = platformName();
  await Promise.all([
    watchStoreUpdates({ app: App, updates: AppUpdate, platform, toast: showToast, log }),
    listenForDeepLinks({
      app: App,
      navigate,
      publicHosts: PUBLIC_HOSTS,
      closeBrowser: async () => (await import('@capacitor/browser')).Browser.close(),
    }),
  ]);
}

/** Push on the device, once a customer is signed in (the token is registered under their account). */
export async function startNativePushForCustomer(
  navigate: (to: string) => void | Promise<void>,
): Promise<void> {
  const platform = platformName();
  if (!isHybrid() || (platform !== 'android' && platform !== 'ios')) return;
  const [{ PushNotifications }, { startNativePush }, { api, apiRequest }, { pushExternalId }] =
    await Promise.all([
      import('@capacitor/push-notifications'),
      import('./native-push.ts'),
      import('../api/client.ts'),
      import('../session/current-user.ts'),
    ]);
  await startNativePush({
    push: PushNotifications,
    platform,
    save: (body) => api.post('/customers/push-subscriptions', body),
    externalId: pushExternalId,
    forget: (body) => apiRequest('/customers/push-subscriptions', { method: 'DELETE', body }),
    navigate,
    log: (what, error) => console.warn(what, error),
  });
}
