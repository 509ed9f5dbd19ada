import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { coverageOf, insuranceOf, pageMeta } from '../../../../test/catalog-fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { InsuranceDetailPage } from './insurance-detail-page.tsx';
import { InsurancesPage } from './insurances-page.tsx';

function renderPage(path: string, client = createQueryClient()) {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={client}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [
        { path: '/customers/insurances', Component: InsurancesPage },
        { path: '/customers/insurance-processes', Component: InsurancesPage },
        { path: '/customers/insurances/:id', Component: InsuranceDetailPage },
        { path: '/contract-insurance/:processId', element: <p>Contratación en curso</p> },
      ],
    },
  ];
  return renderRoutes(routes, path);
}

const bag = insuranceOf({
  id: 22,
  number: 'CUB-2025-0000022',
  status: 'vigente',
  status_label: 'Vigente',
  risk_type: { short_code: 'bag', name: 'Bolso protegido', plural: 'Bolsos protegidos' },
  coverage: coverageOf({ public_name: 'Bolso básico', risk_type: { short_code: 'bag' }, description: {} }),
  cancels_on: '2025-11-02',
});

const groups = [
  {
    risk_type: { short_code: 'cell-phone', name: 'Celular', plural: 'Celulares' },
    count: 2,
    scheduled_cancellations: 0,
    label: '2 Celulares',
  },
  {
    risk_type: { short_code: 'bag', name: 'Bolso protegido', plural: 'Bolsos protegidos' },
    count: 1,
    scheduled_cancellations: 1,
    label: 'baja programada',
  },
];

