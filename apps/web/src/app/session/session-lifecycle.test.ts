import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, tokenAnswer } from '../../../test/api-mock.ts';
import { api } from '../../shared/api/client.ts';
import { getLoadingState } from '../../shared/loading/loading.ts';
import { getSessionState } from '../../shared/session/session-store.ts';
import { StorageKey, storage } from '../../shared/storage/storage.ts';
import {
  configureSessionNavigation,
  RENEWAL_WINDOW_MS,
  registerSessionEventHandlers,
  shouldRenewSession,
  signOut,
  startSession,
} from './session-lifecycle.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-01-10T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  configureSessionNavigation(navigate);
  registerSessionEventHandlers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('token renewal decision (5-day window, spec §4)', () => {
  it('uses the window of 432,000,000 ms', () => {
    expect(RENEWAL_WINDOW_MS).toBe(432_000_000);
  });

  it('renews when the renewal date falls within the next 5 days, or has passed', () => {
    expect(shouldRenewSession(iso(NOW + 4 * DAY), NOW)).toBe(true);
    expect(shouldRenewSession(iso(NOW + 5 * DAY - 1), NOW)).toBe(true);
    expect(shouldRenewSession(iso(NOW - DAY), NOW)).toBe(true);
  });

  it('does not renew when the renewal date is 5 days away or more', () => {
    expect(shouldRenewSession(iso(NOW + 5 * DAY), NOW)).toBe(false);
    expect(shouldRenewSession(iso(NOW + 20 * DAY), NOW)).toBe(false);
  });

  it('does not renew without a valid renewal date', () => {
    expect(shouldRenewSession(null, NOW)).toBe(false);
    expect(shouldRenewSession('not a date', NOW)).toBe(false);
  });
});

describe('session start', () => {
  it('leaves an anonymous visitor anonymous and calls nothing', async () => {
    const { requests } = mockApi({});
    await startSession(NOW);
    expect(getSessionState().status).toBe('anonymous');
    expect(requests).toHaveLength(0);
  });

  it('keeps a token far from its renewal date without refreshing it', async () => {
    const { callsTo } = mockApi({
      'GET /customers/user/context': { body: { data: { id: 1, name: 'ar', description: 'Argentina' } } },
    });
    await storage.set(StorageKey.token, 'current');
    await storage.set(StorageKey.renewOn, iso(NOW + 20 * DAY));

    await startSession(NOW);

    expect(getSessionState().status).toBe('authenticated');
    expect(callsTo('GET', '/auth/refresh')).toHaveLength(0);
    await vi.waitFor(async () =>
      expect(await storage.get(StorageKey.context)).toMatchObject({ id: 1, name: 'ar' }),
    );
  });

  it("shows 'Iniciando sesión...' and after 5 s replaces a token due for renewal", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { callsTo } = mockApi({
      'GET /auth/refresh': { body: tokenAnswer('renewed', '2026-02-09T12:00:00.000Z') },
      'GET /customers/user/context': { body: { data: { id: 1, name: 'ar', description: 'Argentina' } } },
    });
    await storage.set(StorageKey.token, 'old');
    await storage.set(StorageKey.renewOn, iso(NOW + 2 * DAY));

    const started = startSession(NOW);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(getLoadingState()?.text).toBe('Iniciando sesión...');
    expect(callsTo('GET', '/auth/refresh')).toHaveLength(0);
    expect(getSessionState().status).toBe('starting');

    await vi.advanceTimersByTimeAsync(200);
    await started;

    const [refresh] = callsTo('GET', '/auth/refresh');
    expect(refresh?.headers.get('Authorization')).toBe('Bearer old');
    expect(await storage.get(StorageKey.token)).toBe('renewed');
    expect(await storage.get(StorageKey.renewOn)).toBe('2026-02-09T12:00:00.000Z');
    expect(getSessionState().status).toBe('authenticated');
    expect(getLoadingState()).toBeNull();
  });
});

