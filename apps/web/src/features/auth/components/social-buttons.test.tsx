/**
 * Social sign-in inside the Android app: the native dialog's ID token goes to POST /auth/social, and an
 * e-mail without an account keeps the pending registration and goes to register (spec §3, §7). The
 * platform and the plugin are faked only at the Capacitor boundary (the shell's global, the plugin).
 */
import type { ClientErrorReport } from '@cubierto/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigRoute, mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { setReportTransport } from '../../../shared/observability/error-reporting.ts';
import { pendingRegistration } from '../pending-registration.ts';
import { SocialButtons } from './social-buttons.tsx';

const plugin = vi.hoisted(() => ({
  initialize: vi.fn(async () => undefined),
  login: vi.fn(async () => ({
    provider: 'google',
    result: { idToken: 'google-id-token', accessToken: null },
  })),
}));
vi.mock('@capgo/capacitor-social-login', () => ({ SocialLogin: plugin }));

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

/** The app config and version an Android shell with Google enabled gets, plus the routes of a test. */
function androidGoogleApi(routes: Parameters<typeof mockApi>[0]) {
  (globalThis as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => 'android',
  };
  return mockApi({
    'GET /common/app-config': {
      body: {
        data: {
          ...appConfigRoute['GET /common/app-config'].body.data,
          google_client_id: 'web-client.apps',
        },
      },
    },
    'GET /common/app-version': {
      body: {
        data: [
          {
            id: 2,
            version: '2.1.11',
            platform: 'android',
            active: true,
            social: { google: true, facebook: false, apple: false },
            created_at: '2025-10-23T00:00:00Z',
          },
        ],
        meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 },
      },
    },
    ...routes,
  });
}

function renderButtons() {
  renderRoutes(
    [
      { path: '/login', element: <SocialButtons /> },
      { path: '/register', element: <p>Registro</p> },
    ],
    '/login',
  );
}

describe('social sign-in in the Android app', () => {
  it('signs in with the native Google dialog and sends a new e-mail to register with its pending data', async () => {
    const api = androidGoogleApi({
      'POST /auth/social': {
        body: { data: { email: 'nueva@example.com', message: 'Completá tu registro' } },
      },
    });
    renderButtons();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continuar con Google' }));

    expect(await screen.findByText('Registro')).toBeInTheDocument();
    expect(plugin.login).toHaveBeenCalledWith(expect.objectContaining({ provider: 'google' }));
    const [sent] = api.callsTo('POST', '/auth/social');
    expect(JSON.parse(String(sent?.body))).toEqual({ social: 'google', social_token: 'google-id-token' });
    expect(sent?.credentials).toBe('omit');
    expect(await pendingRegistration.read()).toEqual({
      email: 'nueva@example.com',
      social: 'google',
      social_token: 'google-id-token',
    });
    expect(api.callsTo('GET', '/common/app-version')[0]?.url).toContain(
      'filter%5Bplatform%5D%5Blike%5D=android',
    );
  });

  it('a failed social sign-in is error 1 of the central handler, and nobody is signed in', async () => {
    const reports: ClientErrorReport[] = [];
    setReportTransport((report) => reports.push(report));
    try {
      const api = androidGoogleApi({
        'POST /auth/social': {
          status: 500,
          body: { message: 'Ocurrió un error inesperado.', error_code: 'internal' },
        },
      });
      renderButtons();
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Continuar con Google' }));
      await waitFor(() => expect(reports).toEqual([expect.objectContaining({ site: 1, status: 500 })]));
      expect(api.callsTo('POST', '/auth/social')).toHaveLength(1);
      expect(screen.queryByText('Registro')).not.toBeInTheDocument();
    } finally {
      setReportTransport(undefined);
    }
  });
});
