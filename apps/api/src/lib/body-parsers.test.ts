/**
 * Bodies that are not what they claim to be are refused with a 400 before any handler runs: a truncated
 * or malformed multipart form on every route (login and JSON routes included, since the parser is the
 * app's), and JSON holding a lone UTF-16 surrogate, which no database text or jsonb column can store.
 */
import type { ErrorBody } from '@cubierto/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskAnswers } from '../../test/contracting.ts';
import {
  BROKEN_MULTIPART_BOUNDARY,
  brokenMultipartBodies,
  multipart,
  pngImage,
} from '../../test/fixtures.ts';
import { createTestApp, registerCustomer, type TestApp } from '../../test/harness.ts';
import { bagCoverageId } from '../../test/purchase.ts';
import { seedDemoCatalog } from '../db/seed.ts';

let t: TestApp;
let customer: Awaited<ReturnType<typeof registerCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  customer = await registerCustomer(t.app, { name: 'Ana Original' });
});

afterAll(async () => t?.close());

const BOUNDARY = BROKEN_MULTIPART_BOUNDARY;
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

describe('multipart bodies', () => {
  const routes = [
    { method: 'POST', url: '/api/v4/auth/login', auth: false },
    { method: 'PUT', url: '/api/v4/customers/user', auth: true },
    { method: 'POST', url: '/api/v4/customers/uploads', auth: true },
  ] as const;

  it('answers a truncated or malformed form with 400 on login, a JSON route and an upload route', async () => {
    for (const route of routes) {
      for (const [how, payload] of Object.entries(brokenMultipartBodies)) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: {
            ...(route.auth ? customer.auth : {}),
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
          payload,
        });
        expect(res.statusCode, `${route.url} ${how}: ${res.body}`).toBe(400);
        expect(res.json<ErrorBody>()).toEqual({
          message: 'El formulario multipart está incompleto o mal formado.',
          error_code: 'bad_request',
        });
      }
    }
  });

  it('answers a multipart content type without a boundary with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/login',
      headers: { 'content-type': 'multipart/form-data' },
      payload: field('email', 'ana@example.com'),
    });
    expect(res.statusCode).toBe(400);
  });

  it('still reads a whole form: fields as text, files as bytes', async () => {
    const login = await multipart({ email: customer.email, password: customer.password });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v4/auth/login',
      headers: { 'content-type': login.contentType },
      payload: login.payload,
    });
    expect(signedIn.statusCode).toBe(200);
    const upload = await multipart({
      kind: 'risk_photo',
      file: { data: pngImage(8, 8, [10, 100, 150]), filename: 'foto.png', type: 'image/png' },
    });
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/uploads',
      headers: { ...customer.auth, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(stored.statusCode, stored.body).toBe(201);
  });
});

describe('JSON bodies', () => {
  const surrogateMessage =
    'El cuerpo de la solicitud tiene un carácter Unicode incompleto (un surrogate UTF-16 suelto).';

  it('refuses a lone surrogate in a value, in a key or deep in an array with 400, and stores nothing', async () => {
    for (const payload of [
      '{"name":"Ana \\ud800"}',
      '{"name":"Ana \\udfff Zeta"}',
      '{"name":"Ana","\\ud83d":"x"}',
      '{"name":"Ana","tags":[{"x":["\\uDBFF"]}]}',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v4/customers/user',
        headers: { ...customer.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      expect(res.json<ErrorBody>()).toEqual({ message: surrogateMessage, error_code: 'invalid_json' });
    }
    const user = await t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: customer.auth });
    expect(user.json().data.name).toBe('Ana Original');
  });

  it('refuses a lone surrogate in an answer kept as jsonb', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/insurance-processes',
      headers: customer.auth,
      payload: { coverage_id: await bagCoverageId(t.app) },
    });
    const answers = riskAnswers('bag', { stateId: 1, localityId: 1 });
    const text = JSON.stringify(answers).replace('Mochila negra', 'Mochila \\ud800 negra');
    expect(text).toContain('\\ud800');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/customers/insurance-processes/${start.json().data.id}/steps/risk`,
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: text,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorBody>().error_code).toBe('invalid_json');
  });

  it('keeps a surrogate pair (an emoji written as two escapes) and plain text', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v4/customers/user',
      headers: { ...customer.auth, 'content-type': 'application/json' },
      payload: '{"name":"Ana \\ud83d\\ude00 Zeta"}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.name).toBe('Ana 😀 Zeta');
  });
});
