import type { InsuranceProcess, Payment } from '@cubierto/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigRoute, mockApi } from '../../../../test/api-mock.ts';
import { insuranceOf } from '../../../../test/catalog-fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { ContractPage } from '../pages/contract-page.tsx';
import { processOf } from '../testing/process-fixture.ts';
import { QuoteStep } from './quote-step.tsx';

const premium = {
  net_cents: 1_080_000,
  surcharges_cents: 54_000,
  taxes_cents: 238_140,
  total_cents: 1_372_140,
  net_nice: '$ 10.800,00',
  surcharges_nice: '$ 540,00',
  taxes_nice: '$ 2.381,40',
  total_nice: '$ 13.721,40',
};
const answered = processOf('bag', {
  next_step: 'quote',
  answers: {
    dates: { start_date: '2026-12-01', end_date: '2027-02-28' },
    risk: { description: 'Mochila negra' },
    taker: { taker_entity_id: 7, billing_entity_id: 7 },
  },
});
const insurance = insuranceOf({ id: 21, process_id: answered.id, premium });
const wallet = (kind: 'money' | 'credit', cents: number) => ({
  body: {
    data: {
      id: kind === 'money' ? 3 : 4,
      kind,
      name: kind === 'money' ? 'Mi dinero' : 'Mi crédito',
      balance_cents: cents,
      balance_nice: `$ ${cents / 100}`,
    },
  },
});
const paymentOf = (overrides: Partial<Payment>): Payment => ({
  id: 1,
  purpose: 'insurance',
  insurance_id: 21,
  method: 'money_wallet',
  amount_cents: premium.total_cents,
  amount_nice: premium.total_nice,
  status: 'approved',
  external_reference: 'ref-1234567890',
  approved_at: '2026-11-20T12:00:00.000Z',
  created_at: '2026-11-20T12:00:00.000Z',
  ...overrides,
});
const confirmPath = `/customers/insurance-processes/${answered.id}/confirm`;

function routesFor(element: React.ReactNode, path: string) {
  return [
    {
      path,
      element: <QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>,
    },
    { path: '/customers/insurances/:id/cubierto', element: <p>Pantalla Estás cubierto</p> },
    { path: '/customers/money-wallet', element: <p>Página de Mi dinero</p> },
  ];
}

function renderSummary(process: InsuranceProcess = answered) {
  return renderRoutes(
    routesFor(<QuoteStep process={process} onEdit={() => {}} onBack={() => {}} />, '/resumen'),
    '/resumen',
  );
}

const baseRoutes = (moneyCents: number) => ({
  ...appConfigRoute,
  [`POST /customers/insurance-processes/${answered.id}/quote`]: {
    status: 201,
    body: { data: { id: 77, process_id: answered.id, premium, expires_at: '2026-11-20T13:00:00.000Z' } },
  },
  'GET /customers/money-wallet': wallet('money', moneyCents),
  'GET /customers/credit-wallet': wallet('credit', 0),
});

afterEach(() => vi.unstubAllGlobals());

