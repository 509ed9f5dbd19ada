import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { NotificationDetailPage } from './notification-detail-page.tsx';
import { NotificationOpenPage } from './notification-open-page.tsx';
import { NotificationsPage } from './notifications-page.tsx';

function renderAt(path: string) {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [
        { path: '/notifications', element: <NotificationsPage /> },
        { path: '/notifications/list/:id', element: <NotificationOpenPage /> },
        { path: '/notifications/detail', element: <NotificationDetailPage /> },
        { path: '/customers/insurances/:id', element: <p>Página del seguro</p> },
        {
          path: '/customers/money-wallet/:walletId/wallet-movements/:movementId',
          element: <p>Página del movimiento</p>,
        },
      ],
    },
  ];
  return renderRoutes(routes, path);
}

type Over = {
  type?: string;
  insurance_id?: number | null;
  wallet_id?: number | null;
  wallet_movement_id?: number | null;
};
const item = (id: number, title: string, read: boolean, action: Over = {}) => ({
  id,
  notification_user_id: id,
  read_at: read ? '2026-11-20T13:00:00.000Z' : null,
  created_at: '2026-11-20T12:00:00.000Z',
  notification: {
    id: 100 + id,
    title,
    body: `Texto de ${title}`,
    created_at: '2026-11-20T12:00:00.000Z',
    action: {
      type: 'Message',
      notification_id: 100 + id,
      insurance_id: null,
      wallet_id: null,
      wallet_movement_id: null,
      claim_id: null,
      invoice_id: null,
      ...action,
    },
  },
});
const page = (data: unknown[], unread: number, lastPage = 1) => ({
  body: { data, meta: { current_page: 1, per_page: 10, total: data.length, last_page: lastPage, unread } },
});

describe('Notificaciones', () => {
  it('says so when there are none', async () => {
    mockApi({ 'GET /customers/notification-user': page([], 0) });
    renderAt('/notifications');
    expect(await screen.findByText('No tenés notificaciones')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar todas como leídas' })).not.toBeInTheDocument();
  });

  it('marks the unread ones, each opening through notifications/list/{id}; read-all refreshes', async () => {
    let allRead = false;
    const api = mockApi({
      'GET /customers/notification-user': () =>
        allRead
          ? page([item(2, 'Tu seguro está vigente', true), item(1, 'Ingresó dinero', true)], 0)
          : page([item(2, 'Tu seguro está vigente', false), item(1, 'Ingresó dinero', true)], 1),
      'POST /customers/notification-user/read-all': () => {
        allRead = true;
        return { body: { data: { updated: 1 } } };
      },
    });
    renderAt('/notifications');
    const unread = await screen.findByRole('link', { name: /Tu seguro está vigente/ });
    expect(unread).toHaveAttribute('href', '/notifications/list/2');
    expect(unread).toHaveAttribute('data-unread', 'true');
    expect(unread).toHaveTextContent('Nueva');
    const read = screen.getByRole('link', { name: /Ingresó dinero/ });
    expect(read).not.toHaveAttribute('data-unread');
    expect(read).not.toHaveTextContent('Nueva');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(await screen.findByText('Marcamos 1 notificación como leída.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Tu seguro está vigente/ })).not.toHaveTextContent('Nueva'),
    );
    expect(api.callsTo('POST', '/customers/notification-user/read-all')).toHaveLength(1);
  });

  it('read-all answered 207 (some held by another request) says how many stay unread and keeps the button', async () => {
    let marked = false;
    mockApi({
      'GET /customers/notification-user': () =>
        marked
          ? page([item(2, 'Tu seguro está vigente', false), item(1, 'Ingresó dinero', true)], 1)
          : page([item(2, 'Tu seguro está vigente', false), item(1, 'Ingresó dinero', false)], 2),
      'POST /customers/notification-user/read-all': () => {
        marked = true;
        return { status: 207, body: { data: { updated: 1, failed: 1 }, status: 207 } };
      },
    });
    renderAt('/notifications');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Marcar todas como leídas' }));
    expect(
      await screen.findByText('Una notificación no se pudo marcar como leída. Probá de nuevo.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Marcamos 1 notificación como leída/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Ingresó dinero/ })).not.toHaveTextContent('Nueva'),
    );
    // One is still unread: the customer can try again.
    expect(screen.getByRole('button', { name: 'Marcar todas como leídas' })).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    mockApi({
      'GET /customers/notification-user': {
        status: 422,
        body: { message: 'x', error_code: 'invalid_query' },
      },
    });
    renderAt('/notifications');
    expect(
      await screen.findByText('No pudimos cargar tus notificaciones. Revisá tu conexión y volvé a intentar.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('opening a notification (spec §4)', () => {
  const opening = (answer: ReturnType<typeof item>) =>
    mockApi({
      [`POST /customers/notification-user/${answer.id}/read`]: {
        body: { data: { ...answer, read_at: 'x' } },
      },
    });

  it('Insurance: marks it read and opens the insurance', async () => {
    const api = opening(item(4, 'Tu seguro está vigente', false, { type: 'Insurance', insurance_id: 7 }));
    const { router } = renderAt('/notifications/list/4');
    expect(await screen.findByText('Página del seguro')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers/insurances/7');
    expect(api.callsTo('POST', '/customers/notification-user/4/read')).toHaveLength(1);
  });

  it('InsuranceRisk: the insurance too', async () => {
    opening(item(6, 'Tu bien asegurado', false, { type: 'InsuranceRisk', insurance_id: 8 }));
    const { router } = renderAt('/notifications/list/6');
    await screen.findByText('Página del seguro');
    expect(router.state.location.pathname).toBe('/customers/insurances/8');
  });

  it('WalletMovement: the movement of the money wallet', async () => {
    opening(
      item(5, 'Ingresó dinero', false, { type: 'WalletMovement', wallet_id: 2, wallet_movement_id: 9 }),
    );
    const { router } = renderAt('/notifications/list/5');
    await screen.findByText('Página del movimiento');
    expect(router.state.location.pathname).toBe('/customers/money-wallet/2/wallet-movements/9');
  });

  it('any other type: notifications/detail with its title and text', async () => {
    const message = item(3, 'Novedades de Cubierto', false);
    mockApi({
      'POST /customers/notification-user/3/read': { body: { data: { ...message, read_at: 'x' } } },
      'GET /customers/notification-user/3': { body: { data: message } },
    });
    const { router } = renderAt('/notifications/list/3');
    expect(await screen.findByRole('heading', { name: 'Novedades de Cubierto' })).toBeInTheDocument();
    expect(screen.getByText('Texto de Novedades de Cubierto')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/notifications/detail?id=3');
    expect(screen.getByRole('link', { name: 'Volver a Notificaciones' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('a failure shows the error and goes back to the list', async () => {
    mockApi({
      'POST /customers/notification-user/77/read': {
        status: 404,
        body: { message: 'La notificación no existe.', error_code: 'not_found' },
      },
      'GET /customers/notification-user': page([], 0),
    });
    const { router } = renderAt('/notifications/list/77');
    expect(await screen.findByText('La notificación no existe.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
    expect(await screen.findByText('No tenés notificaciones')).toBeInTheDocument();
  });
});
