/**
 * Social sign-in inside the Android and iOS apps (spec §7, docs/decisions/014), through the maintained
 * @capgo/capacitor-social-login plugin: Google and Facebook with their native SDKs on both platforms,
 * Apple with Sign in with Apple on iOS. The provider's token goes to POST /auth/social exactly as on the
 * web (finish-social-sign-in.ts), so an e-mail with no account keeps the pending registration data and
 * goes to register (spec §3). Apple on Android has no native flow: it uses the web flow
 * (social-redirect.ts), opened in the system browser and back through the universal link of /login.
 * The plugin comes in as a parameter so tests drive it through its interface.
 */

import type { SocialLoginPlugin } from '@capgo/capacitor-social-login';
import type { SocialProvider } from '@cubierto/contracts';
import type { AppConfig } from '../../../shared/config/app-config.ts';

export type NativeSocialDeps = {
  plugin: Pick<SocialLoginPlugin, 'initialize' | 'login' | 'logout'>;
  platform: string;
};

/** Whether the app signs in with this provider natively (else the web flow). */
export function signsInNatively(provider: SocialProvider, platform: string): boolean {
  if (platform !== 'android' && platform !== 'ios') return false;
  return provider !== 'apple' || platform === 'ios';
}

/** The plugin's "the customer closed the dialog": not an error to show. */
function isCancelled(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'USER_CANCELLED' || /cancel/i.test(String(message ?? ''));
}

/**
 * Asks the provider's native dialog for the token POST /auth/social checks: the ID token of Google and
 * Apple, Facebook's access token. Null when the customer cancelled.
 */
export async function nativeSocialToken(
  provider: SocialProvider,
  config: Pick<AppConfig, 'google_client_id' | 'facebook_app_id' | 'apple_client_id'>,
  deps: NativeSocialDeps,
): Promise<string | null> {
  const { plugin } = deps;
  try {
    if (provider === 'google') {
      const clientId = firstId(config.google_client_id);
      // The ID token's audience is the web client id on both platforms, the one the API checks.
      await plugin.initialize({
        google: { webClientId: clientId, iOSServerClientId: clientId, mode: 'online' },
      });
      const { result } = await plugin.login({
        provider: 'google',
        options: { scopes: ['email', 'profile'] },
      });
      return 'idToken' in result ? requireToken(result.idToken) : requireToken(null);
    }
    if (provider === 'facebook') {
      await plugin.initialize({ facebook: { appId: firstId(config.facebook_app_id) } });
      const { result } = await plugin.login({
        provider: 'facebook',
        options: { permissions: ['email', 'public_profile'] },
      });
      return requireToken(result.accessToken?.token ?? null);
    }
    await plugin.initialize({ apple: { clientId: firstId(config.apple_client_id) } });
    const { result } = await plugin.login({ provider: 'apple', options: { scopes: ['email', 'name'] } });
    return requireToken(result.idToken);
  } catch (error) {
    if (isCancelled(error)) return null;
    throw error;
  }
}

/**
 * Sign-out of a session that came from Google (spec §4 "sign out of Google if applicable"): in the apps
 * the native Google SDK keeps the account signed in, and would hand the same account to the next sign-in
 * on a shared phone, so it is signed out too. On the web the app keeps no Google session (the redirect
 * flow asks which account every time, `prompt=select_account`): nothing applies there.
 */
export async function signOutOfGoogle(
  config: Pick<AppConfig, 'google_client_id'>,
  deps: NativeSocialDeps,
): Promise<boolean> {
  if (deps.platform !== 'android' && deps.platform !== 'ios') return false;
  const clientId = firstId(config.google_client_id);
  // A fresh process has not initialized the plugin yet; logout needs it.
  await deps.plugin.initialize({
    google: { webClientId: clientId, iOSServerClientId: clientId, mode: 'online' },
  });
  await deps.plugin.logout({ provider: 'google' });
  return true;
}

/** The API lists one client id per platform, the web's first (GOOGLE_CLIENT_ID=web,android,ios). */
function firstId(ids: string | null): string {
  return (ids ?? '').split(',')[0]?.trim() ?? '';
}

function requireToken(token: string | null | undefined): string {
  if (!token) throw new Error('The provider gave no token');
  return token;
}

/** The real plugin, loaded on demand (only ever in the apps). */
export async function nativeSocialPlugin(): Promise<NativeSocialDeps['plugin']> {
  return (await import('@capgo/capacitor-social-login')).SocialLogin;
}
