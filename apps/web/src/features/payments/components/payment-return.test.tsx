import { FAILING_PAYMENT_STATUSES, type InsuranceDetail } from '@cubierto/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RouteObject, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { insuranceOf } from '../../../../test/catalog-fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { decidePaymentReturn } from './payment-return.ts';
import { PaymentReturnWatcher } from './payment-return-watcher.tsx';

const FAILED = 'No se pudo realizar el pago';
const APPROVED = 'El pago se realizó correctamente';
const NOT_PAID = 'Tu contratación aún no está paga';

function Where() {
  const location = useLocation();
  const returned = (location.state as { returnedPayment?: unknown } | null)?.returnedPayment;
  return (
    <>
      <output aria-label="ubicación">{`${location.pathname}${location.search}`}</output>
      <output aria-label="pago devuelto">{returned ? JSON.stringify(returned) : ''}</output>
    </>
  );
}

let sequence = 0;
/** A fresh reference per test: the watcher handles each return only once. */
const newRef = () => `ref-test-${Date.now()}-${++sequence}`;

/**
 * Lands on /tabs with the return's query string. The insurance 5 is read as `insurance` (unpaid, from the
 * process 14, by default); the payment by its reference as `serverStatus` when given.
 */
function land(query: string, serverStatus?: string, insurance: Partial<InsuranceDetail> = {}) {
  const api = mockApi({
    'GET /customers/insurances/5': { body: { data: insuranceOf({ id: 5, process_id: 14, ...insurance }) } },
    ...(serverStatus
      ? {
          [`GET /customers/payments/by-reference/${new URLSearchParams(query).get('external_reference')}`]: {
            body: {
              data: {
                id: 1,
                purpose: 'insurance',
                insurance_id: 5,
                method: 'mercadopago',
                amount_cents: 100,
                amount_nice: '$ 1,00',
                status: serverStatus,
                external_reference: 'x',
                approved_at: null,
                created_at: '2026-11-20T12:00:00.000Z',
              },
            },
          },
        }
      : {}),
  });
  const routes: RouteObject[] = [
    {
      element: (
        <>
          <PaymentReturnWatcher />
          <Where />
        </>
      ),
      children: [{ path: '*', element: null }],
    },
  ];
  const view = renderRoutes(routes, `/tabs?${query}`);
  const where = () => screen.getByRole('status', { name: 'ubicación' }).textContent;
  const returned = () => screen.getByRole('status', { name: 'pago devuelto' }).textContent;
  return { ...view, api, where, returned };
}

