/**
 * A PUT with a form-data body arrives as POST with `_method=PUT` (spec §7): every PUT route answers it,
 * with the form's text fields read by the route's body schema.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, registerCustomer, type TestApp } from '../../test/harness.ts';
import { coerceFormBody } from './method-override.ts';

const OPS_TOKEN = 'ops-token-for-method-override-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
}, 120_000);
afterAll(async () => t.close());

/** POST /customers/user/update-context with a multipart form of these fields. */
async function postContextForm(auth: Record<string, string>, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const request = new Request('http://x', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/v4/customers/user/update-context',
    headers: { ...auth, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const storedContext = async (auth: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/v4/customers/user/context', headers: auth })).json<{
    data: { id: number } | null;
  }>().data;

async function arContextId(): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v4/common/contexts?sort_by=id' });
  const contexts = res.json<{ data: Array<{ id: number; name: string }> }>().data;
  const ar = contexts.find((context) => context.name === 'ar');
  if (!ar) throw new Error('the ar context is seeded');
  return ar.id;
}

describe('_method=PUT on every PUT route', () => {
  it('every PUT route of the API reference also answers POST', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const putPaths = Object.entries(document.paths)
      .filter(([, operations]) => 'put' in operations)
      .map(([path]) => path);
    expect(putPaths.length).toBeGreaterThan(10);
    const withoutPost = putPaths.filter((path) => !('post' in (document.paths[path] ?? {})));
    expect(withoutPost).toEqual([]);
  });

  it('sets the context from a multipart POST with _method=PUT, the id read from its text', async () => {
    const { auth } = await registerCustomer(t.app);
    const contextId = await arContextId();
    const res = await postContextForm(auth, { _method: 'PUT', context_id: String(contextId) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { name: string } }>().data.name).toBe('ar');
    expect((await storedContext(auth))?.id).toBe(contextId);
  });

  it('refuses a form field that is not a number where the schema wants one, naming it', async () => {
    const { auth } = await registerCustomer(t.app);
    const res = await postContextForm(auth, { _method: 'put', context_id: 'ar' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ validations: Record<string, string[]> }>().validations)).toEqual([
      'context_id',
    ]);
  });

  it('refuses a POST without the override with 405, so POST never acts as PUT', async () => {
    const { auth } = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/user/update-context',
      headers: auth,
      payload: { context_id: await arContextId() },
    });
    expect(res.statusCode).toBe(405);
    expect(await storedContext(auth)).toBeNull();
  });

  it('reads a url-encoded form too: the maintenance switch with a boolean field', async () => {
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/v4/ops/maintenance',
      headers: { 'x-ops-token': OPS_TOKEN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_method=PUT&enabled=true&message=',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json<{ data: { enabled: boolean; message: string | null } }>().data).toEqual({
      enabled: true,
      message: null,
    });
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v4/ops/maintenance',
      headers: { 'x-ops-token': OPS_TOKEN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_method=PUT&enabled=false',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ data: { enabled: boolean } }>().data.enabled).toBe(false);
  });
});

describe('coerceFormBody', () => {
  const schema = z.strictObject({
    id: z.number().int().positive(),
    ratio: z.number().optional(),
    active: z.boolean(),
    note: z.string().nullable().optional(),
    items: z.array(z.object({ id: z.number() })),
    name: z.string(),
  });

  it('reads each text field as the type its schema wants', () => {
    expect(
      coerceFormBody(
        { id: '7', ratio: '0.5', active: '0', note: '', items: '[{"id":1}]', name: '123', extra: '1' },
        schema,
      ),
    ).toEqual({ id: 7, ratio: 0.5, active: false, note: null, items: [{ id: 1 }], name: '123', extra: '1' });
  });

  it('leaves a value that does not fit for the schema to refuse', () => {
    expect(coerceFormBody({ id: '7a', active: 'sí', items: '[', name: 'x' }, schema)).toEqual({
      id: '7a',
      active: 'sí',
      items: '[',
      name: 'x',
    });
  });
});