describe("the summary's 'Confirmar y pagar' (issue 19)", () => {
  it('with enough in Mi dinero, one tap confirms, pays from Mi dinero and lands on Estás cubierto', async () => {
    const api = mockApi({
      ...baseRoutes(premium.total_cents),
      [`POST ${confirmPath}`]: { status: 201, body: { data: insurance } },
      'POST /customers/payments': {
        status: 201,
        body: { data: { payment: paymentOf({}), checkout_url: null } },
      },
    });
    renderSummary();
    expect(await screen.findByRole('radio', { name: /Mi dinero/ })).toBeChecked();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: `Confirmar y pagar ${premium.total_nice}` }));

    expect(await screen.findByText('Pantalla Estás cubierto')).toBeInTheDocument();
    const [confirmed] = api.callsTo('POST', confirmPath);
    expect(JSON.parse(String(confirmed?.body))).toEqual({ quote_id: 77 });
    const [paid] = api.callsTo('POST', '/customers/payments');
    expect(JSON.parse(String(paid?.body))).toEqual({ insurance_id: 21, method: 'money_wallet' });
    expect(paid?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with $ 0 in Mi dinero the first checkout is chosen, said under the button before leaving for it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({
      ...baseRoutes(0),
      [`POST ${confirmPath}`]: { status: 201, body: { data: insurance } },
      'POST /customers/payments': {
        status: 201,
        body: {
          data: {
            payment: paymentOf({ method: 'sandbox', status: 'pending', approved_at: null }),
            checkout_url: 'https://checkout.example/pay/1',
          },
        },
      },
    });
    renderSummary();
    expect(await screen.findByRole('radio', { name: /Pago de prueba/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Mi dinero/ })).not.toBeChecked();
    const user = userEvent.setup();
    // The web says 'Aviso de redireccionamiento' under the button; pressing it leaves (decision 026).
    expect(
      screen.getByText('Estás por salir de la app: vas a pagar en la página de Pago de prueba.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: `Confirmar y pagar ${premium.total_nice}` }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/1'));
  });

  it('a short balance is said beside the button; another method pays the insurance already issued', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const message = 'Saldo insuficiente: te faltan $ 13.721,40.';
    let attempt = 0;
    const api = mockApi({
      ...baseRoutes(0),
      [`POST ${confirmPath}`]: { status: 201, body: { data: insurance } },
      'POST /customers/payments': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 409, body: { message, error_code: 'insufficient_funds' } }
          : {
              status: 201,
              body: {
                data: {
                  payment: paymentOf({ method: 'sandbox', status: 'pending', approved_at: null }),
                  checkout_url: 'https://checkout.example/pay/2',
                },
              },
            };
      },
    });
    renderSummary();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Mi dinero/ }));
    const button = screen.getByRole('button', { name: `Confirmar y pagar ${premium.total_nice}` });
    await user.click(button);

    expect(await screen.findByText('No te alcanza el saldo')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/Código/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar dinero en Mi dinero' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Pago de prueba/ }));
    expect(screen.queryByText('No te alcanza el saldo')).not.toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/2'));
    // Issued once; each attempt had its own key.
    expect(api.callsTo('POST', confirmPath)).toHaveLength(1);
    const keys = api.callsTo('POST', '/customers/payments').map((r) => r.headers.get('Idempotency-Key'));
    expect(new Set(keys).size).toBe(2);
  });

  it('a pay request that got no answer is retried with the same key, so it cannot pay twice', async () => {
    let attempt = 0;
    const api = mockApi({
      ...baseRoutes(premium.total_cents),
      [`POST ${confirmPath}`]: { status: 201, body: { data: insurance } },
      'POST /customers/payments': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return { status: 201, body: { data: { payment: paymentOf({}), checkout_url: null } } };
      },
    });
    renderSummary();
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: /Mi dinero/ })).toBeChecked();
    const button = screen.getByRole('button', { name: `Confirmar y pagar ${premium.total_nice}` });
    await user.click(button);
    await waitFor(() => expect(api.callsTo('POST', '/customers/payments')).toHaveLength(1));
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    expect(await screen.findByText('Pantalla Estás cubierto')).toBeInTheDocument();
    const keys = api.callsTo('POST', '/customers/payments').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("a price that changed is said beside the button, from the API's message", async () => {
    mockApi({
      ...baseRoutes(premium.total_cents),
      [`POST ${confirmPath}`]: {
        status: 409,
        body: { message: 'El precio cambió: revisalo y confirmá de nuevo.', error_code: 'quote_expired' },
      },
    });
    renderSummary();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: `Confirmar y pagar ${premium.total_nice}` }));
    expect(await screen.findByText('No pudimos confirmar la contratación')).toBeInTheDocument();
    expect(screen.getByText('El precio cambió: revisalo y confirmá de nuevo.')).toBeInTheDocument();
  });
});

describe('a confirmed process whose insurance is unpaid (issue 19)', () => {
  it("shows its summary again to pay it, with 'Pagar $ X' and no 'Editar'", async () => {
    const issued = { ...answered, status: 'completed' as const, insurance_id: 21 };
    mockApi({
      ...baseRoutes(0),
      [`GET /customers/insurance-processes/${answered.id}`]: { body: { data: issued } },
      'GET /customers/insurances/21': { body: { data: insurance } },
    });
    renderRoutes(
      routesFor(<ContractPage />, '/contract-insurance/:processId'),
      `/contract-insurance/${answered.id}`,
    );
    expect(await screen.findByRole('button', { name: `Pagar ${premium.total_nice}` })).toBeInTheDocument();
    expect(screen.getByText(/está confirmada, pero aún no está paga/)).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Pago de prueba/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument();
  });

  it('paid already, it says the contract was confirmed and leads to the insurance', async () => {
    const issued = { ...answered, status: 'completed' as const, insurance_id: 21 };
    mockApi({
      ...baseRoutes(0),
      [`GET /customers/insurance-processes/${answered.id}`]: { body: { data: issued } },
      'GET /customers/insurances/21': {
        body: { data: { ...insurance, status: 'vigente', paid_at: '2026-11-20T12:00:00.000Z' } },
      },
    });
    renderRoutes(
      routesFor(<ContractPage />, '/contract-insurance/:processId'),
      `/contract-insurance/${answered.id}`,
    );
    expect(await screen.findByText('Contratación confirmada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver la contratación' })).toHaveAttribute(
      'href',
      '/customers/insurances/21',
    );
  });
});
