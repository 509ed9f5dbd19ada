import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { InvitationPage } from './invitation-page.tsx';

const TOKEN = 'a'.repeat(43);

function renderInvitation(path: string) {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [
        { path: '/business-invitation', element: <InvitationPage /> },
        { path: '/business-center/business/:id', element: <p>Página de la empresa</p> },
        { path: '/tabs', element: <p>Inicio</p> },
      ],
    },
  ];
  return renderRoutes(routes, path);
}

const business = {
  id: 4,
  kind: 'business',
  name: 'Bicis del Sur SA',
  document_type: 'CUIT',
  document_number: '30712345671',
  tax_condition: 'responsable_inscripto',
  role: 'member',
  street: null,
  street_number: null,
  locality: null,
  province: null,
  zip_code: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  members: [],
  invitations: [],
};

describe('opening a business invitation link', () => {
  it('accepts it once and opens the business, saying so', async () => {
    const api = mockApi({ 'POST /customers/entity-invitations/accept': { body: { data: business } } });
    const { router } = renderInvitation(`/business-invitation?token=${TOKEN}`);
    expect(await screen.findByText('Página de la empresa')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/business-center/business/4');
    expect(await screen.findByText('Ya actuás por Bicis del Sur SA.')).toBeInTheDocument();
    const calls = api.callsTo('POST', '/customers/entity-invitations/accept');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ token: TOKEN });
  });

  it("shows the API's reason when the link is for another account, and offers the home", async () => {
    mockApi({
      'POST /customers/entity-invitations/accept': {
        status: 403,
        body: {
          message: 'Esta invitación es para nora@example.com. Ingresá con esa cuenta para aceptarla.',
          error_code: 'forbidden',
        },
      },
    });
    renderInvitation(`/business-invitation?token=${TOKEN}`);
    expect(
      await screen.findByText(
        'Esta invitación es para nora@example.com. Ingresá con esa cuenta para aceptarla.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ir al inicio' }));
    expect(await screen.findByText('Inicio')).toBeInTheDocument();
  });

  it('offers a retry when Cubierto could not be reached', async () => {
    const api = mockApi({
      'POST /customers/entity-invitations/accept': () =>
        api.callsTo('POST', '/customers/entity-invitations/accept').length === 1
          ? { status: 502, body: { message: 'Bad gateway' } }
          : { body: { data: business } },
    });
    renderInvitation(`/business-invitation?token=${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Página de la empresa')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/customers/entity-invitations/accept')).toHaveLength(2));
  });

  it('a link without its code says so and calls nothing', async () => {
    const api = mockApi({});
    renderInvitation('/business-invitation');
    expect(
      await screen.findByText('El enlace de la invitación está incompleto. Abrilo de nuevo desde el email.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/customers/entity-invitations/accept')).toHaveLength(0);
  });
});
