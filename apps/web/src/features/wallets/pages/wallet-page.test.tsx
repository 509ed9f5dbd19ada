import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { WalletPage } from './wallet-page.tsx';

function renderWallet() {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [{ path: '/customers/money-wallet', element: <WalletPage kind="money" /> }],
    },
  ];
  return renderRoutes(routes, '/customers/money-wallet');
}

const wallet = {
  body: {
    data: { id: 3, kind: 'money', name: 'Mi dinero', balance_cents: 150_000, balance_nice: '$ 1.500,00' },
  },
};
const movement = (id: number, description: string) => ({
  id,
  wallet_id: 3,
  kind: 'top_up',
  description,
  amount_cents: 150_000,
  amount_nice: '$ 1.500,00',
  balance_after_cents: 150_000,
  balance_after_nice: '$ 1.500,00',
  payment_id: null,
  insurance_id: null,
  created_at: '2026-11-20T12:00:00.000Z',
});

describe('Mi dinero', () => {
  it('says so when there are no movements yet', async () => {
    mockApi({
      'GET /customers/money-wallet': wallet,
      'GET /customers/money-wallet/3/wallet-movements': {
        body: { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } },
      },
    });
    renderWallet();
    expect(await screen.findByText('$ 1.500,00')).toBeInTheDocument();
    expect(await screen.findByText('Todavía no hay movimientos')).toBeInTheDocument();
  });

  it('a negative balance (a payment taken back after it was spent) says what is owed', async () => {
    mockApi({
      'GET /customers/money-wallet': {
        body: {
          data: {
            id: 3,
            kind: 'money',
            name: 'Mi dinero',
            balance_cents: -800_415,
            balance_nice: '-$ 8.004,15',
          },
        },
      },
      'GET /customers/money-wallet/3/wallet-movements': {
        body: { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } },
      },
    });
    renderWallet();
    const balance = await screen.findByRole('region', { name: 'Saldo disponible' });
    expect(await within(balance).findByText('-$ 8.004,15')).toBeInTheDocument();
    expect(balance).toHaveTextContent(
      'Debés $ 8.004,15: se descuenta del próximo ingreso, y hasta entonces no podés pagar con este saldo.',
    );
  });

  it('pages through the movements, each opening its detail', async () => {
    const api = mockApi({
      'GET /customers/money-wallet': wallet,
      'GET /customers/money-wallet/3/wallet-movements': () => {
        const last = api.requests.at(-1)?.url ?? '';
        const page = new URL(last, 'http://x').searchParams.get('page');
        return {
          body: {
            data: [
              movement(page === '2' ? 12 : 1, page === '2' ? 'Reintegro de junio' : 'Ingreso de dinero'),
            ],
            meta: { current_page: Number(page), per_page: 10, total: 11, last_page: 2 },
          },
        };
      },
    });
    renderWallet();
    const first = await screen.findByRole('link', { name: /Ingreso de dinero/ });
    expect(first).toHaveAttribute('href', '/customers/money-wallet/3/wallet-movements/1');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByRole('link', { name: /Reintegro de junio/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', '/customers/money-wallet/3/wallet-movements').at(-1)?.url).toContain(
        'page=2',
      ),
    );
  });
});
