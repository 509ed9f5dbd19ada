import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { appConfigRoute, demoUser, mockApi, tokenAnswer } from '../../../../test/api-mock.ts';
import { coverageOf, pageMeta, policyOf } from '../../../../test/catalog-fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { setSessionState } from '../../../shared/session/session-store.ts';
import { RegisterPage } from '../../auth/pages/register-page.tsx';
import { PublicRiskTypePage } from '../pages/public-risk-type-page.tsx';

const moto = policyOf({
  id: 3,
  name: 'Moto Responsabilidad Civil',
  external_url: 'https://www.rutasur.example/cotizar-moto',
  risk_type: { short_code: 'motorcycle' },
  coverages: [coverageOf({ id: 5, policy_id: 3, public_name: 'Responsabilidad civil' })],
});

function renderCatalogue(path: string) {
  return renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <Outlet />
          </QueryClientProvider>
        ),
        children: [
          { path: '/productos/:riskType', Component: PublicRiskTypePage },
          { path: '/register-risk', Component: RegisterPage },
          { path: '/contract-insurance', element: <p>Empezar la contratación</p> },
        ],
      },
    ],
    path,
  );
}

describe('a risk type’s products', () => {
  it('shows each policy with its insurer and coverages; choosing one sends a visitor to register-risk', async () => {
    mockApi({
      ...appConfigRoute,
      'GET /applications/1/public-policies': { body: { data: [policyOf()], meta: pageMeta(1) } },
    });
    const user = userEvent.setup();
    const view = renderCatalogue('/productos/cell-phone');

    const section = await screen.findByRole('region', { name: 'Celular Protegido' });
    expect(within(section).getByRole('img', { name: 'Aseguradora Del Plata S.A.' })).toBeInTheDocument();
    expect(
      within(section).getByText('desde $ 3.430,35/mes por una suma asegurada de $ 150.000,00'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Contratar Robo (Celular Protegido)' }));
    expect(view.router.state.location.pathname).toBe('/register-risk');
    expect(view.router.state.location.search).toBe('?coverage=1');
  });

  it("warns with 'Aviso de redireccionamiento' before opening an insurer’s own site in a new tab", async () => {
    mockApi({
      ...appConfigRoute,
      'GET /applications/1/public-policies': { body: { data: [moto], meta: pageMeta(1) } },
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    renderCatalogue('/productos/motorcycle');

    await user.click(
      await screen.findByRole('button', {
        name: 'Ir al sitio de la aseguradora para Responsabilidad civil (Moto Responsabilidad Civil)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Aviso de redireccionamiento' });
    expect(within(dialog).getByText('Estás por salir de la app.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(open).toHaveBeenCalledWith(
      'https://www.rutasur.example/cotizar-moto',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('a signed-in customer goes from the coverage dialog straight to contracting', async () => {
    setSessionState({ status: 'authenticated' });
    mockApi({
      ...appConfigRoute,
      'GET /applications/1/public-policies': { body: { data: [policyOf()], meta: pageMeta(1) } },
    });
    const user = userEvent.setup();
    const view = renderCatalogue('/productos/cell-phone');

    await user.click(await screen.findByRole('button', { name: 'Ver detalle de Robo (Celular Protegido)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de la contratación' });
    expect(within(dialog).getByRole('region', { name: 'Inclusiones' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Contratar' }));
    expect(await screen.findByText('Empezar la contratación')).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?coverage=1');
  });
});

describe('register-risk', () => {
  it('keeps the chosen product in view and goes on to contract it after registering', async () => {
    mockApi({
      ...appConfigRoute,
      'GET /applications/1/public-policies': { body: { data: [policyOf()], meta: pageMeta(1) } },
      'POST /auth/register': { status: 201, body: tokenAnswer('tok-new') },
      'GET /auth/user': { body: { data: demoUser } },
    });
    const user = userEvent.setup();
    const view = renderCatalogue('/register-risk?coverage=1');

    const chosen = await screen.findByRole('group', { name: 'Seguro elegido' });
    expect(within(chosen).getByText('Celular · Robo')).toBeInTheDocument();
    expect(
      within(chosen).getByText(
        'Del Plata Seguros · desde $ 3.430,35/mes por una suma asegurada de $ 150.000,00',
      ),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nombre y apellido'), 'Valentina Ríos');
    await user.type(screen.getByLabelText('Email'), 'valentina@example.com');
    await user.type(screen.getByLabelText('DNI'), '33444555');
    await user.type(screen.getByLabelText('Contraseña'), 'Tornado-Azul-2025');
    await user.click(screen.getByRole('button', { name: 'Aceptar y crear cuenta' }));

    expect(await screen.findByText('Empezar la contratación')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/contract-insurance');
    expect(view.router.state.location.search).toBe('?coverage=1');
  });
});
