/**
 * The session's life (spec §4): start, token renewal, sign-out, an invalid session (401) and maintenance
 * (503). Navigation is injected by the app so these flows can be exercised without a router.
 */

import { ApiError } from '../../shared/api/api-error.ts';
import { api, setSessionEventHandlers } from '../../shared/api/client.ts';
import { handleError } from '../../shared/errors/error-handler.tsx';
import { t } from '../../shared/i18n/i18n.ts';
import { showLoading } from '../../shared/loading/loading.ts';
import { saveAppMessage } from '../../shared/message/app-message.ts';
import { isHybrid, platformName } from '../../shared/native/platform.ts';
import { clearSavedCertificates } from '../../shared/offline/saved-certificates.ts';
import { signingOutFrom } from '../../shared/session/after-login.ts';
import { endSession, setSessionState, storeToken } from '../../shared/session/session-store.ts';
import { StorageKey, storage } from '../../shared/storage/storage.ts';
import { hideAllToasts } from '../../shared/toasts/toasts.tsx';

/** Renew when the token's renewal date falls within the next 5 days (spec §4, §9). */
export const RENEWAL_WINDOW_MS = 432_000_000;
/** Spec §9: the login loading screen stays up to 10 s and the refresh call goes out after 5 s. */
export const RENEWAL_OVERLAY_MS = 10_000;
export const RENEWAL_DELAY_MS = 5_000;
/** Spec §9: logout overlay 10 s, logout delay 2 s, maintenance delay 2 s. */
export const SIGN_OUT_OVERLAY_MS = 10_000;
export const SIGN_OUT_DELAY_MS = 2_000;
export const MAINTENANCE_DELAY_MS = 2_000;

export type Navigate = (to: string) => void | Promise<void>;

let navigate: Navigate = () => {};

