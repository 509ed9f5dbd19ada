import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { SearchEntityPage, safeReturnPath } from './search-entity-page.tsx';

const CUIT = '30712345671';
const business = {
  id: 41,
  kind: 'business',
  name: 'Panadería Sol SRL',
  document_type: 'CUIT',
  document_number: CUIT,
  tax_condition: 'responsable_inscripto',
};

function BackInTheContract() {
  const location = useLocation();
  return <p>Volvió con {JSON.stringify(location.state)}</p>;
}

function renderSearch(query = `?for=billing&returnTo=${encodeURIComponent('/contract-insurance/12')}`) {
  return renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <Outlet />
          </QueryClientProvider>
        ),
        children: [
          { path: '/search-entity', Component: SearchEntityPage },
          { path: '/contract-insurance/:processId', Component: BackInTheContract },
        ],
      },
    ],
    `/search-entity${query}`,
  );
}

describe('search-entity', () => {
  it('creates a business not found by its CUIT and goes back to the contract with it chosen', async () => {
    const api = mockApi({
      'GET /customers/entities/search': { body: { data: [] } },
      'POST /customers/entities': { status: 201, body: { data: business } },
    });
    const user = userEvent.setup();
    renderSearch();

    await user.type(await screen.findByLabelText('DNI o CUIT'), '30-71234567-1');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(
      await screen.findByText(/No encontramos a nadie con el documento 30712345671/),
    ).toBeInTheDocument();
    expect(api.requests.find((r) => r.path === '/customers/entities/search')?.url).toContain(
      `document=${CUIT}`,
    );
    // An 11-digit document is taken for a business.
    expect(screen.getByLabelText('CUIT')).toHaveValue(CUIT);

    await user.type(screen.getByLabelText('Razón social'), 'Panadería Sol SRL');
    await user.click(screen.getByRole('button', { name: 'Guardar y elegir' }));

    expect(await screen.findByText(/Volvió con/)).toHaveTextContent(
      'Volvió con {"chosenEntity":{"role":"billing","id":41}}',
    );
    expect(JSON.parse(String(api.callsTo('POST', '/customers/entities')[0]?.body))).toEqual({
      kind: 'business',
      name: 'Panadería Sol SRL',
      document_number: CUIT,
      tax_condition: 'consumidor_final',
    });
  });

  it('validates the document with the shared schema and shows the API reason on its field', async () => {
    mockApi({
      'POST /customers/entities': {
        status: 422,
        body: {
          message: 'Revisá los datos.',
          validations: { document_number: ['Ya tenés una entidad con ese documento.'] },
          error_code: 'validation_failed',
        },
      },
    });
    const user = userEvent.setup();
    renderSearch();

    await user.click(await screen.findByRole('button', { name: 'Agregar persona o empresa' }));
    await user.type(screen.getByLabelText('Nombre y apellido'), 'Lucía Pérez');
    await user.type(screen.getByLabelText('DNI'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Guardar y elegir' }));
    expect(await screen.findByText('El DNI debe tener 7 u 8 números.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('DNI'));
    await user.type(screen.getByLabelText('DNI'), '27.456.789');
    await user.click(screen.getByRole('button', { name: 'Guardar y elegir' }));
    expect(await screen.findByText('Ya tenés una entidad con ese documento.')).toBeInTheDocument();
    expect(screen.getByLabelText('DNI')).toHaveValue('27.456.789');
  });

  it('only goes back to paths of this app', () => {
    expect(safeReturnPath('/contract-insurance/12')).toBe('/contract-insurance/12');
    expect(safeReturnPath('//evil.example/phish')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
