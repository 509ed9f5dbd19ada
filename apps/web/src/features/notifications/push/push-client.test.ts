import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { StorageKey, storage } from '../../../shared/storage/storage.ts';
import { base64UrlToBytes, enablePush, startPushRegistration, unregisterPush } from './push-client.ts';

/** A browser with push: a service worker registration holding one subscription. */
function fakeBrowser(permission: NotificationPermission) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = {
    endpoint: 'https://push.example/abc',
    unsubscribe,
    toJSON: () => ({ endpoint: 'https://push.example/abc' }),
  };
  // A fresh subscription has a new endpoint (what the push service hands out after an unsubscribe).
  const fresh = { endpoint: 'https://push.example/new', unsubscribe: vi.fn(async () => true) };
  const registration = {
    pushManager: {
      getSubscription: vi.fn(async () => subscription),
      subscribe: vi.fn(async () => ({ ...fresh, toJSON: () => ({ endpoint: fresh.endpoint }) })),
    },
  };
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => permission) });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => registration),
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  return { unsubscribe, registration };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push on this device', () => {
  it('reads the VAPID key as PushManager wants it', () => {
    expect(Array.from(base64UrlToBytes('AQID_-8'))).toEqual([1, 2, 3, 255, 239]);
  });

  it('sign-out: the API stops pushing here and the browser drops the subscription', async () => {
    const { unsubscribe } = fakeBrowser('granted');
    const api = mockApi({ 'DELETE /customers/push-subscriptions': { status: 204 } });
    expect(await unregisterPush('app.cubierto.com.ar')).toBe('done');
    const [call] = api.callsTo('DELETE', '/customers/push-subscriptions');
    expect(JSON.parse(String(call!.body))).toEqual({ endpoint: 'https://push.example/abc' });
    expect(unsubscribe).toHaveBeenCalled();
  });

  it('sign-out on localhost leaves push alone (spec §4)', async () => {
    const { unsubscribe } = fakeBrowser('granted');
    const api = mockApi({});
    expect(await unregisterPush('localhost')).toBe('skipped');
    expect(await unregisterPush('127.0.0.1')).toBe('skipped');
    expect(api.requests).toHaveLength(0);
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it('registers after the delay only when the user already allowed it', async () => {
    const denied = fakeBrowser('default');
    const api = mockApi({});
    await startPushRegistration(0);
    expect(api.requests).toHaveLength(0);
    expect(denied.registration.pushManager.subscribe).not.toHaveBeenCalled();

    fakeBrowser('granted');
    await storage.set(StorageKey.user, {
      id: 1,
      name: 'Sofía',
      email: 'sofia@example.com',
      avatar: null,
      entity_id: 7,
    });
    const allowed = mockApi({
      'GET /customers/push-subscriptions/vapid-public-key': { body: { data: { vapid_public_key: 'AQID' } } },
      'POST /customers/push-subscriptions': { status: 201, body: { data: {} } },
    });
    await startPushRegistration(0);
    const [post] = allowed.callsTo('POST', '/customers/push-subscriptions');
    // The user's e-mail as the push service's external id (spec §7), beside the endpoint.
    expect(JSON.parse(String(post!.body))).toMatchObject({ kind: 'web', external_id: 'sofia@example.com' });
  });

  it('an endpoint another account holds is replaced by a fresh one, quietly', async () => {
    const { unsubscribe, registration } = fakeBrowser('granted');
    let posts = 0;
    const api = mockApi({
      'GET /customers/push-subscriptions/vapid-public-key': { body: { data: { vapid_public_key: 'AQID' } } },
      'POST /customers/push-subscriptions': () => {
        posts += 1;
        return posts === 1
          ? { status: 409, body: { message: 'Tomado.', error_code: 'push_subscription_taken' } }
          : { status: 201, body: { data: {} } };
      },
    });
    expect(await enablePush()).toBe('granted');
    expect(unsubscribe).toHaveBeenCalled();
    expect(registration.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const endpoints = api
      .callsTo('POST', '/customers/push-subscriptions')
      .map((call) => JSON.parse(String(call.body)).endpoint);
    expect(endpoints).toEqual(['https://push.example/abc', 'https://push.example/new']);
  });

  it('an endpoint refused twice as another account’s leaves push off without an error', async () => {
    fakeBrowser('granted');
    const api = mockApi({
      'GET /customers/push-subscriptions/vapid-public-key': { body: { data: { vapid_public_key: 'AQID' } } },
      'POST /customers/push-subscriptions': {
        status: 409,
        body: { message: 'Tomado.', error_code: 'push_subscription_taken' },
      },
    });
    await expect(enablePush()).resolves.toBe('granted');
    expect(api.callsTo('POST', '/customers/push-subscriptions')).toHaveLength(2);
  });
});
