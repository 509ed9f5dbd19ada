import { describe, expect, it, vi } from 'vitest';
import { type NativePushDeps, pushTargetPath, startNativePush, stopNativePush } from './native-push.ts';

type Listener = (event: never) => void;

function fakePlugin(permission: string, afterAsking = permission) {
  const listeners = new Map<string, Listener>();
  const push = {
    addListener: vi.fn(async (event: string, listener: Listener) => {
      listeners.set(event, listener);
      return { remove: async () => undefined };
    }),
    checkPermissions: vi.fn(async () => ({ receive: permission })),
    requestPermissions: vi.fn(async () => ({ receive: afterAsking })),
    register: vi.fn(async () => undefined),
    unregister: vi.fn(async () => undefined),
  };
  const emit = (event: string, payload: unknown) => (listeners.get(event) as (p: unknown) => void)(payload);
  return { push, emit };
}

function deps(plugin: ReturnType<typeof fakePlugin>, platform: 'android' | 'ios' = 'android') {
  const d = {
    push: plugin.push as unknown as NativePushDeps['push'],
    platform,
    save: vi.fn(async () => undefined),
    externalId: vi.fn(async () => ({ external_id: 'sofia@example.com' })),
    forget: vi.fn(async () => undefined),
    navigate: vi.fn(),
    log: vi.fn(),
  };
  return d;
}

describe('native push', () => {
  it('asks once when it may, registers, and sends the device token to the API with its platform', async () => {
    const plugin = fakePlugin('prompt', 'granted');
    const d = deps(plugin, 'ios');
    expect(await startNativePush(d)).toBe(true);
    expect(plugin.push.requestPermissions).toHaveBeenCalledOnce();
    expect(plugin.push.register).toHaveBeenCalledOnce();
    plugin.emit('registration', { value: 'apns-device-token' });
    // With the user's e-mail as the push service's external id (spec §7).
    await vi.waitFor(() =>
      expect(d.save).toHaveBeenCalledExactlyOnceWith({
        kind: 'ios',
        token: 'apns-device-token',
        external_id: 'sofia@example.com',
      }),
    );
  });

  it('does not register when the user said no, and does not ask again once decided', async () => {
    const refused = fakePlugin('prompt', 'denied');
    expect(await startNativePush(deps(refused))).toBe(false);
    expect(refused.push.register).not.toHaveBeenCalled();
    const denied = fakePlugin('denied');
    expect(await startNativePush(deps(denied))).toBe(false);
    expect(denied.push.requestPermissions).not.toHaveBeenCalled();
    const granted = fakePlugin('granted');
    expect(await startNativePush(deps(granted))).toBe(true);
    expect(granted.push.requestPermissions).not.toHaveBeenCalled();
  });

  it('opens the tapped notification in the app, and ignores a link that is not ours', async () => {
    const plugin = fakePlugin('granted');
    const d = deps(plugin);
    await startNativePush(d);
    plugin.emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { data: { url: '/notifications/list/7' } },
    });
    plugin.emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { data: { url: 'https://evil.example/x' } },
    });
    plugin.emit('pushNotificationActionPerformed', { actionId: 'tap', notification: { data: {} } });
    expect(d.navigate).toHaveBeenCalledExactlyOnceWith('/notifications/list/7');
  });

  it('at sign-out tells the API to stop pushing to this token and unregisters the device', async () => {
    const plugin = fakePlugin('granted');
    const d = deps(plugin);
    await startNativePush(d);
    plugin.emit('registration', { value: 'fcm-token' });
    expect(await stopNativePush()).toBe('done');
    expect(d.forget).toHaveBeenCalledExactlyOnceWith({ endpoint: 'fcm-token' });
    expect(plugin.push.unregister).toHaveBeenCalledOnce();
    expect(await stopNativePush()).toBe('none');
  });

  it('reads the target of links in every form a push may carry', () => {
    expect(pushTargetPath('/notifications/list/3')).toBe('/notifications/list/3');
    expect(pushTargetPath('https://cubierto.com.ar/notifications/list/3')).toBe('/notifications/list/3');
    expect(pushTargetPath('cubierto://notifications/list/3')).toBe('/notifications/list/3');
    expect(pushTargetPath('//evil.example/x')).toBeNull();
    expect(pushTargetPath(42)).toBeNull();
  });
});
