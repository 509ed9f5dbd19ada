/**
 * Social sign-in on the web (spec §7): the browser goes to the provider's sign-in dialog and comes back to
 * /login with an ID token (Google, Apple: in the fragment) or a code (Facebook: in the query). A random
 * `state` kept in storage ties the answer to the request that asked for it. In the apps (only Apple on
 * Android signs in this way, native-social.ts) the page's origin is the phone itself, so the dialog opens
 * in the system browser and comes back to the public site's /login, a universal link that opens the app
 * there (shared/native/deep-links.ts).
 */
import type { SocialProvider } from '@cubierto/contracts';
import type { AppConfig } from '../../../shared/config/app-config.ts';
import { isHybrid } from '../../../shared/native/platform.ts';
import { PUBLIC_SITE } from '../../../shared/native/public-site.ts';
import { StorageKey, storage } from '../../../shared/storage/storage.ts';

type PendingSocial = { state: string; nonce: string; provider: SocialProvider };

export type SocialReturn =
  | { provider: 'google' | 'apple'; idToken: string }
  | { provider: 'facebook'; code: string }
  /** Facebook's user access token (a return link's access_token), checked by the API with Facebook. */
  | { provider: 'facebook'; token: string }
  | { provider: SocialProvider; error: string };

export function socialRedirectUri(): string {
  return isHybrid() ? `${PUBLIC_SITE}/login` : `${window.location.origin}/login`;
}

export function clientIdOf(provider: SocialProvider, config: AppConfig): string | null {
  if (provider === 'google') return config.google_client_id;
  if (provider === 'apple') return config.apple_client_id;
  return config.facebook_app_id;
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function buildAuthorizeUrl(
  provider: SocialProvider,
  clientId: string,
  state: string,
  nonce: string,
): string {
  const redirectUri = socialRedirectUri();
  const params = (entries: Record<string, string>) => new URLSearchParams(entries).toString();
  switch (provider) {
    case 'google':
      return `https://accounts.google.com/o/oauth2/v2/auth?${params({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'id_token',
        scope: 'openid email profile',
        prompt: 'select_account',
        state,
        nonce,
      })}`;
    case 'apple':
      return `https://appleid.apple.com/auth/authorize?${params({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code id_token',
        response_mode: 'fragment',
        state,
        nonce,
      })}`;
    case 'facebook':
      return `https://www.facebook.com/v19.0/dialog/oauth?${params({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'email',
        state,
      })}`;
  }
}

/** Leaves for the provider's dialog. */
export async function startSocialSignIn(provider: SocialProvider, clientId: string): Promise<void> {
  const pending: PendingSocial = { state: randomToken(), nonce: randomToken(), provider };
  await storage.set(StorageKey.socialState, pending);
  const url = buildAuthorizeUrl(provider, clientId, pending.state, pending.nonce);
  if (isHybrid()) {
    await (await import('@capacitor/browser')).Browser.open({ url });
    return;
  }
  window.location.assign(url);
}

/**
 * Reads a provider's answer from the URL /login was opened with; null when there is none or its state
 * does not match the request we made.
 */
export async function readSocialReturn(search: string, hash: string): Promise<SocialReturn | null> {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const state = fragment.get('state') ?? query.get('state');
  if (!state) return null;
  const pending = await storage.get<PendingSocial>(StorageKey.socialState);
  await storage.remove(StorageKey.socialState);
  if (!pending || pending.state !== state) return null;

  const error = fragment.get('error') ?? query.get('error');
  if (error) return { provider: pending.provider, error };
  if (pending.provider === 'facebook') {
    const code = query.get('code');
    if (code) return { provider: 'facebook', code };
    // A return link may carry Facebook's access token instead (spec §2's access_token): it is only
    // taken with this browser's own state, and only as a Facebook token the API verifies with Facebook.
    const accessToken = fragment.get('access_token') ?? query.get('access_token');
    return accessToken ? { provider: 'facebook', token: accessToken } : null;
  }
  const idToken = fragment.get('id_token');
  return idToken ? { provider: pending.provider, idToken } : null;
}
