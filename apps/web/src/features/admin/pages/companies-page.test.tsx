import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { clearOperatorSession, saveOperatorSession } from '../api/operator-session.ts';
import { CompaniesPage } from './companies-page.tsx';

/** Another back-office page whose code takes `delay` ms to arrive, like a lazy route on a slow phone. */
function slowPage(delay: number): RouteObject {
  return {
    path: '/admin/policies',
    lazy: () =>
      new Promise((resolve) => setTimeout(() => resolve({ Component: () => <h1>Pólizas</h1> }), delay)),
  };
}

function renderPage(other: RouteObject[] = []) {
  return renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <Outlet />
          </QueryClientProvider>
        ),
        children: [{ path: '/admin/companies', element: <CompaniesPage /> }, ...other],
      },
    ],
    '/admin/companies',
  );
}

const company = (id: number, name: string, policies = 0) => ({
  id,
  name,
  legal_name: `${name} S.A.`,
  logo_filename: null,
  logo_url: null,
  policies_count: policies,
});
const page = (data: unknown[], total = data.length) => ({
  body: {
    data,
    meta: { current_page: 1, per_page: 10, total, last_page: Math.max(1, Math.ceil(total / 10)) },
  },
});

beforeEach(() => saveOperatorSession('op_test', '2099-01-01T00:00:00.000Z'));
afterEach(() => clearOperatorSession());

describe('Aseguradoras', () => {
  it('lists with the operator token, searches, sorts by a header and pages', async () => {
    const api = mockApi({
      'GET /admin/companies': page([company(1, 'Andina', 2), company(2, 'Austral')], 23),
    });
    renderPage();
    expect(await screen.findByRole('cell', { name: 'Andina' })).toBeInTheDocument();
    expect(screen.getByText('23 resultados')).toBeInTheDocument();
    const first = api.callsTo('GET', '/admin/companies')[0]!;
    expect(first.headers.get('Authorization')).toBe('Bearer op_test');
    expect(first.url).toContain('sort_by=name');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Buscar por nombre o razón social'), 'and');
    await waitFor(() => expect(api.requests.at(-1)!.url).toContain('search=and'));
    await user.click(screen.getByRole('button', { name: /^Nombre/ }));
    await waitFor(() => expect(api.requests.at(-1)!.url).toContain('sort_by=-name'));
    expect(screen.getByRole('columnheader', { name: /Nombre/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(api.requests.at(-1)!.url).toContain('page=3'));
  });

  it('says when nothing matches', async () => {
    mockApi({ 'GET /admin/companies': page([]) });
    renderPage();
    expect(await screen.findByText('No hay aseguradoras que coincidan con la búsqueda.')).toBeInTheDocument();
  });

  it('keeps what was typed and names the field when the API refuses a duplicate name', async () => {
    mockApi({
      'GET /admin/companies': page([company(1, 'Andina')]),
      'POST /admin/companies': {
        status: 409,
        body: {
          message: 'La operación entra en conflicto con el estado actual.',
          validations: { name: ['Ya existe una aseguradora con ese nombre.'] },
          error_code: 'conflict',
        },
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nueva aseguradora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva aseguradora' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ingresá el nombre.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nombre'), 'andina');
    await user.type(within(dialog).getByLabelText('Razón social'), 'Otra S.A.');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ya existe una aseguradora con ese nombre.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('andina');
  });

  it('lets the operator leave for another page while a search is still waiting to reach the address', async () => {
    mockApi({ 'GET /admin/companies': page([company(1, 'Andina')]) });
    const { router } = renderPage([slowPage(700)]);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Buscar por nombre o razón social'), 'and');
    // The menu is clicked before the search's 300 ms are up, and the next page's code is still loading when they are.
    void router.navigate('/admin/policies');
    expect(await screen.findByRole('heading', { name: 'Pólizas' }, { timeout: 2000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/policies');
  });
});
