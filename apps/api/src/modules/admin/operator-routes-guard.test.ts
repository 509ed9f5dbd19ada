/**
 * Every operator route, read from the OpenAPI document (so a new one is covered the day it is added):
 * no credential → 401, a customer's session → 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';

const t: TestApp = await createTestApp();
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const spec = (await t.app.inject({ method: 'GET', url: '/api/v4/openapi.json' })).json<{
  paths: Record<string, Record<string, unknown>>;
}>();
/** The open steps of operator sign-in are the only /admin routes without the guard. */
const OPEN = new Set(['/api/v4/admin/auth/login', '/api/v4/admin/auth/second-factor']);
const operatorRoutes = Object.entries(spec.paths)
  .filter(
    ([path]) =>
      (path.startsWith('/api/v4/admin/') && !OPEN.has(path)) || /\/policies\/\{id\}\/(un)?link$/.test(path),
  )
  .flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase() as Method,
      url: path.replace(/\{[^}]+\}/g, '1'),
    })),
  );

let customerAuth: Record<string, string>;
beforeAll(async () => {
  customerAuth = (await registerCustomer(t.app)).auth;
});

describe('operator routes', () => {
  it('are all found in the OpenAPI document', () => {
    expect(operatorRoutes.length).toBeGreaterThanOrEqual(28);
  });

  describe.each(operatorRoutes)('$method $url', ({ method, url }) => {
    it('answers 401 without a credential', async () => {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode).toBe(401);
    });
    it('answers 403 to a customer', async () => {
      const res = await t.app.inject({
        method,
        url,
        headers: customerAuth,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