export function configureSessionNavigation(fn: Navigate): void {
  navigate = fn;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function shouldRenewSession(renewOn: string | null | undefined, now: number): boolean {
  if (!renewOn) return false;
  const renewAt = Date.parse(renewOn);
  return !Number.isNaN(renewAt) && now + RENEWAL_WINDOW_MS > renewAt;
}

/** Reads the stored session, renews the token when due and recovers the context (spec §4 "Session start"). */
export async function startSession(now = Date.now()): Promise<void> {
  setSessionState({ status: 'starting' });
  const token = await storage.get<string>(StorageKey.token);
  if (!token) {
    setSessionState({ status: 'anonymous' });
    return;
  }
  if (shouldRenewSession(await storage.get<string>(StorageKey.renewOn), now)) {
    // A 401 or 503 on the refresh already sent the user to login or to the maintenance message.
    if ((await renewSession()) === 'signed-out') return;
  }
  setSessionState({ status: 'authenticated' });
  // The application id (spec §3 storage) comes with the public config; a failure is retried when needed.
  import('../../shared/config/app-config.ts').then(({ getAppConfig }) => getAppConfig()).catch(() => {});
  // Loaded on demand: the context's schemas are not needed by anonymous visitors.
  import('../../shared/session/context.ts')
    .then(({ recoverContext }) => recoverContext())
    .catch(() => {
      // Without a context the calls simply go without Context-Id; the next start tries again.
    });
}

/**
 * 'Iniciando sesión...' for up to 10 s; after 5 s, a new token replaces the old one. When the refresh
 * fails for another reason, the current token is kept and the user is told.
 */
export async function renewSession(): Promise<'renewed' | 'kept' | 'signed-out'> {
  const hide = showLoading(t('loading.signingIn'), RENEWAL_OVERLAY_MS);
  try {
    await sleep(RENEWAL_DELAY_MS);
    const { refreshToken } = await import('../../shared/session/refresh-token.ts');
    await storeToken(await refreshToken());
    return 'renewed';
  } catch (error) {
    if (error instanceof ApiError && error.handled) return 'signed-out';
    handleError(error, 22);
    return 'kept';
  } finally {
    hide();
  }
}

let signingOut = false;

/** 'Cerrando sesión...', wait 2 s, revoke the token, forget everything stored, go to login. */
export async function signOut(): Promise<void> {
  if (signingOut) return;
  signingOut = true;
  const hide = showLoading(t('loading.signingOut'), SIGN_OUT_OVERLAY_MS);
  try {
    await sleep(SIGN_OUT_DELAY_MS);
    // While the token still works: the API stops pushing to this browser (not on localhost, spec §4).
    await (isHybrid()
      ? import('../../shared/native/native-push.ts').then(({ stopNativePush }) => stopNativePush())
      : import('../../features/notifications/push/push-client.ts').then(({ unregisterPush }) =>
          unregisterPush(),
        )
    ).catch(() => {});
    await api.post('/auth/logout').catch(() => {
      // The token is forgotten locally either way.
    });
    await signOutOfSocialProvider().catch(() => {
      // The app's own session ends either way.
    });
    signingOutFrom(true);
    await forgetEverything();
    await navigate('/login');
  } finally {
    signingOutFrom(false);
    hide();
    signingOut = false;
  }
}

/** Spec §4: "sign out of Google if applicable" — a session that came from Google, in the apps. */
async function signOutOfSocialProvider(): Promise<void> {
  if ((await storage.get(StorageKey.signedInWith)) !== 'google' || !isHybrid()) return;
  const [native, { getAppConfig }] = await Promise.all([
    import('../../features/auth/social/native-social.ts'),
    import('../../shared/config/app-config.ts'),
  ]);
  await native.signOutOfGoogle(await getAppConfig(), {
    plugin: await native.nativeSocialPlugin(),
    platform: platformName(),
  });
}

async function forgetEverything(): Promise<void> {
  await storage.clear();
  // The certificates kept for offline use are personal data too (spec §4 "clear all stored data").
  await clearSavedCertificates().catch(() => {});
  endSession();
}

let handlingUnauthorized = false;

/** 401 on an authenticated call: the session is gone (spec §4 "Unauthorized"). */
export async function handleUnauthorized(): Promise<void> {
  if (handlingUnauthorized) return;
  handlingUnauthorized = true;
  try {
    await forgetEverything();
    await navigate('/login');
  } finally {
    handlingUnauthorized = false;
  }
}

let enteringMaintenance = false;

/**
 * The text of the maintenance screen: the operator's message when the API's 503 carries one (the back
 * office's 'Mensaje para los clientes'), the spec's fixed text otherwise (a 503 of a proxy, no body).
 */
export function maintenanceDescription(error?: ApiError): string {
  const message = error?.code === 'maintenance' ? error.body?.message : undefined;
  return typeof message === 'string' && message.trim() ? message : t('maintenance.description');
}

/** 503: forget the session, disable the menus, store the maintenance message, then show it (spec §4). */
export async function enterMaintenance(error?: ApiError): Promise<void> {
  if (enteringMaintenance) return;
  enteringMaintenance = true;
  try {
    await storage.remove(StorageKey.token, StorageKey.renewOn, StorageKey.user);
    endSession({ menusDisabled: true });
    await saveAppMessage({
      title: t('maintenance.title'),
      description: maintenanceDescription(error),
      button_title: t('maintenance.button'),
      image: '/assets/images/maintenance.svg',
      canNavigate: true,
    });
    hideAllToasts();
    await sleep(MAINTENANCE_DELAY_MS);
    await navigate('/message');
  } finally {
    enteringMaintenance = false;
  }
}

/** Wires the API client's 401 and 503 reports to the flows above. */
export function registerSessionEventHandlers(): void {
  setSessionEventHandlers({
    onUnauthorized: () => void handleUnauthorized(),
    onMaintenance: (error) => void enterMaintenance(error),
  });
}
