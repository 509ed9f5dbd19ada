/**
 * Spec §4's sign-out "signs out of Google if applicable": in the apps, a session that came from Google
 * also signs the native Google SDK out (the plugin is the one thing stood in for; the API is mocked at
 * fetch like every component test).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appConfigRoute, mockApi } from '../../../test/api-mock.ts';
import { StorageKey, storage } from '../../shared/storage/storage.ts';
import { configureSessionNavigation, registerSessionEventHandlers, signOut } from './session-lifecycle.ts';

const plugin = vi.hoisted(() => ({
  initialize: vi.fn(async () => undefined),
  logout: vi.fn(async () => undefined),
}));
vi.mock('@capgo/capacitor-social-login', () => ({ SocialLogin: plugin }));

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  configureSessionNavigation(navigate);
  registerSessionEventHandlers();
  plugin.initialize.mockClear();
  plugin.logout.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function inTheAndroidApp() {
  vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'android' });
}

async function signOutNow() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const done = signOut();
  await vi.advanceTimersByTimeAsync(2_100);
  await done;
}

describe('sign-out of a social session (spec §4)', () => {
  it('in the app, a session that came from Google signs out of Google too, then forgets it', async () => {
    mockApi({ ...appConfigRoute, 'POST /auth/logout': { status: 204 } });
    inTheAndroidApp();
    await storage.set(StorageKey.token, 'current');
    await storage.set(StorageKey.signedInWith, 'google');

    await signOutNow();

    expect(plugin.logout).toHaveBeenCalledExactlyOnceWith({ provider: 'google' });
    expect(plugin.initialize).toHaveBeenCalledBefore(plugin.logout);
    expect(await storage.get(StorageKey.signedInWith)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('leaves Google alone for a session of another provider or of a password', async () => {
    mockApi({ ...appConfigRoute, 'POST /auth/logout': { status: 204 } });
    inTheAndroidApp();
    await storage.set(StorageKey.token, 'current');
    await storage.set(StorageKey.signedInWith, 'facebook');
    await signOutNow();
    await storage.set(StorageKey.token, 'current');
    await signOutNow();
    expect(plugin.logout).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('still ends the session at login when signing out of Google fails', async () => {
    mockApi({ ...appConfigRoute, 'POST /auth/logout': { status: 204 } });
    inTheAndroidApp();
    plugin.logout.mockRejectedValueOnce(new Error('No Google session'));
    await storage.set(StorageKey.token, 'current');
    await storage.set(StorageKey.signedInWith, 'google');
    await signOutNow();
    expect(await storage.get(StorageKey.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
