import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { clearOperatorSession, saveOperatorSession } from '../api/operator-session.ts';
import { ReferralsPage } from './referrals-page.tsx';

function renderPage() {
  return renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <Outlet />
          </QueryClientProvider>
        ),
        children: [{ path: '/admin/referrals', element: <ReferralsPage /> }],
      },
    ],
    '/admin/referrals',
  );
}

const invitee = (overrides: Record<string, unknown>) => ({
  referral_id: 1,
  user_id: 10,
  name: 'Ana Gómez',
  email: 'ana@example.com',
  dni: '40111222',
  status: 'registered',
  reason: null,
  insurance_id: null,
  insurance_number: null,
  due_on: null,
  decided_at: null,
  clawback_outstanding_cents: 0,
  shared_dni: false,
  shared_device: false,
  shared_payer: false,
  created_at: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

const inviter = {
  id: 7,
  name: 'Carla Ruiz',
  email: 'carla@example.com',
  dni: '29111222',
  invited_count: 3,
  rewarded_count: 0,
  pending_count: 1,
  refused_count: 1,
  clawed_back_count: 1,
  earned_cents: 0,
  earned_nice: '$ 0,00',
  flagged: true,
  invitees: [
    invitee({
      referral_id: 1,
      status: 'pending',
      insurance_id: 5,
      insurance_number: 'CUB-0005',
      due_on: '2026-12-07',
      shared_device: true,
    }),
    invitee({
      referral_id: 2,
      user_id: 11,
      name: 'Bruno Díaz',
      status: 'refused',
      reason: 'same_device',
      shared_device: true,
    }),
    invitee({
      referral_id: 3,
      user_id: 12,
      name: 'Dario Paz',
      status: 'clawed_back',
      reason: 'payment_reversed',
      clawback_outstanding_cents: 300_000,
    }),
  ],
};

beforeEach(() => saveOperatorSession('op_test', '2099-01-01T00:00:00.000Z'));
afterEach(() => clearOperatorSession());

describe('Referidos (back office)', { timeout: 30_000 }, () => {
  it('lists each inviter with their invitees, statuses, reasons and shared identities, and filters', async () => {
    const api = mockApi({
      'GET /admin/referrals': {
        body: { data: [inviter], meta: { current_page: 1, per_page: 10, total: 1, last_page: 1 } },
      },
    });
    renderPage();
    expect(await screen.findByText('Carla Ruiz')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/referrals')[0]!.url).toContain('sort_by=-latest');
    const rows = screen.getAllByTestId('referral-invitee');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Pendiente')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Dispositivo repetido')).toBeInTheDocument();
    expect(
      within(rows[0]!).getByText(/Seguro CUB-0005 · Se acredita el 7 de diciembre de 2026/),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Rechazado')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Dispositivo ya usado por otro invitado/)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Descontado')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(/Pago revertido · Quedó debiendo \$\s3\.000,00/)).toBeInTheDocument();
    expect(screen.getByText('Con coincidencias')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Coincidencias', { selector: 'input' }));
    await user.click(
      await screen.findByRole('option', { name: 'DNI, dispositivo o medio de pago repetido', hidden: true }),
    );
    await waitFor(() => expect(api.requests.at(-1)!.url).toContain('flagged=true'));
    await user.click(screen.getByLabelText('Estado de algún invitado', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Descontado', hidden: true }));
    await waitFor(() =>
      expect(decodeURIComponent(api.requests.at(-1)!.url)).toContain('filter[status][eq]=clawed_back'),
    );
  });
});
