import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { ImportPage } from './import-page.tsx';

function renderImport() {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [{ path: '/customers/imports/:id', element: <ImportPage /> }],
    },
  ];
  return renderRoutes(routes, '/customers/imports/7');
}

const theImport = {
  id: 7,
  status: 'validated',
  file_name: 'celulares.csv',
  entity: { id: 4, name: 'Celulares del Centro SRL' },
  policy: { id: 2, name: 'Celular Protegido' },
  coverage: { id: 3, public_name: 'Robo' },
  risk_type: 'cell-phone',
  row_count: 3,
  valid_count: 2,
  invalid_count: 1,
  total_cents: 2_000_000,
  total_nice: '$ 20.000,00',
  issued_at: null,
  created_at: '2026-11-22T12:00:00.000Z',
};
const row = (n: number, status: string, errors: string[] = []) => ({
  row_number: n,
  status,
  identifier: status === 'invalid' ? null : `35000000000001${n}`,
  errors,
  total_cents: status === 'invalid' ? null : 1_000_000,
  total_nice: status === 'invalid' ? null : '$ 10.000,00',
  insurance_id: null,
  insurance_number: null,
});
const rows = {
  body: {
    data: [row(2, 'valid'), row(3, 'invalid', ['imei: El IMEI debe tener 15 números.']), row(4, 'valid')],
    meta: { current_page: 1, per_page: 50, total: 3, last_page: 1 },
  },
};
const credit = (cents: number, nice: string) => ({
  body: { data: { id: 9, kind: 'credit', name: 'Mi crédito', balance_cents: cents, balance_nice: nice } },
});

let desktop = true;
const original = window.matchMedia;
beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: desktop && query.includes('min-width: 62em'),
  })) as typeof window.matchMedia;
});
afterEach(() => {
  window.matchMedia = original;
  desktop = true;
});

describe('an import', () => {
  it('shows the report row by row, and with too little credit says how much is missing', async () => {
    mockApi({
      'GET /customers/imports/7': { body: { data: theImport } },
      'GET /customers/imports/7/rows': rows,
      'GET /customers/credit-wallet': credit(500_000, '$ 5.000,00'),
    });
    renderImport();
    const table = await screen.findByRole('table', { name: 'Resultado de la validación' });
    expect(await within(table).findByText('imei: El IMEI debe tener 15 números.')).toBeInTheDocument();
    expect(within(table).getAllByText('Válida')).toHaveLength(2);
    expect(
      await screen.findByText(
        'Saldo insuficiente: te faltan $ 15.000,00 en Mi crédito para emitir esta importación.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Emitir 2 seguros' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cargar crédito' })).toHaveAttribute(
      'href',
      '/customers/credit-wallet',
    );
  });

  it('with enough credit lets the customer issue the valid rows', async () => {
    mockApi({
      'GET /customers/imports/7': { body: { data: theImport } },
      'GET /customers/imports/7/rows': rows,
      'GET /customers/credit-wallet': credit(3_000_000, '$ 30.000,00'),
    });
    renderImport();
    expect(await screen.findByText('$ 30.000,00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Emitir 2 seguros' })).toBeEnabled();
    expect(screen.queryByText(/Saldo insuficiente/)).not.toBeInTheDocument();
  });

  it('at phone width says imports are used from a computer', async () => {
    desktop = false;
    mockApi({
      'GET /customers/imports/7': { body: { data: theImport } },
      'GET /customers/credit-wallet': credit(0, '$ 0,00'),
    });
    renderImport();
    expect(await screen.findByText('Disponible en computadora')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
