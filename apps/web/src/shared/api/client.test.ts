import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { StorageKey, storage } from '../storage/storage.ts';
import { ApiError } from './api-error.ts';
import { api, setSessionEventHandlers } from './client.ts';

describe('API client', () => {
  it('sends the stored session token as a Bearer and the stored context as Context-Id', async () => {
    const { requests } = mockApi({ 'GET /customers/user': { body: { data: { id: 1 } } } });
    await storage.set(StorageKey.token, 'tok-123');
    await storage.set(StorageKey.context, { id: 4, name: 'ar', description: 'Argentina' });

    await api.get('/customers/user', { query: { 'load[User]': '*,entity' } });

    const [request] = requests;
    expect(request?.url).toBe('/api/v4/customers/user?load%5BUser%5D=*%2Centity');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(request?.headers.get('Context-Id')).toBe('4');
    expect(request?.credentials).toBe('include');
  });

  it('sends the configured fixed token instead of the stored session token when one is set (spec §7)', async () => {
    const { requests } = mockApi({ 'GET /customers/user': { body: { data: { id: 1 } } } });
    await storage.set(StorageKey.token, 'tok-123');
    vi.stubEnv('VITE_FIXED_TOKEN', 'kiosk-fixed-token');
    try {
      await api.get('/customers/user');
      expect(requests[0]?.headers.get('Authorization')).toBe('Bearer kiosk-fixed-token');
      // Not to calls made without credentials.
      await api.post('/auth/social', {}, { auth: false }).catch(() => undefined);
      expect(requests[1]?.headers.has('Authorization')).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
    await api.get('/customers/user');
    expect(requests[2]?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it("adds 'Access-Control-Allow-Origin: *' to paths containing /check and to the storage host, and only there", async () => {
    const { requests } = mockApi({});
    vi.stubEnv('VITE_STORAGE_ORIGIN', 'https://cubierto-files.s3.example.com');
    await storage.set(StorageKey.token, 'tok-123');
    try {
      await api.get('/customers/insurances/check-credits').catch(() => undefined);
      await api.get('/common/certificates/abc/check').catch(() => undefined);
      await api.get('/customers/user').catch(() => undefined);
      await api.get('https://cubierto-files.s3.example.com/avatars/1.png').catch(() => undefined);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(requests.map((r) => r.headers.get('Access-Control-Allow-Origin'))).toEqual(['*', '*', null, '*']);
    // The storage host is not our API: no session token, no cookies.
    const storageCall = requests[3];
    expect(storageCall?.url).toBe('https://cubierto-files.s3.example.com/avatars/1.png');
    expect(storageCall?.headers.has('Authorization')).toBe(false);
    expect(storageCall?.credentials).toBe('omit');
  });

  it('sends neither Authorization nor Context-Id when nothing is stored', async () => {
    const { requests } = mockApi({ 'GET /common/provinces': { body: { data: [] } } });
    await api.get('/common/provinces');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.headers.has('Context-Id')).toBe(false);
  });

  it('leaves the token and cookies out of calls made without credentials (social sign-in)', async () => {
    const { requests } = mockApi({ 'POST /auth/social': { body: { data: {} } } });
    await storage.set(StorageKey.token, 'tok-123');
    await api.post('/auth/social', { social: 'google', social_token: 'x' }, { auth: false });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.credentials).toBe('omit');
  });

  it('reads public data without the token, in the credentials mode of a prerendered page’s preload', async () => {
    const { requests } = mockApi({ 'GET /common/insured-service': { body: { data: {} } } });
    await storage.set(StorageKey.token, 'tok-123');
    await api.get('/common/insured-service', { auth: false });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.credentials).toBe('same-origin');
  });

  it('sends a form-data PUT as POST with _method=PUT and keeps its fields', async () => {
    const { requests } = mockApi({ 'POST /customers/user': { body: { data: { id: 1 } } } });
    const form = new FormData();
    form.append('name', 'Sofía');
    form.append('avatar', new File(['x'], 'me.png', { type: 'image/png' }));

    await api.put('/customers/user', form);

    const [request] = requests;
    expect(request?.method).toBe('POST');
    const sent = request?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('_method')).toBe('PUT');
    expect(sent.get('name')).toBe('Sofía');
    expect((sent.get('avatar') as File).name).toBe('me.png');
    // The caller's form is not changed.
    expect(form.has('_method')).toBe(false);
  });

  it('sends a JSON PUT as a real PUT with a JSON body', async () => {
    const { requests } = mockApi({ 'PUT /customers/user/update-context': { body: { data: { id: 1 } } } });
    await api.put('/customers/user/update-context', { context_id: 1 });
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.body).toBe('{"context_id":1}');
  });

  it('copies the status of a 207 answer into its data', async () => {
    // The API's read-all when some notifications could not be marked (sendMultiStatus).
    mockApi({
      'POST /customers/notification-user/read-all': {
        status: 207,
        body: { data: { updated: 2, failed: 1 }, status: 207 },
      },
    });
    const answer = await api.post<{ data: Record<string, unknown> }>('/customers/notification-user/read-all');
    expect(answer.data).toEqual({ updated: 2, failed: 1, status: 207 });
  });

  it('rejects with the error body of the answer', async () => {
    mockApi({
      'POST /auth/register': {
        status: 409,
        body: { message: 'Ya existe una cuenta con ese email.', error_code: 'email_taken' },
      },
    });
    const error = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).code).toBe('email_taken');
    expect((error as ApiError).body?.message).toBe('Ya existe una cuenta con ese email.');
  });

  it('rejects with status 0 and no body when the request never gets an answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await api.get('/common/provinces').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).body).toBeNull();
  });

  it('reports a 401 on a call that carried a token, and not a wrong password', async () => {
    const onUnauthorized = vi.fn();
    setSessionEventHandlers({ onUnauthorized });
    mockApi({
      'GET /auth/user': { status: 401, body: { message: 'Sesión vencida', error_code: 'unauthenticated' } },
      'POST /auth/login': {
        status: 401,
        body: { message: 'Datos incorrectos', error_code: 'invalid_credentials' },
      },
    });

    const wrongPassword = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect((wrongPassword as ApiError).handled).toBe(false);

    await storage.set(StorageKey.token, 'expired');
    const expired = await api.get('/auth/user').catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect((expired as ApiError).handled).toBe(true);
  });

  it('reports every 503 as maintenance', async () => {
    const onMaintenance = vi.fn();
    setSessionEventHandlers({ onMaintenance });
    mockApi({
      'GET /common/app-version': {
        status: 503,
        body: { message: 'Mantenimiento', error_code: 'maintenance' },
      },
    });
    const error = await api.get('/common/app-version').catch((e: unknown) => e);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect((error as ApiError).handled).toBe(true);
  });
});
