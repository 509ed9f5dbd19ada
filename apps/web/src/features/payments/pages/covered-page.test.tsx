import type { InsuranceDetail } from '@cubierto/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appConfigRoute, mockApi } from '../../../../test/api-mock.ts';
import { insuranceOf } from '../../../../test/catalog-fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { CoveredPage } from './covered-page.tsx';

function Poll({ insuranceId }: { insuranceId: number }) {
  return <p>Encuesta de la contratación {insuranceId}</p>;
}

function renderCovered(insurance: InsuranceDetail) {
  mockApi({ ...appConfigRoute, 'GET /customers/insurances/21': { body: { data: insurance } } });
  return renderRoutes(
    [
      {
        path: '/customers/insurances/:id/cubierto',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <CoveredPage Poll={Poll} />
          </QueryClientProvider>
        ),
      },
      { path: '/customers/insurances/:id', element: <p>Detalle de la contratación</p> },
    ],
    '/customers/insurances/21/cubierto',
  );
}

describe("'Estás cubierto' (issue 19)", () => {
  it('in force: says so with the insurance, the period and the amount, the certificate first, the poll below', async () => {
    renderCovered(
      insuranceOf({
        id: 21,
        status: 'vigente',
        status_label: 'Vigente',
        paid_at: '2025-11-01T12:00:00.000Z',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Estás cubierto' })).toBeInTheDocument();
    expect(screen.getByText(/^Celular · /)).toBeInTheDocument();
    expect(screen.getByText('$ 13.721,40')).toBeInTheDocument();
    expect(screen.getByText(/^Del .* al /)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button').concat(screen.getAllByRole('link'));
    expect(buttons[0]).toHaveAccessibleName('Descargar constancia');
    expect(screen.getByRole('link', { name: 'Ver mi seguro' })).toHaveAttribute(
      'href',
      '/customers/insurances/21',
    );
    expect(screen.getByText('Encuesta de la contratación 21')).toBeInTheDocument();
  });

  it('paid before its start: "Tu cobertura empieza el …", no download until then', async () => {
    renderCovered(
      insuranceOf({
        id: 21,
        status: 'pendiente',
        status_label: 'Pagada, aún no comenzó',
        paid_at: '2025-10-25T12:00:00.000Z',
        starts_on: '2025-11-01',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Tu cobertura empieza el 1.*noviembre/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar constancia' })).not.toBeInTheDocument();
    expect(screen.getByText(/vas a poder descargar tu constancia de cobertura/)).toBeInTheDocument();
  });

  it('not paid: its own page says where it stands', async () => {
    renderCovered(insuranceOf({ id: 21, status: 'pendiente', paid_at: null }));
    expect(await screen.findByText('Detalle de la contratación')).toBeInTheDocument();
  });
});
