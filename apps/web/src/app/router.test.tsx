import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appConfigRoute, demoUser, mockApi } from '../../test/api-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { rememberTourSeen } from '../features/home/tour/tour-memory.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { appConfigQueryOptions } from '../shared/config/app-config.ts';
import { saveAppMessage } from '../shared/message/app-message.ts';
import { StorageKey, storage } from '../shared/storage/storage.ts';
import { routes } from './router.tsx';
import { configureSessionNavigation, registerSessionEventHandlers } from './session/session-lifecycle.ts';

const emptyMeta = { current_page: 1, per_page: 10, total: 0, last_page: 1 };

const signedInApi = (creditWalletMode = true) =>
  mockApi({
    'GET /customers/user': { body: { data: demoUser } },
    'GET /customers/user/context': { body: { data: { id: 1, name: 'ar', description: 'Argentina' } } },
    'GET /common/app-config': {
      body: {
        data: { ...appConfigRoute['GET /common/app-config'].body.data, credit_wallet_mode: creditWalletMode },
      },
    },
    'POST /auth/logout': { status: 204 },
    'GET /customers/insurances': { body: { data: [], meta: emptyMeta } },
    'GET /public-policies': { body: { data: [], meta: emptyMeta } },
  });

async function signedIn() {
  await storage.set(StorageKey.token, 'tok');
  await storage.set(StorageKey.renewOn, '2099-01-01T00:00:00.000Z');
}

function renderApp(path: string) {
  const view = renderRoutes(routes, path);
  configureSessionNavigation((to) => view.router.navigate(to, { replace: true }));
  registerSessionEventHandlers();
  return view;
}

