/**
 * What the Android and iOS apps need from the API (docs/decisions/014): their pages run at another origin
 * (https://localhost, capacitor://localhost), so the API answers CORS for exactly the configured origins;
 * the .well-known files that let universal links open the apps come from configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { multipart, pngImage } from './fixtures.ts';
import { createTestApp, registerCustomer, type TestApp } from './harness.ts';

const ANDROID_ORIGIN = 'https://localhost';
const IOS_ORIGIN = 'capacitor://localhost';
const PRINT = Array.from({ length: 32 }, (_, n) => (n * 7).toString(16).padStart(2, '0').toUpperCase()).join(
  ':',
);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      CORS_ORIGINS: `${ANDROID_ORIGIN}, ${IOS_ORIGIN}`,
      API_ORIGIN: 'https://api.cubierto.com.ar',
      ANDROID_SHA256_FINGERPRINTS: PRINT.toLowerCase(),
      IOS_TEAM_ID: 'ABCDE12345',
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('CORS for the apps', () => {
  it('answers a listed origin’s preflight with credentials, the app’s headers and a cache time', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v4/customers/payments',
      headers: {
        origin: IOS_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, context-id, idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(IOS_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-max-age']).toBe('600');
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'context-id', 'idempotency-key']));
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  it('lets the apps send their device id on sign-in and registration (X-Device-Id in the preflight)', async () => {
    for (const url of ['/api/v4/auth/login', '/api/v4/auth/register', '/api/v4/auth/register/confirm']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: ANDROID_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-device-id',
        },
      });
      expect(res.statusCode).toBe(204);
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      expect(allowed).toContain('x-device-id');
    }
  });

  it("lets the apps send spec §7's Access-Control-Allow-Origin request header to a /check path", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v4/customers/insurances/check',
      headers: {
        origin: ANDROID_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, access-control-allow-origin',
      },
    });
    expect(res.statusCode).toBe(204);
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toContain('access-control-allow-origin');
  });

  it('lets a listed origin read a signed-in answer and a download’s file name', async () => {
    const customer = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user',
      headers: { ...customer.auth, origin: ANDROID_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ANDROID_ORIGIN);
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain(
      'content-disposition',
    );
  });

  it('refuses an unlisted origin: no CORS header, so the browser keeps the answer from it', async () => {
    for (const origin of ['https://evil.example', 'http://localhost', 'https://localhost.evil.example']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v4/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.app.inject({ method: 'GET', url: '/api/v4/common/contexts', headers: { origin } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('lets pages call the API at its own origin (CSP connect-src and img-src)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/common/contexts' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.cubierto\.com\.ar/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/api\.cubierto\.com\.ar/);
  });
});

describe('CORS when no origin is configured', () => {
  it('sends no CORS header at all, as a same-origin deployment needs none', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/v4/common/contexts',
        headers: { origin: ANDROID_ORIGIN },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.close();
    }
  }, 120_000);

  it('stops the start on something that is not a list of origins', () => {
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({ CORS_ORIGINS: 'capacitor://localhost,https://localhost/' }).corsOrigins).toEqual([
      'capacitor://localhost',
      'https://localhost',
    ]);
  });
});

describe('links that open the apps', () => {
  it('serves assetlinks.json with the package and fingerprints from configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'ar.com.cubierto.app',
          sha256_cert_fingerprints: [PRINT],
        },
      },
    ]);
  });

  it('serves apple-app-site-association with the team and bundle id, leaving the API out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const [detail] = res.json().applinks.details;
    expect(detail.appIDs).toEqual(['ABCDE12345.ar.com.cubierto.app']);
    expect(detail.components).toContainEqual({ '/': '/api/*', exclude: true });
    expect(detail.components.at(-1)).toEqual({ '/': '*' });
  });

  it('claims nothing while the apps’ identities are not configured', async () => {
    const plain = await createTestApp();
    try {
      const android = await plain.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
      expect(android.statusCode).toBe(200);
      expect(android.json()).toEqual([]);
      const ios = await plain.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
      expect(ios.json()).toEqual({ applinks: { details: [] } });
    } finally {
      await plain.close();
    }
  });
});

describe('images in the apps', () => {
  it('lets pages of another origin show avatars and logos (Cross-Origin-Resource-Policy)', async () => {
    const customer = await registerCustomer(t.app);
    const form = await multipart({
      _method: 'PUT',
      avatar: { data: pngImage(8, 8), filename: 'yo.png', type: 'image/png' },
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/user',
      headers: { ...customer.auth, 'content-type': form.contentType },
      payload: form.payload,
    });
    const avatar = saved.json().data.avatar as string;
    expect(avatar).toMatch(/^\/api\/v4\/files\/avatars\//);
    const res = await t.app.inject({ method: 'GET', url: avatar, headers: { origin: IOS_ORIGIN } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
