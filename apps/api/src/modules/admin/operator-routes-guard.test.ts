/**
 * Every operator route, read from the OpenAPI document (so a new one is covered the day it is added):
 * no credential → 401, a customer's session → 403, and a token that is no live session (forged, of a
 * signed-out customer, shaped like an operator's, or a wrong operations token) → 401, like on every
 * other route, so the client clears its session (spec §4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { operatorSession } from '../../../test/operator.ts';

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
let signedOutAuth: Record<string, string>;
beforeAll(async () => {
  customerAuth = (await registerCustomer(t.app)).auth;
  signedOutAuth = (await registerCustomer(t.app)).auth;
  const logout = await t.app.inject({ method: 'POST', url: '/api/v4/auth/logout', headers: signedOutAuth });
  expect(logout.statusCode).toBeLessThan(300);
});

const NOT_A_SESSION: Array<[string, () => Record<string, string>]> = [
  ['a forged token', () => ({ authorization: 'Bearer forged-0123456789abcdef0123456789abcdef' })],
  ['a signed-out customer', () => signedOutAuth],
  ['a forged operator token', () => ({ authorization: 'Bearer op_forged0123456789abcdef0123456789' })],
  ['a wrong operations token', () => ({ 'x-ops-token': 'not-the-operations-token-0123456789' })],
];

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
    it.each(NOT_A_SESSION)('answers 401 to %s', async (_who, headers) => {
      const res = await t.app.inject({
        method,
        url,
        headers: headers(),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json<{ error_code: string }>().error_code).toBe('unauthenticated');
    });
  });
});

describe('customer routes', () => {
  it('answer 401 to a forged operator token and 403 to a real operator session', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user',
      headers: { authorization: 'Bearer op_forged0123456789abcdef0123456789' },
    });
    expect(forged.statusCode).toBe(401);
    const operator = await operatorSession(t.app, t.database);
    const real = await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: operator.auth });
    expect(real.statusCode).toBe(403);
  });
});
