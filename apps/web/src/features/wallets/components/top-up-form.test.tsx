import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigRoute, mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { TopUpForm } from './top-up-form.tsx';

function renderForm() {
  const routes: RouteObject[] = [
    {
      element: (
        <QueryClientProvider client={createQueryClient()}>
          <Outlet />
        </QueryClientProvider>
      ),
      children: [{ path: '/customers/money-wallet', element: <TopUpForm kind="money" /> }],
    },
  ];
  return renderRoutes(routes, '/customers/money-wallet');
}

const withMethods = (checkout_methods: string[]) => ({
  'GET /common/app-config': {
    body: { data: { ...appConfigRoute['GET /common/app-config'].body.data, checkout_methods } },
  },
});

// The apps open a checkout in the system browser (@capacitor/browser).
const browserOpen = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('@capacitor/browser', () => ({ Browser: { open: browserOpen } }));

afterEach(() => {
  vi.unstubAllGlobals();
  browserOpen.mockClear();
});

describe('top-up form', () => {
  it('offers the checkouts the server has configured, says under the button where the customer will pay (the web), and goes straight to it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      ...withMethods(['mercadopago', 'uala']),
      'POST /customers/money-wallet/top-ups': {
        status: 201,
        body: {
          data: {
            payment: {
              id: 1,
              purpose: 'money_top_up',
              insurance_id: null,
              method: 'uala',
              amount_cents: 250_000,
              amount_nice: '$ 2.500,00',
              status: 'pending',
              external_reference: 'ref-1',
              approved_at: null,
              created_at: '2026-11-20T12:00:00.000Z',
            },
            checkout_url: 'https://checkout.example/pay/1',
          },
        },
      },
    });
    renderForm();
    const user = userEvent.setup();

    expect(await screen.findByRole('radio', { name: 'Mercado Pago' })).toBeChecked();
    const button = screen.getByRole('button', { name: 'Continuar al pago' });
    // The checkout leaves the app: 'Aviso de redireccionamiento' is said under the button (spec §6),
    // naming the checkout chosen, and read with the button.
    const mercadoPago = 'Estás por salir de la app: vas a pagar en Mercado Pago.';
    expect(screen.getByText(mercadoPago)).toBeVisible();
    expect(button).toHaveAccessibleDescription(mercadoPago);
    await user.click(screen.getByRole('radio', { name: 'Ualá' }));
    expect(screen.queryByText(mercadoPago)).not.toBeInTheDocument();
    expect(button).toHaveAccessibleDescription('Estás por salir de la app: vas a pagar en Ualá.');
    await user.type(screen.getByLabelText('Importe'), '2500');
    await user.click(button);

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [request] = api.callsTo('POST', '/customers/money-wallet/top-ups');
    expect(JSON.parse(String(request?.body))).toEqual({ amount_cents: 250_000, method: 'uala' });
  });

  it("in the Android and iOS apps 'Aviso de redireccionamiento' is the modal: Cancelar stays in the app and starts no top-up, Continuar opens the system browser", async () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'ios' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      ...withMethods(['sandbox']),
      'POST /customers/money-wallet/top-ups': {
        status: 201,
        body: {
          data: {
            payment: {
              id: 2,
              purpose: 'money_top_up',
              insurance_id: null,
              method: 'sandbox',
              amount_cents: 100_000,
              amount_nice: '$ 1.000,00',
              status: 'pending',
              external_reference: 'ref-2',
              approved_at: null,
              created_at: '2026-11-20T12:00:00.000Z',
            },
            checkout_url: 'https://checkout.example/pay/2',
          },
        },
      },
    });
    renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Importe'), '1000');
    // Nothing under the button: the modal says it.
    expect(screen.queryByText(/Estás por salir de la app/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
    const notice = await screen.findByRole('dialog', { name: 'Aviso de redireccionamiento' });
    await user.click(within(notice).getByRole('button', { name: 'Cancelar' }));

    expect(await screen.findByRole('button', { name: 'Continuar al pago' })).toBeEnabled();
    expect(api.callsTo('POST', '/customers/money-wallet/top-ups')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
    const again = await screen.findByRole('dialog', { name: 'Aviso de redireccionamiento' });
    await user.click(within(again).getByRole('button', { name: 'Continuar' }));
    await vi.waitFor(() =>
      expect(browserOpen).toHaveBeenCalledWith({ url: 'https://checkout.example/pay/2' }),
    );
    expect(api.callsTo('POST', '/customers/money-wallet/top-ups')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('says under the amount what the API would refuse, and asks nothing before it is fixed', async () => {
    const api = mockApi(withMethods(['sandbox']));
    renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Importe'), '50');
    await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));

    expect(await screen.findByText('El mínimo es $ 100.')).toBeInTheDocument();
    expect(screen.getByLabelText('Importe')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: 'Aviso de redireccionamiento' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/customers/money-wallet/top-ups')).toHaveLength(0);
  });

  it('without any checkout configured says so and cannot be sent', async () => {
    mockApi(withMethods([]));
    renderForm();
    expect(
      await screen.findByText('Por ahora no hay medios de pago disponibles para ingresar dinero.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar al pago' })).toBeDisabled();
  });
});