describe('invalid session (401, spec §4)', () => {
  it('clears everything stored and goes to login', async () => {
    mockApi({
      'GET /customers/user': {
        status: 401,
        body: { message: 'Sesión vencida', error_code: 'unauthenticated' },
      },
    });
    await storage.set(StorageKey.token, 'revoked');
    await storage.set(StorageKey.user, { id: 1, name: 'Sofía' });
    await storage.set(StorageKey.pendingRegistration, { email: 'a@b.c' });

    await api.get('/customers/user').catch(() => {});

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(await storage.get(StorageKey.token)).toBeNull();
    expect(await storage.get(StorageKey.user)).toBeNull();
    expect(await storage.get(StorageKey.pendingRegistration)).toBeNull();
    expect(getSessionState().status).toBe('anonymous');
  });
});

describe('maintenance (503, spec §4)', () => {
  it('forgets the session, disables the menus, stores the message and shows it after 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi({
      'GET /customers/user': { status: 503 },
    });
    await storage.set(StorageKey.token, 'current');
    await storage.set(StorageKey.renewOn, '2030-01-01T00:00:00.000Z');
    await storage.set(StorageKey.user, { id: 1, name: 'Sofía' });
    await storage.set(StorageKey.applicationId, 1);

    await api.get('/customers/user').catch(() => {});
    await vi.advanceTimersByTimeAsync(1_900);

    expect(await storage.get(StorageKey.token)).toBeNull();
    expect(await storage.get(StorageKey.renewOn)).toBeNull();
    expect(await storage.get(StorageKey.user)).toBeNull();
    expect(await storage.get(StorageKey.applicationId)).toBe(1);
    expect(getSessionState()).toEqual({ status: 'anonymous', menusDisabled: true });
    expect(await storage.get(StorageKey.message)).toMatchObject({
      title: 'Mantenimiento programado',
      description: 'Estamos realizando mejoras en nuestros servidores. Disculpá las molestias ocasionadas.',
      button_title: 'Continuar',
    });
    expect(navigate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(200);
    expect(navigate).toHaveBeenCalledWith('/message');
  });

  it("shows the operator's message when the 503 carries one, the fixed text when it carries none", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi({
      'GET /customers/user': {
        status: 503,
        body: { message: 'Volvemos a las 14 h.', error_code: 'maintenance' },
      },
      // A proxy's 503 (no API body) or another 503 code is not the operator's word.
      'GET /customers/invoices': { status: 503, body: { message: 'Upstream', error_code: 'unavailable' } },
    });
    await api.get('/customers/user').catch(() => {});
    await vi.advanceTimersByTimeAsync(2_100);
    expect(await storage.get(StorageKey.message)).toMatchObject({
      title: 'Mantenimiento programado',
      description: 'Volvemos a las 14 h.',
    });

    await api.get('/customers/invoices').catch(() => {});
    await vi.advanceTimersByTimeAsync(2_100);
    expect(await storage.get(StorageKey.message)).toMatchObject({
      description: 'Estamos realizando mejoras en nuestros servidores. Disculpá las molestias ocasionadas.',
    });
  });
});

describe('sign-out (spec §4)', () => {
  it("shows 'Cerrando sesión...', waits 2 s, revokes the token, clears storage and goes to login", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { callsTo } = mockApi({ 'POST /auth/logout': { status: 204 } });
    await storage.set(StorageKey.token, 'current');
    await storage.set(StorageKey.context, { id: 1, name: 'ar', description: 'Argentina' });

    const done = signOut();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(getLoadingState()?.text).toBe('Cerrando sesión...');
    expect(callsTo('POST', '/auth/logout')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(200);
    await done;

    expect(callsTo('POST', '/auth/logout')[0]?.headers.get('Authorization')).toBe('Bearer current');
    expect(await storage.get(StorageKey.token)).toBeNull();
    expect(await storage.get(StorageKey.context)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(getLoadingState()).toBeNull();
  });
});
