/** The spec's API conventions (§7–§8), implemented once in lib/ and exercised through the real app. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMultiStatus } from '../src/lib/multi-status.ts';
import { createTestApp, registerCustomer, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ opsToken: 'ops-token-for-tests-0123456789' });
});
afterAll(async () => t.close());

type ErrorBody = { message: string; validations?: Record<string, string[]>; error_code: string };

describe('error body', () => {
  it('answers malformed JSON with 400 and the Spanish error body, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.com", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toEqual({
      message: 'El cuerpo de la solicitud no es un JSON válido.',
      error_code: 'invalid_json',
    });
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(t.config.bodyLimit + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorBody>().error_code).toBe('payload_too_large');
  });

  it('names unknown and mistyped fields in validations, and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/register',
      payload: {
        name: 'Ana Gómez',
        email: 'ana@example.com',
        password: 12345678,
        dni: '30111222',
        accepted_terms: true,
        admin: true,
      },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<ErrorBody>();
    expect(body.error_code).toBe('validation_failed');
    expect(body.validations?.admin).toEqual(['Campo no permitido.']);
    expect(body.validations?.password?.[0]).toMatch(/contraseña/i);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/login',
      payload: { email: 'ana@example.com', password: '12345678' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('answers an unknown route with 404 and the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error_code).toBe('not_found');
  });
});

describe('list query conventions', () => {
  it('filters with filter[field][op] and sorts with sort_by', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/common/contexts?filter[name][like]=a&sort_by=-id&per_page=5',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Array<{ name: string }> }>().data.map((c) => c.name)).toContain('ar');
  });

  it('pages with page and per_page and reports meta', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/common/app-version?page=2&per_page=1' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ meta: { current_page: number; per_page: number } }>();
    expect(body.meta).toMatchObject({ current_page: 2, per_page: 1 });
  });

  it('refuses a filter on a field that is not whitelisted with 422', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/common/app-version?filter[password][eq]=1',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>()).toMatchObject({
      error_code: 'invalid_query',
      validations: { 'filter[password][eq]': ['No se puede filtrar por password.'] },
    });
  });

  it('refuses an unknown operator, a bad value, an unknown sort and an unknown parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/common/app-version?filter[platform][regex]=x&filter[active][eq]=maybe&sort_by=secret&x=1&per_page=1000',
    });
    expect(res.statusCode).toBe(422);
    const v = res.json<ErrorBody>().validations ?? {};
    expect(Object.keys(v).sort()).toEqual([
      'filter[active][eq]',
      'filter[platform][regex]',
      'per_page',
      'sort_by',
      'x',
    ]);
  });

  it('treats like filters as text, not as SQL or wildcards', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: "/api/v4/common/contexts?filter[name][like]=%25'%20or%201=1--",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('refuses an unknown load relation with 422', async () => {
    const { auth } = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user?load[User]=*,password_hash',
      headers: auth,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<ErrorBody>().validations?.['load[User]']?.[0]).toMatch(/password_hash/);
    const model = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user?load[Secrets]=*',
      headers: auth,
    });
    expect(model.statusCode).toBe(422);
  });
});

describe('headers and methods', () => {
  it('reads Context-Id and refuses a malformed one', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/v4/common/contexts',
      headers: { 'context-id': '1' },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v4/common/contexts',
      headers: { 'context-id': 'ar; drop' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toBe('El encabezado Context-Id no es válido.');
  });

  it('treats a form-data POST with _method=PUT as PUT, and refuses a POST without it', async () => {
    const { auth } = await registerCustomer(t.app);
    const form = new FormData();
    form.append('_method', 'PUT');
    form.append('name', 'Nombre Por Formulario');
    const req = new Request('http://x', { method: 'POST', body: form });
    const payload = Buffer.from(await req.arrayBuffer());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/user',
      headers: { ...auth, 'content-type': req.headers.get('content-type')! },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { name: string } }>().data.name).toBe('Nombre Por Formulario');

    const noOverride = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/user',
      headers: auth,
      payload: { name: 'Otro Nombre' },
    });
    expect(noOverride.statusCode).toBe(405);
    const user = await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: auth });
    expect(user.json<{ data: { name: string } }>().data.name).toBe('Nombre Por Formulario');
  });

  it('puts the 207 status in the body too', async () => {
    const app = Fastify();
    app.get('/partial', (_req, reply) => sendMultiStatus(reply, { issued: 3, failed: 1 }));
    const res = await app.inject({ method: 'GET', url: '/partial' });
    expect(res.statusCode).toBe(207);
    expect(res.json()).toEqual({ data: { issued: 3, failed: 1 }, status: 207 });
    await app.close();
  });

  it('sends security headers: CSP without inline scripts, HSTS, frame-ancestors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/common/contexts' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    // The same headers on what no route answers and on a refused request.
    for (const other of [
      await t.app.inject({ method: 'GET', url: '/api/v4/no-such-route' }),
      await t.app.inject({ method: 'GET', url: '/api/v4/customers/user' }),
    ]) {
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      expect(other.headers['content-security-policy']).toBe(csp);
      expect(other.headers['strict-transport-security']).toBe(res.headers['strict-transport-security']);
    }
    // No third-party host unless its script is configured.
    expect(csp).not.toMatch(/google|clarity/);
    const config = await t.app.inject({ method: 'GET', url: '/api/v4/common/app-config' });
    expect(config.json().data).toMatchObject({
      analytics_id: null,
      tag_manager_id: null,
      session_recording_id: null,
    });
  });

  it('lets the production-only scripts in only once their public ids are configured, never inline', async () => {
    const configured = await createTestApp({
      env: { ANALYTICS_ID: 'G-AB12CD34', TAG_MANAGER_ID: 'GTM-WX9YZ8', SESSION_RECORDING_ID: 'k2abc9xyz' },
    });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/v4/common/app-config' });
      expect(res.json().data).toMatchObject({
        analytics_id: 'G-AB12CD34',
        tag_manager_id: 'GTM-WX9YZ8',
        session_recording_id: 'k2abc9xyz',
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(
        /script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/www\.clarity\.ms/,
      );
      expect(csp).toMatch(
        /connect-src[^;]*https:\/\/\*\.google-analytics\.com[^;]*https:\/\/\*\.clarity\.ms/,
      );
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    } finally {
      await configured.close();
    }
    await expect(createTestApp({ env: { ANALYTICS_ID: 'UA-1234-1' } })).rejects.toThrow(/ANALYTICS_ID/);
  });

  it('publishes the OpenAPI document with the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v4/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v4/auth/login', '/api/v4/customers/user']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});

describe('401 and maintenance', () => {
  it('answers a customer route with no token or a bad token with 401', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-real-token' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json<ErrorBody>().error_code).toBe('unauthenticated');
    }
  });

  it('answers customer routes with 503 while maintenance is on, and serves again when off', async () => {
    const { auth } = await registerCustomer(t.app);
    const ops = { 'x-ops-token': 'ops-token-for-tests-0123456789' };
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/ops/maintenance',
      headers: ops,
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    const during = await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: auth });
    expect(during.statusCode).toBe(503);
    expect(during.json<ErrorBody>()).toEqual({
      message: 'Estamos realizando mejoras en nuestros servidores. Disculpá las molestias ocasionadas.',
      error_code: 'maintenance',
    });
    const version = await t.app.inject({ method: 'GET', url: '/api/v4/common/app-version' });
    expect(version.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v4/ops/maintenance',
      headers: ops,
      payload: { enabled: false },
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: auth });
    expect(after.statusCode).toBe(200);
  });

  it('refuses the maintenance switch without the operations token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/ops/maintenance',
      headers: { 'x-ops-token': 'guess' },
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('thin routes', () => {
  const modules = fileURLToPath(new URL('../src/modules/', import.meta.url));
  const routeFiles = readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[/\\])([\w-]+-)?routes\.ts$/.test(file))
    .sort();
  /** The query builder, the tables, or a transaction: what belongs to a service, never to a routes file. */
  const FORBIDDEN: Array<[string, RegExp]> = [
    ['imports drizzle-orm', /from\s+['"]drizzle-orm(\/[^'"]*)?['"]/],
    ['imports db/schema', /from\s+['"][^'"]*\/db\/schema(\/[^'"]*)?['"]/],
    ['opens a transaction', /\.transaction\(/],
  ];

  it('finds the routes files of the modules', () => {
    expect(routeFiles.length).toBeGreaterThan(10);
  });

  it('hold no SQL and no transaction: each declares schemas and calls its service', () => {
    const offences = routeFiles.flatMap((file) => {
      const source = readFileSync(path.join(modules, file), 'utf8');
      return FORBIDDEN.filter(([, pattern]) => pattern.test(source)).map(
        ([what]) => `modules/${file.split(path.sep).join('/')} ${what}`,
      );
    });
    expect(offences).toEqual([]);
  });
});
