/**
 * A fetch stand-in that answers like the API: routes are matched on method and path (without /api/v4 and
 * the query string) and every request is recorded for assertions.
 */
import { vi } from 'vitest';

export type RecordedRequest = {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
};

type Answer = { status?: number; body?: unknown } | (() => { status?: number; body?: unknown });

export function mockApi(routes: Record<string, Answer>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^\/api\/v4/, '').split('?')[0] ?? '';
    requests.push({
      method,
      path,
      url,
      headers: new Headers(init.headers),
      body: init.body,
      credentials: init.credentials,
    });
    const route = routes[`${method} ${path}`];
    if (!route)
      return new Response(JSON.stringify({ message: 'Not mocked', error_code: 'not_found' }), {
        status: 404,
      });
    const answer = typeof route === 'function' ? route() : route;
    const status = answer.status ?? 200;
    const body = answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body);
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    callsTo: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

export const demoUser = {
  id: 1,
  name: 'Sofía Demo',
  email: 'demo@cubierto.com.ar',
  avatar: null,
  context_id: 1,
  created_at: '2025-10-23T12:00:00.000Z',
  entity: {
    id: 7,
    kind: 'person',
    name: 'Sofía Demo',
    document_type: 'DNI',
    document_number: '30123456',
    tax_condition: 'consumidor_final',
  },
  takerEntity: null,
  place: null,
};

export const tokenAnswer = (token = 'new-token', renewOn = '2030-01-01T00:00:00.000Z') => ({
  token_type: 'Bearer',
  access_token: token,
  renew_on: renewOn,
});

/** GET /common/app-config as the embedded default answers it (credit wallet mode, the test checkout). */
export const appConfigRoute = {
  'GET /common/app-config': {
    body: {
      data: {
        application_id: 1,
        country_id: 1,
        entity_type_id: 1,
        sale_condition_id: 1,
        help_chat_url: 'https://wa.me/5491100000000',
        credit_wallet_mode: true,
        google_client_id: null,
        apple_client_id: null,
        facebook_app_id: null,
        checkout_methods: ['sandbox'],
      },
    },
  },
};
