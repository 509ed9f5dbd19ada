/**
 * The API reference lists every route, the back office's included (issue "Safe in production"): served
 * only when API_DOCS is on, which it is by default outside production. Off, /docs and the OpenAPI
 * document answer 404, while the app can still build the document (app.swagger()).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const statusOf = async (t: TestApp, url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

describe('API reference', () => {
  it('is served by default outside production', async () => {
    t = await createTestApp();
    expect(await statusOf(t, '/docs')).toBe(200);
    expect(await statusOf(t, '/api/v4/openapi.json')).toBe(200);
  }, 120_000);

  it('answers 404 with API_DOCS=false, and the document is still built', async () => {
    t = await createTestApp({ env: { API_DOCS: 'false' } });
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html', '/api/v4/openapi.json']) {
      expect(await statusOf(t, url), url).toBe(404);
    }
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/v4/auth/login');
  }, 120_000);
});
