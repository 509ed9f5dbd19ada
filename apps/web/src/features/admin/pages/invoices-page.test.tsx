import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { clearOperatorSession, saveOperatorSession } from '../api/operator-session.ts';
import { InvoicesPage } from './invoices-page.tsx';

function renderPage() {
  return renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <Outlet />
          </QueryClientProvider>
        ),
        children: [{ path: '/admin/invoices', element: <InvoicesPage /> }],
      },
    ],
    '/admin/invoices',
  );
}

const rejected = {
  id: 41,
  kind: 'invoice',
  kind_label: 'Factura',
  letter: 'B',
  point_of_sale: 1,
  number: null,
  full_number: null,
  arca_status: 'rechazada',
  arca_voucher_type: 6,
  cae: null,
  cae_due_on: null,
  issued_at: '2026-11-26T12:00:00.000Z',
  insurance_id: 4,
  insurance_number: 'CUB-2026-0000004',
  payment_id: 5,
  import_id: null,
  invoice_id: null,
  recipient: {
    name: 'Marta Suárez',
    document_type: 'DNI',
    document_number: '31222333',
    tax_condition: 'consumidor_final',
    address: '',
  },
  net_cents: 441_000,
  net_nice: '$ 4.410,00',
  iva_cents: 92_610,
  iva_nice: '$ 926,10',
  total_cents: 533_610,
  total_nice: '$ 5.336,10',
  user_id: 9,
  arca_messages: [
    {
      code: 10242,
      kind: 'error',
      message: 'El campo Condicion Frente al IVA del receptor no es valido.',
    },
  ],
  arca_attempts: 1,
  arca_last_attempt_at: '2026-11-26T12:00:05.000Z',
  arca_pending_number: null,
};

const page = (rows: unknown[]) => ({
  body: { data: rows, meta: { current_page: 1, per_page: 10, total: rows.length, last_page: 1 } },
});

beforeEach(() => saveOperatorSession('op_test', '2099-01-01T00:00:00.000Z'));
afterEach(() => clearOperatorSession());

describe('Facturas ARCA (back office)', { timeout: 30_000 }, () => {
  it('shows a rejected invoice with ARCA’s message, retries it and filters by ARCA status', async () => {
    const api = mockApi({
      'GET /admin/invoices': page([rejected]),
      'POST /admin/invoices/41/retry': { body: { data: { ...rejected, arca_status: 'pendiente_cae' } } },
    });
    renderPage();
    const row = (await screen.findByText('Factura B (sin número)')).closest('tr')!;
    expect(within(row).getByText('Rechazada')).toBeInTheDocument();
    expect(
      within(row).getByText('10242: El campo Condicion Frente al IVA del receptor no es valido.'),
    ).toBeInTheDocument();
    expect(within(row).getByText('Marta Suárez (DNI 31222333)')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Reintentar Factura B (sin número)' }));
    await waitFor(() => expect(api.callsTo('POST', '/admin/invoices/41/retry')).toHaveLength(1));
    expect(await screen.findByText('Lo enviamos de nuevo a ARCA.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Estado en ARCA', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Rechazada', hidden: true }));
    await waitFor(() =>
      expect(decodeURIComponent(api.requests.at(-1)!.url)).toContain('filter[arca_status][eq]=rechazada'),
    );
  });
});
