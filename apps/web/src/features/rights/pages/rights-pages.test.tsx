import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { queryClient } from '../../../shared/api/query-client.ts';
import { setSessionState } from '../../../shared/session/session-store.ts';
import { WithdrawalConfirmPage } from './confirm-page.tsx';
import { BajaPage, WithdrawalPage } from './rights-page.tsx';

afterEach(() => queryClient.clear());

const saa = {
  responsible: 'Ana Gómez',
  deputy: 'Pedro Suárez',
  phone: '0800-222-7283',
  email: 'saa@ejemplo.com.ar',
  hours: 'Lunes a viernes de 9 a 18 h',
  ssn_line: 'Superintendencia de Seguros de la Nación: 0800-666-8400.',
  policy_copy: 'Pedila por e-mail.',
  claim_report: 'Denuncialo en la app.',
  updated_at: null,
};

const applied = {
  request_number: 'ARR-AB12-CD34',
  kind: 'withdrawal',
  status: 'aplicada',
  insurance_number: 'CUB-2026-0000007',
  refund_cents: 800_415,
  refund_nice: '$ 8.004,15',
  refund_method: 'money_wallet',
  refund_status: 'acreditada',
  ends_on: '2026-11-26',
  refusal: null,
  created_at: '2026-11-26T12:00:00.000Z',
};

const eligible = {
  insurance_id: 7,
  insurance_number: 'CUB-2026-0000007',
  risk_type: 'bag',
  risk_type_name: 'Bolso protegido',
  policy_name: 'Bolso básico',
  status: 'vigente',
  starts_on: '2026-11-20',
  ends_on: '2027-02-18',
  paid_cents: 800_415,
  paid_nice: '$ 8.004,15',
  deadline: null,
  terms: {
    ends_on: '2026-11-26',
    refund_cents: 500_000,
    refund_nice: '$ 5.000,00',
    kept_cents: 300_415,
    refund_method: 'money_wallet',
  },
};

describe('botón de arrepentimiento and botón de baja', () => {
  it('signed out: asks only what identifies the contract, with the API’s messages, and gives the request number at once', async () => {
    const api = mockApi({
      'GET /common/insured-service': { body: { data: saa } },
      'POST /rights/withdrawals': {
        status: 202,
        body: { data: { request_number: 'ARR-AB12-CD34', status: 'pendiente_confirmacion' } },
      },
    });
    renderRoutes([{ path: '/arrepentimiento', Component: WithdrawalPage }], '/arrepentimiento');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'Botón de arrepentimiento', level: 1 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pedir el arrepentimiento' }));
    expect(await screen.findByText('Ingresá el número de contratación.')).toBeInTheDocument();
    expect(screen.getByText('Ingresá tu DNI o CUIT.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/rights/withdrawals')).toHaveLength(0);

    await user.type(screen.getByLabelText('Número de contratación'), 'CUB-2026-0000007');
    await user.type(screen.getByLabelText('DNI o CUIT'), '30.111.222');
    await user.type(screen.getByLabelText('E-mail'), 'Lucia@Ejemplo.com');
    await user.click(screen.getByRole('button', { name: 'Pedir el arrepentimiento' }));

    expect(await screen.findByText('Tu solicitud N° ARR-AB12-CD34 fue registrada')).toBeInTheDocument();
    expect(screen.getByText(/Te enviamos un e-mail para confirmarla/)).toBeInTheDocument();
    const [sent] = api.callsTo('POST', '/rights/withdrawals');
    expect(JSON.parse(String(sent?.body))).toEqual({
      insurance_number: 'CUB-2026-0000007',
      document_number: '30111222',
      email: 'lucia@ejemplo.com',
    });
    expect(sent?.credentials).toBe('omit');
    // The Servicio de Atención al Asegurado stands at the foot, as operators set it.
    expect(await screen.findByText('Ana Gómez')).toBeInTheDocument();
  });

  it('signed in: shows what the baja does to the chosen insurance and applies it at once', async () => {
    setSessionState({ status: 'authenticated' });
    const api = mockApi({
      'GET /common/insured-service': { body: { data: saa } },
      'GET /customers/rights/eligible': { body: { data: [eligible] } },
      'POST /customers/rights/bajas': {
        status: 201,
        body: {
          data: {
            ...applied,
            kind: 'baja',
            request_number: 'BAJ-ZZ12-YY34',
            refund_cents: 500_000,
            refund_nice: '$ 5.000,00',
          },
        },
      },
    });
    renderRoutes([{ path: '/baja', Component: BajaPage }], '/baja');
    const user = userEvent.setup();

    const choice = await screen.findByRole('radio', { name: /Bolso básico/ });
    expect(choice).toBeChecked();
    expect(screen.getByText('Te devolvemos $ 5.000,00 a Mi dinero.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/customers/rights/eligible')[0]?.url).toContain('kind=baja');

    await user.click(screen.getByRole('button', { name: 'Dar de baja este seguro' }));
    expect(await screen.findByText('Tu solicitud N° BAJ-ZZ12-YY34 fue registrada')).toBeInTheDocument();
    expect(screen.getByText('Ya está acreditada en Mi dinero.')).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('POST', '/customers/rights/bajas')[0]?.body))).toEqual({
      insurance_id: 7,
    });
  });

  it('signed in with nothing the right applies to: says so instead of an empty list', async () => {
    setSessionState({ status: 'authenticated' });
    mockApi({
      'GET /common/insured-service': { body: { data: saa } },
      'GET /customers/rights/eligible': { body: { data: [] } },
    });
    renderRoutes([{ path: '/arrepentimiento', Component: WithdrawalPage }], '/arrepentimiento');
    expect(
      await screen.findByText(/No tenés contrataciones pagas de los últimos 10 días/),
    ).toBeInTheDocument();
  });

  it('the e-mailed link confirms once and shows the outcome', async () => {
    const api = mockApi({
      'GET /common/insured-service': { body: { data: saa } },
      'POST /rights/withdrawals/confirm': { body: { data: applied } },
    });
    renderRoutes(
      [{ path: '/arrepentimiento/confirmar', Component: WithdrawalConfirmPage }],
      '/arrepentimiento/confirmar?token=abcdefghijklmnop',
    );
    expect(await screen.findByText('Tu solicitud N° ARR-AB12-CD34 fue registrada')).toBeInTheDocument();
    expect(screen.getByText('$ 8.004,15')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mi dinero' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/rights/withdrawals/confirm')).toHaveLength(1));
    expect(JSON.parse(String(api.callsTo('POST', '/rights/withdrawals/confirm')[0]?.body))).toEqual({
      token: 'abcdefghijklmnop',
    });
  });

  it('a used or expired link says so and offers to ask again', async () => {
    mockApi({
      'GET /common/insured-service': { body: { data: saa } },
      'POST /rights/withdrawals/confirm': {
        status: 422,
        body: { message: 'El enlace no es válido o venció.', error_code: 'invalid_token' },
      },
    });
    renderRoutes(
      [{ path: '/arrepentimiento/confirmar', Component: WithdrawalConfirmPage }],
      '/arrepentimiento/confirmar?token=abcdefghijklmnop',
    );
    expect(await screen.findByText('Este enlace ya no sirve')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a pedirlo' })).toHaveAttribute(
      'href',
      '/arrepentimiento',
    );
  });
});
