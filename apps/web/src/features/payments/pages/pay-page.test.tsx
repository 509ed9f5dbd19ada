import type { Payment } from '@cubierto/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigRoute, mockApi } from '../../../../test/api-mock.ts';
import { insuranceOf } from '../../../../test/catalog-fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { PayPage } from './pay-page.tsx';

const insurance = insuranceOf({ id: 21, status: 'pendiente', status_label: 'Pendiente de pago' });
const wallet = (id: number, cents: number, nice: string, name: string) => ({
  body: {
    data: {
      id,
      kind: name === 'Mi dinero' ? 'money' : 'credit',
      name,
      balance_cents: cents,
      balance_nice: nice,
    },
  },
});

const paymentOf = (overrides: Partial<Payment>): Payment => ({
  id: 1,
  purpose: 'insurance',
  insurance_id: 21,
  method: 'money_wallet',
  amount_cents: insurance.premium.total_cents,
  amount_nice: insurance.premium.total_nice,
  status: 'pending',
  external_reference: 'ref-1',
  approved_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

function renderPay() {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [
        { path: '/customers/insurances/:id/pay', element: <PayPage /> },
        { path: '/customers/insurances/:id/cubierto', element: <p>Pantalla Estás cubierto</p> },
        { path: '/customers/insurances/:id', element: <p>Detalle de la contratación</p> },
        { path: '/customers/money-wallet', element: <p>Página de Mi dinero</p> },
      ],
    },
  ];
  return renderRoutes(routes, '/customers/insurances/21/pay');
}

// The apps open a checkout in the system browser (@capacitor/browser).
const browserOpen = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('@capacitor/browser', () => ({ Browser: { open: browserOpen } }));

afterEach(() => {
  vi.unstubAllGlobals();
  browserOpen.mockClear();
});

