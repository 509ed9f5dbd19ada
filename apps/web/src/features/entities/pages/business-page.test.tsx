import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { BusinessPage } from './business-page.tsx';

function renderBusiness() {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [{ path: '/business-center/business/:id', element: <BusinessPage /> }],
    },
  ];
  return renderRoutes(routes, '/business-center/business/4');
}

const invitation = { id: 9, email: 'nora@example.com', expires_at: '2026-12-01T12:00:00Z' };
const detail = (role: 'owner' | 'member', members = 1, invitations: (typeof invitation)[] = []) => ({
  id: 4,
  kind: 'business',
  name: 'Bicis del Sur SA',
  document_type: 'CUIT',
  document_number: '30712345671',
  tax_condition: 'responsable_inscripto',
  role,
  street: 'Av. Mitre',
  street_number: '750',
  locality: null,
  province: null,
  zip_code: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  members: [
    { user_id: 1, name: 'Carla Ruiz', email: 'carla@example.com', role: 'owner' },
    ...(members > 1 ? [{ user_id: 2, name: 'Pablo Díaz', email: 'pablo@example.com', role: 'member' }] : []),
  ],
  invitations,
});
const me = (id: number) => ({
  body: {
    data: {
      id,
      name: 'x',
      email: 'x@example.com',
      avatar: null,
      context_id: 1,
      created_at: '2026-11-01T00:00:00Z',
    },
  },
});

describe('a business in the business center', () => {
  it('the owner invites by e-mail; a refused e-mail is said under the field, keeping what was typed', async () => {
    const api = mockApi({
      'GET /customers/entities/4': { body: { data: detail('owner') } },
      'GET /customers/user': me(1),
      'POST /customers/entities/4/members': () =>
        api.callsTo('POST', '/customers/entities/4/members').length === 1
          ? {
              status: 422,
              body: {
                message: 'Revisá los datos ingresados.',
                validations: { email: ['Esa persona ya administra 50 entidades, el máximo.'] },
                error_code: 'validation_failed',
              },
            }
          : { status: 201, body: { data: detail('owner', 2) } },
    });
    renderBusiness();
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/Sumar a una persona por su email/);
    await user.type(email, 'lleno@example.com');
    await user.click(screen.getByRole('button', { name: 'Sumar' }));
    expect(await screen.findByText('Esa persona ya administra 50 entidades, el máximo.')).toBeInTheDocument();
    expect(email).toHaveValue('lleno@example.com');

    await user.clear(email);
    await user.type(email, 'pablo@example.com');
    await user.click(screen.getByRole('button', { name: 'Sumar' }));
    expect(await screen.findByText('Pablo Díaz')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar a Pablo Díaz' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/customers/entities/4/members')).toHaveLength(2));
    expect(await screen.findByText('Sumamos a pablo@example.com.')).toBeInTheDocument();
  });

  it('an e-mail with no account gets an invitation, listed as pending until the owner withdraws it', async () => {
    const api = mockApi({
      'GET /customers/entities/4': { body: { data: detail('owner') } },
      'GET /customers/user': me(1),
      'POST /customers/entities/4/members': { status: 201, body: { data: detail('owner', 1, [invitation]) } },
      'DELETE /customers/entities/4/invitations/9': { body: { data: detail('owner') } },
    });
    renderBusiness();
    const user = userEvent.setup();
    expect(
      await screen.findByText(/Si todavía no tiene cuenta de Cubierto, le enviamos una invitación por email/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Sumar a una persona por su email/), 'nora@example.com');
    await user.click(screen.getByRole('button', { name: 'Sumar' }));
    expect(await screen.findByText('Le enviamos una invitación a nora@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitaciones pendientes' })).toBeInTheDocument();
    expect(screen.getByText('Invitación enviada, vence el 1 de diciembre de 2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retirar la invitación a nora@example.com' }));
    expect(await screen.findByText('Retiramos la invitación a nora@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invitaciones pendientes' })).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/customers/entities/4/invitations/9')).toHaveLength(1);
  });

  it('a member sees the data read-only, cannot invite, and may only leave', async () => {
    mockApi({
      'GET /customers/entities/4': { body: { data: detail('member', 2) } },
      'GET /customers/user': me(2),
    });
    renderBusiness();
    expect(
      await screen.findByText('Solo quien administra la entidad puede cambiar estos datos.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Calle')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Sumar a una persona/)).not.toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Dejar de actuar por esta empresa' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Quitar/ })).not.toBeInTheDocument();
  });
});
