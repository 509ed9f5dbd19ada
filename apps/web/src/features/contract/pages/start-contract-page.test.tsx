import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { processOf } from '../testing/process-fixture.ts';
import { StartContractPage } from './start-contract-page.tsx';

/** As in the app (main.tsx): under StrictMode, whose development checks run every effect twice. */
function renderStart(path: string) {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/contract-insurance',
        element: (
          <QueryClientProvider client={client}>
            <StartContractPage />
          </QueryClientProvider>
        ),
      },
      { path: '/contract-insurance/:processId', element: <p>Proceso abierto</p> },
      { path: '/customers/insurance-processes', element: <p>Contrataciones en curso</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router };
}

describe('starting a contract', () => {
  it('opens one process for the coverage, even when React runs the effect twice, and goes to it', async () => {
    const api = mockApi({
      'POST /customers/insurance-processes': { status: 201, body: { data: processOf('bag', { id: 55 }) } },
    });
    const { router } = renderStart('/contract-insurance?coverage=30');
    expect(await screen.findByText('Proceso abierto')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contract-insurance/55');
    expect(api.callsTo('POST', '/customers/insurance-processes')).toHaveLength(1);
    expect(JSON.parse(String(api.callsTo('POST', '/customers/insurance-processes')[0]?.body))).toEqual({
      coverage_id: 30,
    });
  });

  it('says so when the coverage is no longer offered', async () => {
    mockApi({
      'POST /customers/insurance-processes': {
        status: 404,
        body: { message: 'La cobertura no existe o ya no está disponible.', error_code: 'not_found' },
      },
    });
    renderStart('/contract-insurance?coverage=999');
    expect(
      await screen.findByRole('heading', { name: 'Esta cobertura no está disponible' }),
    ).toBeInTheDocument();
    expect(screen.getByText('La cobertura no existe o ya no está disponible.')).toBeInTheDocument();
  });

  it('without a coverage, shows the contracts in progress', async () => {
    mockApi({});
    renderStart('/contract-insurance');
    expect(await screen.findByText('Contrataciones en curso')).toBeInTheDocument();
  });
});