describe('Mis contrataciones', () => {
  it('groups insurances by risk type with the group labels and shows each status with the spec’s label', async () => {
    mockApi({
      'GET /customers/insurances/groups': { body: { data: groups } },
      'GET /customers/insurances': {
        body: {
          data: [insuranceOf(), insuranceOf({ id: 23, number: 'CUB-2025-0000023' }), bag],
          meta: pageMeta(3),
        },
      },
    });
    renderPage('/customers/insurances');

    const phones = await screen.findByRole('region', { name: 'Celular' });
    expect(within(phones).getByText('2 Celulares')).toBeInTheDocument();
    expect(within(phones).getAllByText('Pendiente de pago')).toHaveLength(2);
    expect(within(phones).getAllByRole('link')[0]).toHaveAttribute('href', '/customers/insurances/21');

    const bags = screen.getByRole('region', { name: 'Bolso protegido' });
    expect(within(bags).getByText('baja programada')).toBeInTheDocument();
    expect(within(bags).getByText('Vigente')).toBeInTheDocument();
    expect(within(bags).getByText('Baja programada')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Celular · 2 Celulares' })).toBeInTheDocument();
  });

  it('asks for one status when a status chip is chosen, and pages through the list', async () => {
    const api = mockApi({
      'GET /customers/insurances/groups': { body: { data: groups } },
      'GET /customers/insurances': { body: { data: [insuranceOf()], meta: pageMeta(12) } },
    });
    const user = userEvent.setup();
    const view = renderPage('/customers/insurances');

    await screen.findByRole('region', { name: 'Celular' });
    for (const label of [
      'Todas',
      'Pendiente de pago',
      'Vigente',
      'Finalizado',
      'Cancelado',
      'Anulado',
      'Inválido',
    ])
      expect(screen.getByRole('radio', { name: label })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Vigente' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/customers/insurances').at(-1)?.url).toContain(
        'filter%5Bstatus%5D%5Beq%5D=vigente',
      ),
    );
    expect(view.router.state.location.search).toBe('?estado=vigente');

    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(api.callsTo('GET', '/customers/insurances').at(-1)?.url).toContain('page=2'));
    expect(api.callsTo('GET', '/customers/insurances').at(-1)?.url).toContain('sort_by=-created_at');
  });

  it('lists contracts in progress to resume, and discards one after confirming', async () => {
    const process = {
      id: 31,
      status: 'in_progress',
      risk_type: { short_code: 'cell-phone', name: 'Celular' },
      coverage: coverageOf(),
      policy: { id: 1, name: 'Celular Protegido', special_clauses: null },
      steps: ['risk', 'photos', 'dates', 'taker'],
      answers: { risk: {} },
      next_step: 'photos',
      insurance_id: null,
      created_at: '2025-10-20T12:00:00.000Z',
      updated_at: '2025-10-21T12:00:00.000Z',
    };
    let discarded = false;
    const api = mockApi({
      'GET /customers/insurance-processes': () => ({ body: { data: discarded ? [] : [process] } }),
      'DELETE /customers/insurance-processes/31': () => {
        discarded = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderPage('/customers/insurance-processes');

    expect(await screen.findByText('Te falta: las fotos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'En curso' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Continuar la contratación de Celular · Robo' })).toHaveAttribute(
      'href',
      '/contract-insurance/31',
    );

    await user.click(screen.getByRole('button', { name: 'Descartar la contratación de Celular · Robo' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Descartar esta contratación?' });
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    expect(await screen.findByText('No tenés contrataciones en curso')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/customers/insurance-processes/31')).toHaveLength(1);
  });
});

describe('insurance detail', () => {
  it('shows a pending insurance: banner, insured phone, premium breakdown, parties and no certificate yet', async () => {
    mockApi({ 'GET /customers/insurances/21': { body: { data: insuranceOf() } } });
    renderPage('/customers/insurances/21');

    expect(await screen.findByRole('heading', { name: 'Celular · Robo', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Pendiente de pago');
    const insured = screen.getByRole('region', { name: 'Lo asegurado' });
    expect(within(insured).getByText('Samsung Galaxy A54')).toBeInTheDocument();
    expect(within(insured).getByText('490154203237518')).toBeInTheDocument();
    expect(within(insured).getByText('Número de serie (SN)')).toBeInTheDocument();

    const premium = screen.getByRole('region', { name: 'Premio' });
    for (const [label, value] of [
      ['Prima', '$ 10.800,00'],
      ['Recargos', '$ 540,00'],
      ['Impuestos', '$ 2.381,40'],
      ['Premio', '$ 13.721,40'],
    ])
      expect(
        within(premium).getByText(label as string, { selector: 'dt' }).nextElementSibling,
      ).toHaveTextContent(value as string);

    const parties = screen.getByRole('region', { name: 'Tomador y contratante' });
    expect(within(parties).getByText('Contratante designado')).toBeInTheDocument();
    expect(within(parties).getByText('Estudio Demo SRL')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Descargar constancia' })).toBeDisabled();
    expect(
      screen.getByText('La constancia estará disponible cuando la contratación esté vigente.'),
    ).toBeInTheDocument();
    // Dates are calendar days: 1 November stays 1 November in Argentina.
    expect(screen.getByText('1 de noviembre de 2025')).toBeInTheDocument();
  });

  it('an insurance voided (its payment reversed) does not promise a certificate once it is in force', async () => {
    mockApi({
      'GET /customers/insurances/21': {
        body: {
          data: insuranceOf({
            status: 'anulado',
            status_label: 'Anulado',
            paid_at: '2025-11-01T12:00:00.000Z',
          }),
        },
      },
    });
    renderPage('/customers/insurances/21');
    expect(await screen.findByRole('heading', { name: 'Celular · Robo', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar constancia' })).toBeDisabled();
    expect(
      screen.getByText('Esta contratación ya no tiene cobertura, así que no hay constancia para descargar.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/estará disponible cuando/)).not.toBeInTheDocument();
  });

  it('back from an approved payment (check_credits=true) reads the insurance and the balances again', async () => {
    const client = createQueryClient();
    // What the app had cached before the checkout: the insurance unpaid, Mi crédito's old balance.
    client.setQueryData(['insurances', 'detail', 21], insuranceOf());
    client.setQueryData(['wallets', 'credit'], { id: 3, balance_cents: 0 });
    const api = mockApi({
      'GET /customers/insurances/21': {
        body: { data: insuranceOf({ status: 'vigente', status_label: 'Vigente' }) },
      },
    });
    renderPage('/customers/insurances/21?check_credits=true', client);
    expect(await screen.findByRole('heading', { name: 'Celular · Robo', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(api.callsTo('GET', '/customers/insurances/21')).toHaveLength(1);
    expect(client.getQueryState(['wallets', 'credit'])?.isInvalidated).toBe(true);
  });

  it('without check_credits shows the insurance as cached, without asking again', async () => {
    const client = createQueryClient();
    client.setQueryData(['insurances', 'detail', 21], insuranceOf());
    const api = mockApi({});
    renderPage('/customers/insurances/21', client);
    expect(await screen.findByRole('alert')).toHaveTextContent('Pendiente de pago');
    expect(api.callsTo('GET', '/customers/insurances/21')).toHaveLength(0);
  });

  it("'Dar de baja' shows each way to end it with its date and refund, sends the chosen one, then says what was done", async () => {
    const inForce = insuranceOf({
      status: 'vigente',
      status_label: 'Vigente',
      paid_at: '2025-10-23T15:10:00.000Z',
    });
    const now = {
      mode: 'now',
      ends_on: '2025-11-15',
      refund_cents: 1_234_567,
      refund_nice: '$ 12.345,67',
      kept_cents: 100,
      kept_nice: '$ 1,00',
      refund_net_cents: 1_020_303,
      refund_iva_cents: 214_264,
    };
    const endOfPeriod = {
      ...now,
      mode: 'end_of_period',
      ends_on: '2026-04-30',
      refund_cents: 0,
      refund_nice: '$ 0,00',
      refund_net_cents: 0,
      refund_iva_cents: 0,
    };
    let cancelled = false;
    const api = mockApi({
      'GET /customers/insurances/21': () => ({
        body: { data: cancelled ? { ...inForce, status: 'cancelado', status_label: 'Cancelado' } : inForce },
      }),
      'GET /customers/insurances/21/cancellation-terms': {
        body: {
          data: {
            insurance_id: 21,
            today: '2025-11-15',
            paid_cents: 1_234_667,
            paid_nice: '$ 12.346,67',
            cancels_on: null,
            options: [now, endOfPeriod],
          },
        },
      },
      'POST /customers/insurances/21/cancel': () => {
        cancelled = true;
        return {
          body: { data: { ...inForce, status: 'cancelado', status_label: 'Cancelado' }, cancellation: now },
        };
      },
    });
    const user = userEvent.setup();
    renderPage('/customers/insurances/21');

    await user.click(await screen.findByRole('button', { name: 'Dar de baja' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Cuándo querés dar de baja esta contratación?',
    });
    expect(
      within(dialog).getByText(
        'La cobertura termina hoy, 15 de noviembre de 2025. Te devolvemos $ 12.345,67 en Mi dinero.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'La cobertura sigue hasta el 30 de abril de 2026 inclusive. No hay devolución.',
      ),
    ).toBeInTheDocument();
    // Nothing is chosen for the customer: confirming waits for a choice.
    expect(within(dialog).getByRole('button', { name: 'Dar de baja' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/customers/insurances/21/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Dar de baja' }));
    const again = await screen.findByRole('dialog', {
      name: '¿Cuándo querés dar de baja esta contratación?',
    });
    await user.click(within(again).getByRole('radio', { name: /Terminar hoy/ }));
    await user.click(within(again).getByRole('button', { name: 'Dar de baja' }));
    const done = await screen.findByRole('dialog', { name: 'Diste de baja la contratación' });
    expect(
      within(done).getByText(
        'Tu cobertura terminó hoy, 15 de noviembre de 2025. Ya te devolvimos $ 12.345,67 en Mi dinero.',
      ),
    ).toBeInTheDocument();
    const [post] = api.callsTo('POST', '/customers/insurances/21/cancel');
    expect(JSON.parse(String(post?.body))).toEqual({ mode: 'now' });
    await user.click(within(done).getByRole('button', { name: 'Entendido' }));
    expect(await screen.findByText('Cancelado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Dar de baja' })).not.toBeInTheDocument();
  });

  it('enables the certificate of an insurance in force and says when it is another customer’s', async () => {
    mockApi({
      'GET /customers/insurances/22': { body: { data: bag } },
      'GET /customers/insurances/99': {
        status: 404,
        body: { message: 'La contratación no existe.', error_code: 'not_found' },
      },
    });
    const first = renderPage('/customers/insurances/22');
    expect(await screen.findByRole('button', { name: 'Descargar constancia' })).toBeEnabled();
    expect(
      screen.getByText('Pediste la baja: la cobertura termina el 2 de noviembre de 2025.'),
    ).toBeInTheDocument();
    first.unmount();

    renderPage('/customers/insurances/99');
    expect(await screen.findByText('No encontramos esta contratación')).toBeInTheDocument();
  });
});