describe('pay page', () => {
  it("on the web 'Aviso de redireccionamiento' is said under the button for the checkout chosen, and the button goes straight to it", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      ...appConfigRoute,
      'GET /customers/insurances/21': { body: { data: insurance } },
      'GET /customers/money-wallet': wallet(3, insurance.premium.total_cents, '$ 13.721,40', 'Mi dinero'),
      'GET /customers/credit-wallet': wallet(4, 0, '$ 0,00', 'Mi crédito'),
      'POST /customers/payments': {
        status: 201,
        body: {
          data: {
            payment: paymentOf({ id: 9, method: 'sandbox', status: 'pending', external_reference: 'ref-9' }),
            checkout_url: 'https://checkout.example/pay/9',
          },
        },
      },
    });
    renderPay();
    const user = userEvent.setup();
    // Mi dinero pays inside the app: nothing is said about leaving it.
    expect(await screen.findByRole('radio', { name: /Mi dinero/ })).toBeChecked();
    const pay = screen.getByRole('button', { name: `Pagar ${insurance.premium.total_nice}` });
    expect(screen.queryByText(/Estás por salir de la app/)).not.toBeInTheDocument();
    expect(pay).not.toHaveAccessibleDescription(/salir de la app/);

    // A checkout chosen: said under the button, naming it, and read with the button.
    await user.click(screen.getByRole('radio', { name: /Pago de prueba/ }));
    const notice = 'Estás por salir de la app: vas a pagar en la página de Pago de prueba.';
    expect(screen.getByText(notice)).toBeVisible();
    expect(pay).toHaveAccessibleDescription(notice);
    await user.click(screen.getByRole('radio', { name: /Mi crédito/ }));
    expect(screen.queryByText(/Estás por salir de la app/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Pago de prueba/ }));

    // Pressed: no modal, straight to the checkout.
    await user.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/9'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/customers/payments')).toHaveLength(1);
  });

  it("in the Android and iOS apps a checkout asks 'Aviso de redireccionamiento' in the modal: Cancelar creates nothing, Continuar opens the system browser", async () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'android' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      ...appConfigRoute,
      'GET /customers/insurances/21': { body: { data: insurance } },
      'GET /customers/money-wallet': wallet(3, 0, '$ 0,00', 'Mi dinero'),
      'GET /customers/credit-wallet': wallet(4, 0, '$ 0,00', 'Mi crédito'),
      'POST /customers/payments': {
        status: 201,
        body: {
          data: {
            payment: paymentOf({ id: 9, method: 'sandbox', status: 'pending', external_reference: 'ref-9' }),
            checkout_url: 'https://checkout.example/pay/9',
          },
        },
      },
    });
    renderPay();
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: /Pago de prueba/ })).toBeChecked();
    const pay = screen.getByRole('button', { name: `Pagar ${insurance.premium.total_nice}` });
    // Nothing beside the button: the modal says it.
    expect(screen.queryByText(/Estás por salir de la app/)).not.toBeInTheDocument();

    await user.click(pay);
    const notice = await screen.findByRole('dialog', { name: 'Aviso de redireccionamiento' });
    expect(notice).toHaveTextContent('Estás por salir de la app.');
    await user.click(within(notice).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/customers/payments')).toHaveLength(0);

    await user.click(pay);
    const again = await screen.findByRole('dialog', { name: 'Aviso de redireccionamiento' });
    await user.click(within(again).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(browserOpen).toHaveBeenCalledWith({ url: 'https://checkout.example/pay/9' }));
    expect(api.callsTo('POST', '/customers/payments')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('chooses Mi dinero beforehand only when its balance covers the premium, else the first checkout', async () => {
    mockApi({
      ...appConfigRoute,
      'GET /customers/insurances/21': { body: { data: insurance } },
      'GET /customers/money-wallet': wallet(
        3,
        insurance.premium.total_cents,
        insurance.premium.total_nice,
        'Mi dinero',
      ),
      'GET /customers/credit-wallet': wallet(4, 0, '$ 0,00', 'Mi crédito'),
    });
    const first = renderPay();
    expect(await screen.findByRole('radio', { name: /Mi dinero/ })).toBeChecked();
    first.unmount();

    mockApi({
      ...appConfigRoute,
      'GET /customers/insurances/21': { body: { data: insurance } },
      'GET /customers/money-wallet': wallet(3, insurance.premium.total_cents - 1, '$ 13.721,39', 'Mi dinero'),
      'GET /customers/credit-wallet': wallet(4, 9_999_900, '$ 99.999,00', 'Mi crédito'),
    });
    renderPay();
    expect(await screen.findByRole('radio', { name: /Pago de prueba/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Mi dinero/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Mi crédito/ })).not.toBeChecked();
  });

  it('with too little in Mi dinero says so beside the button, without a toast or a code, with a way to add money', async () => {
    const message = `Saldo insuficiente: te faltan ${insurance.premium.total_nice}.`;
    const api = mockApi({
      ...appConfigRoute,
      'GET /customers/insurances/21': { body: { data: insurance } },
      'GET /customers/money-wallet': wallet(3, 0, '$ 0,00', 'Mi dinero'),
      'GET /customers/credit-wallet': wallet(4, 0, '$ 0,00', 'Mi crédito'),
      'POST /customers/payments': {
        status: 409,
        body: { message, validations: { amount_cents: [message] }, error_code: 'insufficient_funds' },
      },
    });
    renderPay();

    expect(await screen.findByText(insurance.premium.total_nice)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Saldo disponible: $ 0,00')).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Mi dinero/ }));
    await user.click(screen.getByRole('button', { name: `Pagar ${insurance.premium.total_nice}` }));

    expect(await screen.findByText('No te alcanza el saldo')).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(/Código/)).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Pagar ${insurance.premium.total_nice}` }),
    ).toHaveAccessibleDescription(/No te alcanza el saldo/);
    const [request] = api.callsTo('POST', '/customers/payments');
    expect(JSON.parse(String(request?.body))).toEqual({ insurance_id: 21, method: 'money_wallet' });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole('link', { name: 'Ingresar dinero en Mi dinero' }));
    expect(await screen.findByText('Página de Mi dinero')).toBeInTheDocument();
  });

  it('an unexpected refusal (nothing left to pay) goes to the central handler and offers no money', async () => {
    const message = 'Esta contratación no tiene un pago pendiente.';
    mockApi({
      ...appConfigRoute,
      'GET /customers/insurances/21': { body: { data: insurance } },
      'GET /customers/money-wallet': wallet(3, 0, '$ 0,00', 'Mi dinero'),
      'GET /customers/credit-wallet': wallet(4, 0, '$ 0,00', 'Mi crédito'),
      'POST /customers/payments': { status: 409, body: { message, error_code: 'payment_not_pending' } },
    });
    renderPay();

    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Mi dinero/ }));
    await user.click(screen.getByRole('button', { name: `Pagar ${insurance.premium.total_nice}` }));

    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Ingresar dinero en Mi dinero' })).not.toBeInTheDocument();
  });

  it('a pendiente already paid (it has not started yet) offers nothing to pay', async () => {
    const paid = insuranceOf({
      id: 21,
      status: 'pendiente',
      status_label: 'Pagada, aún no comenzó',
      paid_at: '2026-11-20T12:00:00.000Z',
    });
    mockApi({
      ...appConfigRoute,
      'GET /customers/insurances/21': { body: { data: paid } },
      'GET /customers/money-wallet': wallet(3, 0, '$ 0,00', 'Mi dinero'),
      'GET /customers/credit-wallet': wallet(4, 0, '$ 0,00', 'Mi crédito'),
    });
    renderPay();

    expect(await screen.findByText('No hay nada para pagar')).toBeInTheDocument();
    expect(screen.getByText('Esta contratación está Pagada, aún no comenzó.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pagar/ })).not.toBeInTheDocument();
  });

  it("paid from Mi crédito: straight to 'Estás cubierto', no toast, no modal", async () => {
    let paid = false;
    mockApi({
      ...appConfigRoute,
      'GET /customers/insurances/21': () => ({
        body: {
          data: paid
            ? {
                ...insurance,
                status: 'vigente',
                status_label: 'Vigente',
                paid_at: '2026-11-20T12:00:00.000Z',
              }
            : insurance,
        },
      }),
      'GET /customers/money-wallet': wallet(3, 0, '$ 0,00', 'Mi dinero'),
      'GET /customers/credit-wallet': wallet(4, 9_999_900, '$ 99.999,00', 'Mi crédito'),
      'POST /customers/payments': () => {
        paid = true;
        return {
          status: 201,
          body: {
            data: {
              payment: paymentOf({
                id: 1,
                method: 'credit_wallet',
                status: 'approved',
                external_reference: 'ref-1234567890',
                approved_at: '2026-11-20T12:00:00.000Z',
              }),
              checkout_url: null,
            },
          },
        };
      },
    });
    renderPay();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Mi crédito/ }));
    await user.click(screen.getByRole('button', { name: `Pagar ${insurance.premium.total_nice}` }));

    expect(await screen.findByText('Pantalla Estás cubierto')).toBeInTheDocument();
    expect(screen.queryByText('El pago se realizó correctamente')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
