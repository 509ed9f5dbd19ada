import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { BillingPage } from './billing-page.tsx';

function renderBilling() {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [{ path: '/invoice/invoices', element: <BillingPage /> }],
    },
  ];
  return renderRoutes(routes, '/invoice/invoices');
}

const provinces = {
  body: {
    data: [
      { id: 1, name: 'Buenos Aires', code: 'B' },
      { id: 2, name: 'Córdoba', code: 'X' },
    ],
  },
};
const emptyList = { body: { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } } };
const savedProfile = {
  name: 'Panadería La Espiga S.R.L.',
  document_type: 'CUIT',
  document_number: '30500012346',
  tax_condition: 'responsable_inscripto',
  street: 'Av. Rivadavia',
  street_number: '5000',
  floor_apartment: '',
  locality: 'Caballito',
  state_id: 1,
  state_name: 'Buenos Aires',
  zip_code: 'C1424CES',
  invoice_letter: 'A',
  updated_at: '2026-11-22T10:00:00.000Z',
};
const invoice = {
  id: 9,
  kind: 'invoice',
  kind_label: 'Factura',
  letter: 'B',
  point_of_sale: 1,
  number: 3,
  full_number: '0001-00000003',
  arca_status: 'autorizada',
  arca_voucher_type: 6,
  cae: '74123456789012',
  cae_due_on: '2026-11-30',
  issued_at: '2026-11-20T12:00:00.000Z',
  insurance_id: 4,
  insurance_number: 'CUB-2026-0000004',
  payment_id: 5,
  import_id: null,
  invoice_id: null,
  recipient: {
    name: 'Sofía Demo',
    document_type: 'DNI',
    document_number: '28123456',
    tax_condition: 'consumidor_final',
    address: '',
  },
  net_cents: 441_000,
  net_nice: '$ 4.410,00',
  iva_cents: 92_610,
  iva_nice: '$ 926,10',
  total_cents: 533_610,
  total_nice: '$ 5.336,10',
};

// Typing a whole form is slow on a busy machine.
describe('Facturación', { timeout: 20_000 }, () => {
  it('without a profile says invoices go to the customer as consumidor final, and shows the empty list', async () => {
    mockApi({
      'GET /customers/invoice-profile': { body: { data: null } },
      'GET /customers/invoices': emptyList,
      'GET /common/provinces': provinces,
    });
    renderBilling();
    expect(await screen.findByText(/facturamos a tu nombre y DNI como consumidor final/)).toBeInTheDocument();
    expect(await screen.findByText('Todavía no tenés facturas')).toBeInTheDocument();
  });

  it('refuses a CUIT with a wrong check digit before sending, then saves and keeps the typed values', async () => {
    const api = mockApi({
      'GET /customers/invoice-profile': { body: { data: null } },
      'GET /customers/invoices': emptyList,
      'GET /common/provinces': provinces,
      'PUT /customers/invoice-profile': { body: { data: savedProfile } },
    });
    renderBilling();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre o razón social'), savedProfile.name);
    await user.type(screen.getByRole('textbox', { name: 'CUIT' }), '30-50001234-5');
    await user.click(screen.getByRole('combobox', { name: 'Condición frente al IVA' }));
    await user.click(await screen.findByRole('option', { name: 'Responsable inscripto', hidden: true }));
    expect(screen.getByText('Vas a recibir facturas A, con el IVA discriminado.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Calle'), 'Av. Rivadavia');
    await user.type(screen.getByLabelText('Altura'), '5000');
    await user.type(screen.getByLabelText('Localidad'), 'Caballito');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provincia' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Provincia' }));
    await user.click(await screen.findByRole('option', { name: 'Buenos Aires', hidden: true }));
    await user.type(screen.getByLabelText('Código postal'), 'C1424CES');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de facturación' }));
    expect(await screen.findByText('El CUIT no es válido: revisá los 11 números.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/customers/invoice-profile')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'CUIT' }));
    await user.type(screen.getByRole('textbox', { name: 'CUIT' }), '30-50001234-6');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de facturación' }));
    await waitFor(() => expect(api.callsTo('PUT', '/customers/invoice-profile')).toHaveLength(1));
    const sent = JSON.parse(String(api.callsTo('PUT', '/customers/invoice-profile')[0]!.body));
    expect(sent).toMatchObject({
      document_type: 'CUIT',
      document_number: '30500012346',
      tax_condition: 'responsable_inscripto',
      state_id: 1,
    });
    expect(await screen.findByText('Guardamos tus datos de facturación.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre o razón social')).toHaveValue(savedProfile.name);
  });

  it('shows what the API refuses under its field, keeping the input', async () => {
    mockApi({
      'GET /customers/invoice-profile': { body: { data: savedProfile } },
      'GET /customers/invoices': emptyList,
      'GET /common/provinces': provinces,
      'PUT /customers/invoice-profile': {
        status: 422,
        body: {
          message: 'Revisá los datos ingresados.',
          validations: { state_id: ['Elegí una provincia de la lista.'] },
          error_code: 'validation_failed',
        },
      },
    });
    renderBilling();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Nombre o razón social');
    await user.clear(name);
    await user.type(name, 'La Espiga');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de facturación' }));
    expect(await screen.findByText('Elegí una provincia de la lista.')).toBeInTheDocument();
    expect(name).toHaveValue('La Espiga');
  });

  it('lists invoices with their download', async () => {
    mockApi({
      'GET /customers/invoice-profile': { body: { data: savedProfile } },
      'GET /customers/invoices': {
        body: { data: [invoice], meta: { current_page: 1, per_page: 10, total: 1, last_page: 1 } },
      },
      'GET /common/provinces': provinces,
    });
    renderBilling();
    expect(await screen.findByText('Factura B 0001-00000003')).toBeInTheDocument();
    expect(screen.getByText('$ 5.336,10')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Descargar Factura B 0001-00000003 en PDF' }),
    ).toBeInTheDocument();
  });

  it('shows an invoice ARCA has not authorised yet as "En proceso", without a number or a download', async () => {
    const waiting = {
      ...invoice,
      arca_status: 'pendiente_cae',
      number: null,
      full_number: null,
      cae: null,
      cae_due_on: null,
    };
    mockApi({
      'GET /customers/invoice-profile': { body: { data: savedProfile } },
      'GET /customers/invoices': {
        body: { data: [waiting], meta: { current_page: 1, per_page: 10, total: 1, last_page: 1 } },
      },
      'GET /common/provinces': provinces,
    });
    renderBilling();
    expect(await screen.findByText('En proceso')).toBeInTheDocument();
    expect(screen.getByText('Factura B')).toBeInTheDocument();
    expect(screen.getByText(/Estamos esperando la autorización de ARCA/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Descargar/ })).not.toBeInTheDocument();
  });
});