describe('session start and routes (spec §2, §4)', () => {
  it('sends an anonymous visitor from the empty path and from the home to login', async () => {
    mockApi({});
    const first = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Ingresá a tu cuenta' })).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe('/login');
    first.unmount();

    const second = renderApp('/tabs');
    expect(await screen.findByRole('heading', { name: 'Ingresá a tu cuenta' })).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe('/login');
  });

  it('lets an anonymous visitor stay on register, register-risk and reset-password', async () => {
    mockApi({});
    for (const [path, heading] of [
      ['/register', 'Creá tu cuenta'],
      ['/register-risk', 'Creá tu cuenta'],
      ['/reset-password', 'Recuperá tu contraseña'],
    ] as const) {
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(view.router.state.location.pathname).toBe(path);
      view.unmount();
    }
  });

  it('takes a visitor with a stored token from login to the home, greeting them by name', async () => {
    signedInApi();
    await signedIn();
    const view = renderApp('/login');

    expect(await screen.findByRole('heading', { name: '¡Hola, Sofía Demo!' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/tabs');
    expect(await screen.findByText('Todavía no tenés contrataciones')).toBeInTheDocument();
  });

  it('opens the public catalogue and the certificate check without signing in, outside the menu', async () => {
    mockApi({
      'GET /public-policies': { body: { data: [], meta: emptyMeta } },
      'GET /common/verify/desconocido123': {
        status: 404,
        body: { message: 'No encontramos una constancia con ese código.', error_code: 'not_found' },
      },
    });
    const catalogue = renderApp('/productos');
    expect(await screen.findByRole('heading', { name: 'Seguros para vos' })).toBeInTheDocument();
    expect(catalogue.router.state.location.pathname).toBe('/productos');
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
    catalogue.unmount();

    const check = renderApp('/verificar/desconocido123');
    expect(
      await screen.findByRole('heading', { name: 'No encontramos una constancia con ese código.' }),
    ).toBeInTheDocument();
    expect(check.router.state.location.pathname).toBe('/verificar/desconocido123');
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
  });

  it("shows 'No encontramos esta página' with the way home on every unknown address", async () => {
    signedInApi();
    await signedIn();
    for (const path of ['/customers/nope', '/invoice/nope', '/referral/nope', '/nope']) {
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'No encontramos esta página' })).toBeInTheDocument();
      // The address stays: the visitor sees which one does not exist.
      expect(view.router.state.location.pathname).toBe(path);
      view.unmount();
    }
    const view = renderApp('/customers/nope');
    await userEvent.click(await screen.findByRole('button', { name: 'Volver al inicio' }));
    expect(await screen.findByRole('heading', { name: '¡Hola, Sofía Demo!' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/tabs');
  });

  it('shows an anonymous visitor the not-found page too, with the way to login', async () => {
    mockApi({});
    const view = renderApp('/otra-cosa');
    expect(await screen.findByRole('heading', { name: 'No encontramos esta página' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ir a iniciar sesión' }));
    expect(await screen.findByRole('heading', { name: 'Ingresá a tu cuenta' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/login');
  });
});

describe('side menu (spec §2)', () => {
  it('shows the user, the default avatar, today’s items and the installed version', async () => {
    signedInApi();
    await signedIn();
    // Seen already on this device: the home tour does not open by itself here.
    rememberTourSeen(demoUser.id);
    renderApp('/tabs');

    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(await within(nav).findByText('Sofía Demo')).toBeInTheDocument();
    expect(within(nav).getByRole('img', { name: 'Tu foto de perfil' })).toHaveAttribute(
      'src',
      '/assets/images/default-avatar.svg',
    );
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/tabs');
    expect(within(nav).getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('button', { name: 'Salir' })).toBeInTheDocument();
    // Spec §2: 'Realizar tour' only on the home screen.
    expect(within(nav).getByRole('button', { name: 'Realizar tour' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Mis contrataciones' })).toHaveAttribute(
      'href',
      '/customers/insurances',
    );
    // The build stamp (spec §1): version, environment, branch when known, build date.
    expect(
      within(nav).getByText(/^Versión 2\.1\.11 · test · (.+ · )?\d{4}-\d{2}-\d{2}$/),
    ).toBeInTheDocument();
  });

  it("offers 'Realizar tour' on the home screen only", async () => {
    signedInApi();
    await signedIn();
    rememberTourSeen(demoUser.id);
    renderApp('/customers/insurances');
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    await within(nav).findByText('Sofía Demo');
    expect(within(nav).getByRole('button', { name: 'Salir' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Realizar tour' })).not.toBeInTheDocument();
  });

  it.each([
    [true, 'lists'],
    [false, 'hides'],
  ])(
    "with credit wallet mode %s in the app config, %s 'Mi crédito' and 'Mis importaciones de seguros'",
    async (mode) => {
      // The app keeps its configuration for the session: this test's answer must be the one read.
      queryClient.removeQueries({ queryKey: appConfigQueryOptions.queryKey });
      const { callsTo } = signedInApi(mode);
      await signedIn();
      rememberTourSeen(demoUser.id);
      renderApp('/tabs');
      const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
      await within(nav).findByText('Sofía Demo');
      // Hidden until the configuration is known: judge the menu once it has been read and drawn.
      await waitFor(() => expect(callsTo('GET', '/common/app-config').length).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await waitFor(() =>
        expect(within(nav).queryByRole('link', { name: 'Mi crédito' }) !== null).toBe(mode),
      );
      expect(within(nav).queryByRole('link', { name: 'Mis importaciones de seguros' }) !== null).toBe(mode);
      // The home's balances follow it too: no 'Mi crédito' card to point at while off.
      const home = screen.getByRole('main');
      expect(within(home).queryByRole('link', { name: /Mi crédito/ }) !== null).toBe(mode);
      expect(within(home).getByRole('link', { name: /Mi dinero/ })).toBeInTheDocument();
      // The rest of the menu does not depend on it.
      expect(within(nav).getByRole('link', { name: 'Mi dinero' })).toBeInTheDocument();
    },
    15_000,
  );

  it("'Ayuda' warns about leaving the app and then opens the help chat in a new tab", async () => {
    signedInApi();
    await signedIn();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    renderApp('/tabs');

    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    // At phone width (the tests' screen) the menu behind ☰ is drawn at the first idle moment.
    await user.click(await within(nav).findByRole('button', { name: 'Ayuda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aviso de redireccionamiento' });
    expect(within(dialog).getByText('Estás por salir de la app.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    expect(open).toHaveBeenCalledWith('https://wa.me/5491100000000', '_blank', 'noopener,noreferrer');
  });

  it("'Salir' signs out: overlay, logout call, storage cleared, back to login", async () => {
    const api = signedInApi();
    await signedIn();
    const user = userEvent.setup();
    const view = renderApp('/tabs');

    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    // At phone width (the tests' screen) the menu behind ☰ is drawn at the first idle moment.
    await user.click(await within(nav).findByRole('button', { name: 'Salir' }));
    expect(await screen.findByText('Cerrando sesión...')).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { name: 'Ingresá a tu cuenta' }, { timeout: 4_000 }),
    ).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/login');
    expect(api.callsTo('POST', '/auth/logout')).toHaveLength(1);
    expect(await storage.get(StorageKey.token)).toBeNull();
  });
});

describe('message screen (spec §2 item 12)', () => {
  it('shows the stored message and its button goes back to the start', async () => {
    mockApi({});
    await saveAppMessage({
      title: 'Mantenimiento programado',
      description: 'Estamos realizando mejoras en nuestros servidores. Disculpá las molestias ocasionadas.',
      button_title: 'Continuar',
    });
    const user = userEvent.setup();
    const view = renderApp('/message');

    expect(await screen.findByRole('heading', { name: 'Mantenimiento programado' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  });

  it('shows no button when the message may not be left', async () => {
    mockApi({});
    await saveAppMessage({
      title: 'Cuenta bloqueada',
      description: 'Comunicate con nosotros.',
      button_title: 'Salir',
      canNavigate: false,
    });
    renderApp('/message');
    expect(await screen.findByRole('heading', { name: 'Cuenta bloqueada' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