describe('payment return with an insurance (spec §4, issue 19)', () => {
  it.each([null, ...FAILING_PAYMENT_STATUSES])(
    "status %s is a failed payment: back on the contract's summary under the 'not paid yet' modal, no toast",
    async (status) => {
      const ref = newRef();
      const query = `${status ? `status=${status}&` : ''}external_reference=${ref}&insurance_id=5`;
      const { where, returned } = land(query);
      expect(await screen.findByText(NOT_PAID, {}, { timeout: 3000 })).toBeInTheDocument();
      expect(
        screen.getByText('Recordá que deberás pagar la contratación para tener cobertura.'),
      ).toBeVisible();
      await waitFor(() => expect(where()).toBe('/contract-insurance/14'));
      await waitFor(() =>
        expect(JSON.parse(returned() || 'null')).toEqual({ outcome: 'failing', method: null }),
      );
      expect(screen.queryByText(FAILED)).not.toBeInTheDocument();
    },
  );

  it('a rejection the server knows names the method that failed, for the summary to offer another', async () => {
    const { returned } = land(`status=rejected&external_reference=${newRef()}&insurance_id=5`, 'rejected');
    expect(await screen.findByText(NOT_PAID, {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(returned() || 'null')).toEqual({ outcome: 'failing', method: 'mercadopago' }),
    );
  });

  it("status pending: the summary under the 'not paid yet' modal, the payment said pending; 'Más tarde' leaves", async () => {
    const { where, returned } = land(
      `status=pending&external_reference=${newRef()}&insurance_id=5`,
      'pending',
    );
    const modal = await screen.findByRole('dialog', { name: NOT_PAID }, { timeout: 3000 });
    await waitFor(() => expect(where()).toBe('/contract-insurance/14'));
    await waitFor(() =>
      expect(JSON.parse(returned() || 'null')).toEqual({ outcome: 'pending', method: 'mercadopago' }),
    );
    expect(screen.queryByText('El pago quedó en estado pendiente')).not.toBeInTheDocument();
    await userEvent.setup().click(within(modal).getByRole('button', { name: 'Más tarde' }));
    await waitFor(() => expect(where()).toBe('/customers/insurances/5'));
  });

  it("'Pagar ahora' stays on the summary", async () => {
    const { where } = land(`status=rejected&external_reference=${newRef()}&insurance_id=5`);
    const modal = await screen.findByRole('dialog', { name: NOT_PAID }, { timeout: 3000 });
    await userEvent.setup().click(within(modal).getByRole('button', { name: 'Pagar ahora' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(where()).toBe('/contract-insurance/14'));
  });

  it('an insurance not contracted through the flow (an import) is paid again on its pay page', async () => {
    const { where } = land(`status=rejected&external_reference=${newRef()}&insurance_id=5`, undefined, {
      process_id: null,
    });
    expect(await screen.findByText(NOT_PAID, {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/customers/insurances/5/pay'));
  });

  it("a failed return for an insurance paid meanwhile by another attempt goes to 'Estás cubierto'", async () => {
    const { where } = land(`status=rejected&external_reference=${newRef()}&insurance_id=5`, undefined, {
      status: 'vigente',
      status_label: 'Vigente',
      paid_at: '2026-11-20T12:00:00.000Z',
    });
    await waitFor(() => expect(where()).toBe('/customers/insurances/5/cubierto'), { timeout: 3000 });
    expect(screen.queryByText(NOT_PAID)).not.toBeInTheDocument();
  });

  it.each(['approved', 'success'])(
    "status %s, confirmed by the server: 'Estás cubierto', no toast, no poll in front",
    async (status) => {
      const { where, api } = land(
        `status=${status}&external_reference=${newRef()}&insurance_id=5`,
        'approved',
      );
      await waitFor(() => expect(where()).toBe('/customers/insurances/5/cubierto'), { timeout: 3000 });
      expect(api.requests.some((r) => r.path.startsWith('/customers/payments/by-reference/'))).toBe(true);
      expect(api.requests.some((r) => r.path.includes('poll'))).toBe(false);
      expect(screen.queryByText(APPROVED)).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('custom_status is used when status is absent', async () => {
    const { returned } = land(`custom_status=pending&external_reference=${newRef()}&insurance_id=5`);
    expect(await screen.findByText(NOT_PAID, {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(returned() || 'null')).toMatchObject({ outcome: 'pending' }));
  });

  it('an approved link the server does not confirm yet is shown as pending, never as paid', async () => {
    const { where, returned } = land(
      `status=approved&external_reference=${newRef()}&insurance_id=5`,
      'pending',
    );
    expect(await screen.findByText(NOT_PAID, {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(where()).toBe('/contract-insurance/14'));
    await waitFor(() => expect(JSON.parse(returned() || 'null')).toMatchObject({ outcome: 'pending' }));
  });
});

describe('payment return of a wallet top-up (spec §4)', () => {
  it('a money transfer goes on to Mi dinero', async () => {
    const { where } = land(
      `status=success&external_reference=${newRef()}&mercado_pago_transfer=true`,
      'approved',
    );
    await waitFor(() => expect(where()).toBe('/customers/money-wallet'), { timeout: 3000 });
    expect(await screen.findByText(APPROVED)).toBeInTheDocument();
  });

  it('a credit top-up goes on to Mi crédito', async () => {
    const { where } = land(`status=success&external_reference=${newRef()}&credit_wallet=true`, 'approved');
    await waitFor(() => expect(where()).toBe('/customers/credit-wallet'), { timeout: 3000 });
  });

  it('a page without return parameters is left alone', () => {
    expect(decidePaymentReturn(new URLSearchParams('tab=home'))).toBeNull();
  });

  it("a signed-in customer's return drops code, state and access_token from the address and signs nobody in", async () => {
    const { where, api } = land(
      `code=c0de&state=someone&access_token=another-persons-token&tab=home&insurance_id=7&status=approved&external_reference=${newRef()}`,
      'approved',
    );
    await waitFor(() => expect(where()).toBe('/customers/insurances/7/cubierto'), { timeout: 3000 });
    // The token in the link was never sent anywhere: no request carries it.
    for (const request of api.requests) {
      expect(request.url).not.toContain('another-persons-token');
      expect(request.headers.get('Authorization') ?? '').not.toContain('another-persons-token');
    }
  });

  it('a provider answer alone on /tabs only leaves the address', async () => {
    expect(decidePaymentReturn(new URLSearchParams('code=c&state=s'))).toBeNull();
    const { where } = land('code=c0de&state=someone&tab=home');
    await waitFor(() => expect(where()).toBe('/tabs?tab=home'));
  });
});
