import { describe, expect, it, vi } from 'vitest';
import {
  type NativeSocialDeps,
  nativeSocialToken,
  signOutOfGoogle,
  signsInNatively,
} from './native-social.ts';

const config = {
  google_client_id: 'web-client.apps',
  facebook_app_id: '4242',
  apple_client_id: 'ar.com.cubierto',
};

function fakePlugin(result: unknown, fails?: unknown) {
  const initialize = vi.fn(async () => undefined);
  const logout = vi.fn(async () => undefined);
  const login = vi.fn(async (options: { provider: string }) => {
    if (fails) throw fails;
    return { provider: options.provider, result };
  });
  return {
    plugin: { initialize, login, logout } as unknown as NativeSocialDeps['plugin'],
    initialize,
    login,
    logout,
  };
}

describe('native social sign-in in the apps (spec §7)', () => {
  it('signs the apps out of Google (spec §4); the web keeps no Google session to sign out of', async () => {
    const app = fakePlugin(null);
    await expect(signOutOfGoogle(config, { plugin: app.plugin, platform: 'ios' })).resolves.toBe(true);
    expect(app.initialize).toHaveBeenCalledWith({
      google: { webClientId: 'web-client.apps', iOSServerClientId: 'web-client.apps', mode: 'online' },
    });
    expect(app.logout).toHaveBeenCalledExactlyOnceWith({ provider: 'google' });

    const web = fakePlugin(null);
    await expect(signOutOfGoogle(config, { plugin: web.plugin, platform: 'web' })).resolves.toBe(false);
    expect(web.logout).not.toHaveBeenCalled();
  });

  it('signs in natively with Google and Facebook on both apps, with Apple on iOS only', () => {
    expect(signsInNatively('google', 'android')).toBe(true);
    expect(signsInNatively('facebook', 'ios')).toBe(true);
    expect(signsInNatively('apple', 'ios')).toBe(true);
    expect(signsInNatively('apple', 'android')).toBe(false);
    expect(signsInNatively('google', 'web')).toBe(false);
  });

  it("Google: the web client id is the ID token's audience on both platforms; the ID token goes on", async () => {
    const { plugin, initialize, login } = fakePlugin({ idToken: 'google.jwt', accessToken: null });
    await expect(nativeSocialToken('google', config, { plugin, platform: 'android' })).resolves.toBe(
      'google.jwt',
    );
    expect(initialize).toHaveBeenCalledWith({
      google: { webClientId: 'web-client.apps', iOSServerClientId: 'web-client.apps', mode: 'online' },
    });
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ provider: 'google' }));
  });

  it("Facebook: its access token, the one the API checks with Graph's debug_token", async () => {
    const { plugin, initialize } = fakePlugin({ accessToken: { token: 'fb-access' }, idToken: null });
    await expect(nativeSocialToken('facebook', config, { plugin, platform: 'ios' })).resolves.toBe(
      'fb-access',
    );
    expect(initialize).toHaveBeenCalledWith({ facebook: { appId: '4242' } });
  });

  it('Apple on iOS: the ID token of Sign in with Apple', async () => {
    const { plugin, initialize } = fakePlugin({ idToken: 'apple.jwt', accessToken: null });
    await expect(nativeSocialToken('apple', config, { plugin, platform: 'ios' })).resolves.toBe('apple.jwt');
    expect(initialize).toHaveBeenCalledWith({ apple: { clientId: 'ar.com.cubierto' } });
  });

  it('a closed dialog is no error; a provider failure or a missing token is', async () => {
    const cancelled = Object.assign(new Error('User cancelled'), { code: 'USER_CANCELLED' });
    await expect(
      nativeSocialToken('google', config, { plugin: fakePlugin(null, cancelled).plugin, platform: 'ios' }),
    ).resolves.toBeNull();
    await expect(
      nativeSocialToken('google', config, {
        plugin: fakePlugin(null, new Error('DEVELOPER_ERROR')).plugin,
        platform: 'android',
      }),
    ).rejects.toThrow('DEVELOPER_ERROR');
    await expect(
      nativeSocialToken('facebook', config, {
        plugin: fakePlugin({ accessToken: null, idToken: 'limited.jwt' }).plugin,
        platform: 'ios',
      }),
    ).rejects.toThrow('no token');
  });
});
