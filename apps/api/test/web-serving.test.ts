/**
 * How the API serves the web build: compressed copies written at build time go to browsers that accept
 * them, hashed assets are cached for a year and the rest revalidated, client-side routes get index.html.
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
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, body: string) => {
    writeFileSync(path.join(dist, file), body);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
  };
  write('assets/app-abcd1234.js', script);
  write('index.html', html);
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
