import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { ReferralPage } from './referral-page.tsx';

function renderReferral() {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [{ path: '/referral', element: <ReferralPage /> }],
    },
  ];
  return renderRoutes(routes, '/referral');
}

const referral = {
  code: 'K7M2PQ9X',
  link: 'https://cubierto.example/register?ref=K7M2PQ9X',
  reward_cents: 500_000,
  reward_nice: '$ 5.000,00',
  invited_count: 2,
  rewarded_count: 1,
  earned_cents: 500_000,
  earned_nice: '$ 5.000,00',
  pending_count: 0,
  pending_cents: 0,
  pending_nice: '$ 0,00',
  invitations: [],
};

describe('Referidos', { timeout: 20_000 }, () => {
  it('copies the code and the link, each saying "{label} copiado"', async () => {
    mockApi({ 'GET /customers/referral': { body: { data: referral } } });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderReferral();
    expect(await screen.findByText('K7M2PQ9X')).toBeInTheDocument();
    expect(screen.getByText(/te acreditamos \$\s5\.000,00 en Mi dinero/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(writeText).toHaveBeenLastCalledWith('K7M2PQ9X');
    expect(await screen.findByText('Código copiado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    expect(writeText).toHaveBeenLastCalledWith(referral.link);
    expect(await screen.findByText('Enlace copiado')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(referral.link);
  });

  it('shows a pending reward as pending, with the day it is credited, and why an invitation earns nothing', async () => {
    mockApi({
      'GET /customers/referral': {
        body: {
          data: {
            ...referral,
            invited_count: 3,
            pending_count: 1,
            pending_cents: 500_000,
            pending_nice: '$ 5.000,00',
            invitations: [
              {
                id: 3,
                name: 'Ana Gómez',
                status: 'pending',
                reason: null,
                due_on: '2026-12-07',
                created_at: '2026-11-26T12:00:00.000Z',
              },
              {
                id: 2,
                name: 'Bruno Díaz',
                status: 'refused',
                reason: 'same_device',
                due_on: null,
                created_at: '2026-11-25T12:00:00.000Z',
              },
              {
                id: 1,
                name: 'Carla Ruiz',
                status: 'rewarded',
                reason: null,
                due_on: null,
                created_at: '2026-11-01T12:00:00.000Z',
              },
            ],
          },
        },
      },
    });
    renderReferral();
    expect(await screen.findByRole('heading', { name: 'Tus invitados' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('referral-invitation');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ana GómezSe acredita cuando su primer seguro pase el plazo de arrepentimiento: el 7 de diciembre de 2026, si sigue vigente.Pendiente',
      'Bruno DíazNo suma premio: se registró desde un dispositivo que ya usó otra persona invitada.Sin premio',
      'Carla RuizTe acreditamos $ 5.000,00 en Mi dinero.Acreditado',
    ]);
    expect(screen.getByText('Por acreditar')).toBeInTheDocument();
  });

  it('offers a retry when the code cannot be loaded', async () => {
    mockApi({
      'GET /customers/referral': { status: 400, body: { message: 'x', error_code: 'bad_request' } },
    });
    renderReferral();
    expect(await screen.findByText('No pudimos cargar tu código de invitación.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
