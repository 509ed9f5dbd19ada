import { FAILING_PAYMENT_STATUSES, type InsuranceDetail } from '@cubierto/contracts';
import { screen, waitFor } from '@testing-library/react';
import { type RouteObject, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { insuranceOf } from '../../../../test/catalog-fixtures.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { decidePaymentReturn } from './payment-return.ts';
import { PaymentReturnWatcher } from './payment-return-watcher.tsx';

const FAILED = 'No se pudo realizar el pago';
const PENDING = 'El pago quedó en estado pendiente';
const APPROVED = 'El pago se realizó correctamente';
const NOT_PAID = 'Tu contratación aún no está pagada';
const EXCELLENT = '¡Excelente!';

function Where() {
  const location = useLocation();
  return <output aria-label="ubicación">{`${location.pathname}${location.search}`}</output>;
}

let sequence = 0;
/** A fresh reference per test: the watcher handles each return only once. */
const newRef = () => `ref-test-${Date.now()}-${++sequence}`;

function land(query: string, serverStatus?: string, insurance?: Partial<InsuranceDetail>) {
  const runPoll = vi.fn(async () => 'skipped');
  const api = mockApi(
    serverStatus
      ? {
          ...(insurance
            ? { 'GET /customers/insurances/5': { body: { data: insuranceOf({ id: 5, ...insurance }) } } }
            : {}),
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
      : {},
  );
  const routes: RouteObject[] = [
    {
      element: (
        <>
          <PaymentReturnWatcher runPoll={runPoll} />
          <Where />
        </>
      ),
      children: [{ path: '*', element: null }],
    },
  ];
  const view = renderRoutes(routes, `/tabs?${query}`);
  const where = () => screen.getByRole('status', { name: 'ubicación' }).textContent;
  return { ...view, runPoll, api, where };
}

describe('payment return with an insurance (spec §4)', () => {
  it.each([null, ...FAILING_PAYMENT_STATUSES])(
    "status %s is a failed payment: 'not paid yet' modal and a persistent danger toast",
    async (status) => {
      const ref = newRef();
      const query = `${status ? `status=${status}&` : ''}external_reference=${ref}&insurance_id=5`;
      const { runPoll, where } = land(query);
      expect(await screen.findByText(NOT_PAID, {}, { timeout: 3000 })).toBeInTheDocument();
      expect(
        screen.getByText('Recordá que deberás pagar la contratación para tener cobertura.'),
      ).toBeVisible();
      const toast = (await screen.findByText(FAILED)).closest('[role="alert"]');
      expect(toast).toHaveAttribute('data-toast-type', 'danger');
      expect(runPoll).not.toHaveBeenCalled();
      // The query string is gone, so a reload does not repeat it.
      expect(where()).toBe('/tabs');
    },
  );

  it("status pending: 'not paid yet' modal and a warning toast", async () => {
    const { runPoll } = land(`status=pending&external_reference=${newRef()}&insurance_id=5`);
    expect(await screen.findByText(NOT_PAID, {}, { timeout: 3000 })).toBeInTheDocument();
    expect((await screen.findByText(PENDING)).closest('[role="alert"]')).toHaveAttribute(
      'data-toast-type',
      'warning',
    );
    expect(runPoll).not.toHaveBeenCalled();
  });

  it('status approved, confirmed by the server: success toast, the poll, then the insurance with check_credits', async () => {
    const { runPoll, where, api } = land(
      `status=approved&external_reference=${newRef()}&insurance_id=5`,
      'approved',
    );
    await waitFor(() => expect(where()).toBe('/customers/insurances/5?check_credits=true'), {
      timeout: 3000,
    });
    expect(runPoll).toHaveBeenCalledWith(5);
    expect(api.requests.some((r) => r.path.startsWith('/customers/payments/by-reference/'))).toBe(true);
    expect(await screen.findByText(APPROVED)).toBeInTheDocument();
    expect(screen.queryByText(NOT_PAID)).not.toBeInTheDocument();
  });

  it("status success (a wallet transfer): the poll, the insurance with status=success and '¡Excelente!'", async () => {
    const { runPoll, where } = land(
      `status=success&external_reference=${newRef()}&insurance_id=5`,
      'approved',
      { status: 'vigente', status_label: 'Vigente', paid_at: '2026-11-20T12:00:00.000Z' },
    );
    expect(await screen.findByText(EXCELLENT, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Tu contratación está paga y vigente. Ya podés descargar tu constancia de cobertura.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Descargar constancia' })).toBeEnabled();
    expect(runPoll).toHaveBeenCalledWith(5);
    await waitFor(() => expect(where()).toBe('/customers/insurances/5?status=success'));
  });

  it("'¡Excelente!' for a cover that starts later says from which day the certificate is available", async () => {
    land(`status=success&external_reference=${newRef()}&insurance_id=5`, 'approved', {
      status: 'pendiente',
      status_label: 'Pagada, aún no comenzó',
      paid_at: '2026-11-20T12:00:00.000Z',
      starts_on: '2026-12-01',
    });
    expect(await screen.findByText(EXCELLENT, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Tu contratación está paga. La cobertura empieza el 1 de diciembre de 2026, y desde ese día vas a poder descargar la constancia.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Descargar constancia' })).not.toBeInTheDocument();
  });

  it('custom_status is used when status is absent', async () => {
    land(`custom_status=pending&external_reference=${newRef()}&insurance_id=5`);
    expect(await screen.findByText(PENDING, {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('an approved link the server does not confirm yet is shown as pending, never as paid', async () => {
    const { runPoll } = land(`status=approved&external_reference=${newRef()}&insurance_id=5`, 'pending');
    expect(await screen.findByText(PENDING, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(NOT_PAID)).toBeInTheDocument();
    expect(screen.queryByText(APPROVED)).not.toBeInTheDocument();
    expect(runPoll).not.toHaveBeenCalled();
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
    const { where, runPoll, api } = land(
      `code=c0de&state=someone&access_token=another-persons-token&tab=home&insurance_id=7&status=approved&external_reference=${newRef()}`,
      'approved',
    );
    await waitFor(() => expect(where()).toBe('/customers/insurances/7?check_credits=true'), {
      timeout: 3000,
    });
    expect(runPoll).toHaveBeenCalledWith(7);
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
