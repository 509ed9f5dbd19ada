/**
 * How the API serves the web build: compressed copies written at build time go to browsers that accept
 * them, hashed assets are cached for a year and the rest revalidated, client-side routes get index.html,
 * and the public pages the build prerendered (apps/web/build-prerender.ts) get their own HTML.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'cubierto-dist-'));
const script = `console.log(${JSON.stringify('Cubierto '.repeat(400))});`;
const html = `<!doctype html><html><head><script type="module" src="/assets/app-abcd1234.js"></script></head><body>${'<!-- relleno -->'.repeat(100)}</body></html>`;
/** A prerendered page as the build writes it: index.html with the page drawn inside #root. */
const prerendered = (route: string, body: string) =>
  html.replace('<body>', `<body><div id="root" data-prerendered="${route}">${body}</div>`);
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'login'));
  mkdirSync(path.join(dist, 'productos/cell-phone'), { recursive: true });
  mkdirSync(path.join(dist, 'verificar/_'), { recursive: true });
  const write = (file: string, body: string) => {
    writeFileSync(path.join(dist, file), body);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
  };
  write('assets/app-abcd1234.js', script);
  write('index.html', html);
  write('login/index.html', prerendered('login', '<h1>Ingresá a tu cuenta</h1>'));
  write('productos/cell-phone/index.html', prerendered('productos/:riskType', '<h1>Celular</h1>'));
  write('verificar/_/index.html', prerendered('verificar/:code', '<header>Ingresar</header>'));
  writeFileSync(
    path.join(dist, 'prerendered.json'),
    JSON.stringify({
      pages: [
        {
          path: '/login',
          file: 'login/index.html',
          preloads: [
            '/api/v4/common/app-config',
            '/api/v4/applications/{application_id}/public-policies?per_page=100',
          ],
        },
        {
          path: '/productos/cell-phone',
          file: 'productos/cell-phone/index.html',
          preloads: [
            '/api/v4/applications/{application_id}/public-policies?per_page=100&filter%5Brisk_type%5D%5Beq%5D={segment}',
          ],
        },
        {
          path: '/verificar/*',
          file: 'verificar/_/index.html',
          preloads: ['/api/v4/common/verify/{segment}', '/api/v4/common/insured-service'],
        },
        // Listed but not written: the address falls back to index.html.
        { path: '/terminos', file: 'terminos/index.html' },
      ],
    }),
  );
  write('sw.js', `self.addEventListener('fetch', () => {}); // ${'shell '.repeat(300)}`);
  writeFileSync(
    path.join(dist, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Cubierto', start_url: '/tabs' }),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web build', () => {
  it('goes compressed with brotli to a browser that accepts it, and is cached for a year when hashed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abcd1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('goes as it is to a client that accepts no compression', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abcd1234.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('answers a client-side route with index.html, compressed and revalidated', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/customers/insurances/5',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker as JavaScript that is always revalidated, never kept for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('serves the web app manifest with its own media type, revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ start_url: '/tabs' });
  });
});

describe('the prerendered public pages', () => {
  it('answer their address with their own HTML, compressed and revalidated, the page drawn before any script', async () => {
    for (const [url, text] of [
      ['/login', '<h1>Ingresá a tu cuenta</h1>'],
      ['/login/', '<h1>Ingresá a tu cuenta</h1>'],
      ['/login?email=ana%40example.com', '<h1>Ingresá a tu cuenta</h1>'],
      ['/productos/cell-phone', '<h1>Celular</h1>'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const body = brotliDecompressSync(res.rawPayload).toString();
      expect(body, url).toContain(text);
    }
  });

  it('give every certificate check the one shell, whatever its code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/verificar/ABC-123-XYZ' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-prerendered="verificar/:code"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('announce the API requests each page makes first, for the browser to ask for them with the HTML', async () => {
    const link = async (url: string) => (await t.app.inject({ method: 'GET', url })).headers.link;
    expect(await link('/login')).toBe(
      '</api/v4/common/app-config>; rel=preload; as=fetch; crossorigin, ' +
        `</api/v4/applications/${t.config.applicationId}/public-policies?per_page=100>; rel=preload; as=fetch; crossorigin`,
    );
    expect(await link('/productos/cell-phone/')).toBe(
      `</api/v4/applications/${t.config.applicationId}/public-policies?per_page=100&filter%5Brisk_type%5D%5Beq%5D=cell-phone>; rel=preload; as=fetch; crossorigin`,
    );
    expect(await link('/verificar/ABC-123-XYZ')).toBe(
      '</api/v4/common/verify/ABC-123-XYZ>; rel=preload; as=fetch; crossorigin, ' +
        '</api/v4/common/insured-service>; rel=preload; as=fetch; crossorigin',
    );
    // A code that no page would ask for never reaches the header: only what needs no code is announced.
    for (const code of ['a%3E%3B%20rel%3Dstylesheet', '%0D%0Aset-cookie:x', 'ñandú', 'x'.repeat(65)])
      expect(await link(`/verificar/${code}`), code).toBe(
        '</api/v4/common/insured-service>; rel=preload; as=fetch; crossorigin',
      );
    // index.html announces nothing.
    expect(await link('/tabs')).toBeUndefined();
  });

  it('leave every other address to index.html: a deeper path, an unlisted product, a listed file the build did not write', async () => {
    for (const url of ['/verificar/ABC/extra', '/productos/bicycle', '/terminos', '/tabs']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(html);
    }
  });
});
