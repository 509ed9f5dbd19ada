import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appConfigRoute, demoUser, mockApi, tokenAnswer } from '../../../../test/api-mock.ts';
import { coverageOf, policyOf, riskType } from '../../../../test/catalog-fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { getSessionState } from '../../../shared/session/session-store.ts';
import { StorageKey, storage } from '../../../shared/storage/storage.ts';
import { LoginPage } from './login-page.tsx';

const webVersion = (social: { google: boolean; facebook: boolean; apple: boolean }) => ({
  body: {
    data: [
      { id: 1, version: '2.1.11', platform: 'web', active: true, social, created_at: '2025-10-23T00:00:00Z' },
    ],
    meta: { current_page: 1, per_page: 20, total: 1, last_page: 1 },
  },
});

function renderLogin(path = '/login') {
  return renderRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/tabs', element: <p>Inicio de la app</p> },
      { path: '/contract-insurance', element: <p>Contratación del seguro elegido</p> },
    ],
    path,
  );
}

describe('login page', () => {
  it('shows the Spanish messages of the login schema under each field and calls nothing', async () => {
    const api = mockApi({
      'GET /common/app-version': webVersion({ google: false, facebook: false, apple: false }),
    });
    const user = userEvent.setup();
    renderLogin();

    await user.click(await screen.findByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByText('Ingresá un email válido.')).toBeInTheDocument();
    expect(screen.getByText('Ingresá tu contraseña.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('rejects a malformed e-mail and keeps what the user typed', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderLogin();

    await user.type(await screen.findByLabelText('Email'), 'sofia@');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByText('Ingresá un email válido.')).toBeInTheDocument();
    expect(screen.queryByText('Ingresá tu contraseña.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('sofia@');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('secreto123');
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('signs in: stores the token, loads the user, says so for 3 s and goes home', async () => {
    const api = mockApi({
      'POST /auth/login': { body: tokenAnswer('tok-login', '2030-01-01T00:00:00.000Z') },
      'GET /auth/user': { body: { data: demoUser } },
      'GET /customers/user/context': { body: { data: { id: 1, name: 'ar', description: 'Argentina' } } },
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(await screen.findByLabelText('Email'), '  Demo@Cubierto.com.ar ');
    await user.type(screen.getByLabelText('Contraseña'), 'Cubierto2025!');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByText('Inicio de la app')).toBeInTheDocument();
    expect(await screen.findByText('Inicio de sesión correcto')).toBeInTheDocument();
    const [login] = api.callsTo('POST', '/auth/login');
    // The schema trims and lower-cases the e-mail before it is sent.
    expect(JSON.parse(String(login?.body))).toEqual({
      email: 'demo@cubierto.com.ar',
      password: 'Cubierto2025!',
    });
    expect(api.callsTo('GET', '/auth/user')[0]?.headers.get('Authorization')).toBe('Bearer tok-login');
    expect(await storage.get(StorageKey.token)).toBe('tok-login');
    expect(await storage.get(StorageKey.renewOn)).toBe('2030-01-01T00:00:00.000Z');
    expect(await storage.get(StorageKey.user)).toMatchObject({ name: 'Sofía Demo', entity_id: 7 });
    expect(getSessionState().status).toBe('authenticated');
  });

  it('says a wrong e-mail or password under the password field, without a toast, and keeps the form filled in', async () => {
    mockApi({
      'POST /auth/login': {
        status: 401,
        body: { message: 'El email o la contraseña no son correctos.', error_code: 'invalid_credentials' },
      },
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(await screen.findByLabelText('Email'), 'demo@cubierto.com.ar');
    await user.type(screen.getByLabelText('Contraseña'), 'incorrecta');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    const message = await screen.findByText(
      'El email o la contraseña no son correctos. Revisalos o recuperá tu contraseña.',
    );
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText(/Código:/)).not.toBeInTheDocument();
    expect(screen.queryByText('El email o la contraseña no son correctos.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('demo@cubierto.com.ar');
    expect(password).toHaveValue('incorrecta');
    expect(await storage.get(StorageKey.token)).toBeNull();
  });

  it('starts with the e-mail a registration of an existing account brought along', async () => {
    renderLogin('/login?email=demo%40cubierto.com.ar');
    expect(await screen.findByLabelText('Email')).toHaveValue('demo@cubierto.com.ar');
  });

  it('after too many attempts offers “Recuperá tu contraseña” as a link, and sends the device id', async () => {
    const api = mockApi({
      'POST /auth/login': {
        status: 429,
        body: {
          message:
            'Demasiados intentos de inicio de sesión. Probá de nuevo en 15 minutos o recuperá tu contraseña.',
          error_code: 'too_many_requests',
        },
      },
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(await screen.findByLabelText('Email'), 'demo@cubierto.com.ar');
    await user.type(screen.getByLabelText('Contraseña'), 'incorrecta');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    const link = await screen.findByRole('link', { name: 'Recuperá tu contraseña' });
    expect(link).toHaveAttribute('href', '/reset-password');
    expect(api.callsTo('POST', '/auth/login')[0]?.headers.get('x-device-id')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });

  it("puts the API's 422 validations under their fields", async () => {
    mockApi({
      'POST /auth/login': {
        status: 422,
        body: {
          message: 'Revisá los datos ingresados.',
          validations: { email: ['Ese email no está habilitado.'] },
          error_code: 'validation_failed',
        },
      },
    });
    const user = userEvent.setup();
    renderLogin();

    await user.type(await screen.findByLabelText('Email'), 'demo@cubierto.com.ar');
    await user.type(screen.getByLabelText('Contraseña'), 'Cubierto2025!');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(expect.stringContaining('Ese email no está habilitado.'));
  });

  it('offers only the social sign-in providers the app version enables', async () => {
    mockApi({ 'GET /common/app-version': webVersion({ google: true, facebook: false, apple: true }) });
    renderLogin();

    expect(await screen.findByRole('button', { name: 'Continuar con Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar con Apple' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar con Facebook' })).not.toBeInTheDocument();
  });

  it('links to registration and to password recovery', async () => {
    mockApi({});
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Registrate' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  describe('the catalogue, its main content (issue 19, products first)', () => {
    const catalogue = {
      'GET /applications/1/public-policies': {
        body: {
          data: [
            policyOf(),
            policyOf({
              id: 2,
              name: 'Celular Premium',
              coverages: [
                coverageOf({
                  id: 5,
                  premium_from: {
                    ...coverageOf().premium_from,
                    amount_cents: 250_000,
                    amount_nice: '$ 2.500,00',
                  },
                }),
              ],
            }),
            policyOf({
              id: 3,
              name: 'Bici Segura',
              riskType: { ...riskType, id: 11, short_code: 'bicycle', name: 'Bicicleta' },
              coverages: [
                coverageOf({
                  id: 7,
                  premium_from: {
                    amount_cents: 622_545,
                    amount_nice: '$ 6.225,45',
                    period: 'mes',
                    periods: 1,
                    insured_amount_cents: null,
                    insured_amount_nice: null,
                    trip_type: null,
                  },
                }),
              ],
            }),
          ],
          meta: { current_page: 1, per_page: 100, total: 3, last_page: 1 },
        },
      },
    };

    it('shows each risk type with the lowest price it starts at, each opening its public product page, with no sign-in', async () => {
      const api = mockApi({ ...appConfigRoute, ...catalogue });
      renderLogin();

      expect(await screen.findByRole('heading', { name: 'Elegí tu seguro', level: 1 })).toBeInTheDocument();
      const phone = await screen.findByRole('link', { name: /Celular/ });
      // The cheapest of the type's coverages, whichever policy it is in.
      expect(phone).toHaveTextContent('desde $ 2.500,00/mes por una suma asegurada de $ 150.000,00');
      expect(phone).toHaveAttribute('href', '/productos/cell-phone');
      const bicycle = screen.getByRole('link', { name: /Bicicleta/ });
      expect(bicycle).toHaveTextContent('desde $ 6.225,45/mes');
      expect(bicycle).toHaveAttribute('href', '/productos/bicycle');
      // The form stands beside it, reachable from the top: 'Ingresá' leads to it.
      expect(screen.getByRole('heading', { name: 'Ingresá a tu cuenta', level: 2 })).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Ingresá a tu cuenta' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Ingresá' })).toHaveAttribute('href', '#ingresar');
      // The public catalogue's own call, anonymous.
      const [call] = api.callsTo('GET', '/applications/1/public-policies');
      expect(call?.headers.get('Authorization')).toBeNull();
      expect(new URL(call?.url ?? '', 'http://x').searchParams.get('per_page')).toBe('100');
    });

    it('says when the catalogue cannot be loaded, and tries again', async () => {
      let fail = true;
      mockApi({
        ...appConfigRoute,
        'GET /applications/1/public-policies': () =>
          fail
            ? { status: 500, body: { message: 'x', error_code: 'internal' } }
            : catalogue['GET /applications/1/public-policies'],
      });
      const user = userEvent.setup();
      renderLogin();

      expect(await screen.findByText('No pudimos cargar los seguros')).toBeInTheDocument();
      fail = false;
      await user.click(screen.getByRole('button', { name: 'Reintentar' }));
      expect(await screen.findByRole('link', { name: /Bicicleta/ })).toBeInTheDocument();
      expect(screen.queryByText('No pudimos cargar los seguros')).not.toBeInTheDocument();
    });

    it('an answer that is not a catalogue is a failure, not a broken page', async () => {
      mockApi({
        ...appConfigRoute,
        'GET /applications/1/public-policies': {
          body: {
            data: [
              {
                riskType: { short_code: 'bicycle', name: 'Bicicleta' },
                coverages: [{ premium_from: { amount_cents: 'mucho' } }],
              },
            ],
          },
        },
      });
      renderLogin();
      expect(await screen.findByText('No pudimos cargar los seguros')).toBeInTheDocument();
    });

    it("signing in from a chosen product's registration ('Ingresá', ?coverage=) goes on into its contract", async () => {
      mockApi({
        ...appConfigRoute,
        ...catalogue,
        'POST /auth/login': { body: tokenAnswer() },
        'GET /auth/user': { body: { data: demoUser } },
        'GET /customers/user/context': { body: { data: { id: 1, name: 'ar', description: 'Argentina' } } },
      });
      const user = userEvent.setup();
      const { router } = renderLogin('/login?coverage=5');

      // Registering instead keeps the product too.
      expect(await screen.findByRole('link', { name: 'Registrate' })).toHaveAttribute(
        'href',
        '/register-risk?coverage=5',
      );
      await user.type(screen.getByLabelText('Email'), 'demo@cubierto.com.ar');
      await user.type(screen.getByLabelText('Contraseña'), 'Cubierto2025!');
      await user.click(screen.getByRole('button', { name: 'Ingresar' }));

      expect(await screen.findByText('Contratación del seguro elegido')).toBeInTheDocument();
      expect(router.state.location.search).toBe('?coverage=5');
    });
  });
});
