import { focusManager, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { fetchUnreadCount } from '../api/unread-count.ts';
import { askToViewNewNotifications, PROMPT_AUTO_DISMISS_MS } from './new-notifications-prompt.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationWatcher } from './notification-watcher.tsx';

/** The API's unread count is `state.count` whenever the app asks. */
function renderShell(state: { count: number }) {
  const api = mockApi({
    'GET /customers/notification-user/count': () => ({ body: { data: state.count } }),
  });
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <NotificationBell />
          <NotificationWatcher />
          <Outlet />
        </QueryClientProvider>
      ),
      children: [
        {
          path: '/tabs',
          element: (
            <Link to="/customers/insurances" aria-label="ir">
              ir
            </Link>
          ),
        },
        { path: '/customers/insurances', element: <p>Mis contrataciones</p> },
        { path: '/notifications', element: <p>Lista de notificaciones</p> },
      ],
    },
  ];
  return { api, ...renderRoutes(routes, '/tabs') };
}

describe('the unread count', () => {
  it('is 0 when it cannot be read (spec §7)', async () => {
    mockApi({ 'GET /customers/notification-user/count': { status: 500, body: null } });
    expect(await fetchUnreadCount()).toBe(0);
    mockApi({});
    expect(await fetchUnreadCount()).toBe(0);
    mockApi({ 'GET /customers/notification-user/count': { body: { data: 4 } } });
    expect(await fetchUnreadCount()).toBe(4);
  });

  it('shows on the bell, which opens the list', async () => {
    renderShell({ count: 3 });
    const bell = await screen.findByRole('link', { name: 'Notificaciones, 3 sin leer' });
    expect(bell).toHaveAttribute('href', '/notifications');
  });
});

describe('Tenés notificaciones nuevas', () => {
  /** The app comes back to the foreground: the count is read again. */
  const refocus = () =>
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });

  it('is asked when news arrives while the app is open; Más tarde closes it', async () => {
    const state = { count: 1 };
    renderShell(state);
    await screen.findByRole('link', { name: 'Notificaciones, 1 sin leer' });
    // Nothing is asked for what was already there.
    expect(screen.queryByText('Tenés notificaciones nuevas')).not.toBeInTheDocument();
    state.count = 2;
    refocus();
    const dialog = await screen.findByRole('dialog', { name: 'Tenés notificaciones nuevas' });
    expect(dialog).toHaveTextContent('¿Querés acceder a su contenido?');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Más tarde' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Notificaciones, 2 sin leer' })).toBeInTheDocument();
  });

  it('a page change refreshes the bell without asking (often it is what the user just did)', async () => {
    const state = { count: 0 };
    renderShell(state);
    await screen.findByRole('link', { name: 'Notificaciones' });
    state.count = 3;
    await userEvent.setup().click(screen.getByRole('link', { name: 'ir' }));
    expect(await screen.findByRole('link', { name: 'Notificaciones, 3 sin leer' })).toBeInTheDocument();
    expect(screen.getByText('Mis contrataciones')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Ver ahora opens the list', async () => {
    const state = { count: 0 };
    const { router } = renderShell(state);
    await screen.findByRole('link', { name: 'Notificaciones' });
    state.count = 1;
    refocus();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ver ahora' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
  });

  it('closes by itself after 10 s', async () => {
    expect(PROMPT_AUTO_DISMISS_MS).toBe(10_000);
    mockApi({});
    const { renderWithMantine } = await import('../../../../test/render.tsx');
    const { DialogHost } = await import('../../../shared/dialogs/dialogs.tsx');
    renderWithMantine(<DialogHost />);
    let answer: string | undefined;
    act(() => {
      void askToViewNewNotifications(200).then((choice) => {
        answer = choice;
      });
    });
    expect(await screen.findByRole('dialog', { name: 'Tenés notificaciones nuevas' })).toBeInTheDocument();
    await waitFor(() => expect(answer).toBe('later'), { timeout: 2_000 });
  });
});
