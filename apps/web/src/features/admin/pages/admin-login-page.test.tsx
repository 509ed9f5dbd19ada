import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { clearOperatorSession, operatorToken } from '../api/operator-session.ts';
import { AdminLoginPage } from './admin-login-page.tsx';

function renderLogin() {
  return renderRoutes(
    [
      { path: '/admin-login', element: <AdminLoginPage /> },
      { path: '/admin', element: <h1>Panel de prueba</h1> },
    ],
    '/admin-login',
  );
}

const enrol = {
  data: {
    challenge: 'op_challenge',
    stage: 'enroll',
    otpauth_uri: 'otpauth://totp/Cubierto:ana?secret=ABC',
    qr_data_url: 'data:image/svg+xml;base64,PHN2Zy8+',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
};

async function givePassword() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'Back-Office-Clave-2025');
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  return user;
}

afterEach(() => clearOperatorSession());

describe('admin-login', () => {
  it('checks the form with the API schema before sending anything', async () => {
    const api = mockApi({});
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Ingresá un email válido.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('enrols the second factor: QR, key, a wrong code named under the field, then the recovery codes once', async () => {
    let attempts = 0;
    const api = mockApi({
      'POST /admin/auth/login': { body: enrol },
      'POST /admin/auth/second-factor': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 401,
              body: {
                message: 'El código no es correcto. Te quedan 4 intentos antes del bloqueo.',
                error_code: 'invalid_credentials',
              },
            }
          : {
              body: {
                token_type: 'Bearer',
                access_token: 'op_session',
                expires_at: '2099-01-01T00:00:00.000Z',
                recovery_codes: Array.from({ length: 10 }, (_, i) => `abcde-fghj${i}`),
              },
            };
      },
    });
    renderLogin();
    const user = await givePassword();
    expect(await screen.findByRole('img', { name: /Código QR/ })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(enrol.data.secret);

    await user.type(screen.getByLabelText('Código de 6 números'), '12');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('El código tiene 6 números.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/admin/auth/second-factor')).toHaveLength(0);

    await user.type(screen.getByLabelText('Código de 6 números'), '3456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(/Te quedan 4 intentos/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    const codes = await screen.findByRole('list', { name: 'Tus códigos de recuperación' });
    expect(codes.querySelectorAll('li')).toHaveLength(10);
    expect(operatorToken()).toBe('op_session');
    const sent = api.callsTo('POST', '/admin/auth/second-factor').at(-1)!;
    expect(JSON.parse(String(sent.body))).toEqual({ challenge: 'op_challenge', code: '123456' });
    // The operator token never goes into the customers' storage or the customer header of other calls.
    expect(sent.headers.get('Authorization')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ya los guardé, continuar' }));
    expect(await screen.findByRole('heading', { name: 'Panel de prueba' })).toBeInTheDocument();
  });

  it('shows the lockout message and goes back to the password step', async () => {
    mockApi({
      'POST /admin/auth/login': { body: { data: { challenge: 'op_c', stage: 'totp' } } },
      'POST /admin/auth/second-factor': {
        status: 429,
        body: {
          message:
            'Tu cuenta de operador está bloqueada por demasiados códigos incorrectos. Probá de nuevo en 15 minutos.',
          error_code: 'too_many_requests',
        },
      },
    });
    renderLogin();
    const user = await givePassword();
    await user.type(await screen.findByLabelText('Código de 6 números'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Probá de nuevo en 15 minutos.');
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeInTheDocument());
    expect(operatorToken()).toBeNull();
  });

  it('offers a recovery code instead of the app’s code', async () => {
    const api = mockApi({
      'POST /admin/auth/login': { body: { data: { challenge: 'op_c', stage: 'totp' } } },
      'POST /admin/auth/second-factor': {
        body: { token_type: 'Bearer', access_token: 'op_s', expires_at: '2099-01-01T00:00:00.000Z' },
      },
    });
    renderLogin();
    const user = await givePassword();
    await user.click(await screen.findByRole('button', { name: 'Usar un código de recuperación' }));
    await user.type(screen.getByLabelText('Código de recuperación'), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('heading', { name: 'Panel de prueba' })).toBeInTheDocument();
    const sent = api.callsTo('POST', '/admin/auth/second-factor')[0]!;
    expect(JSON.parse(String(sent.body))).toEqual({ challenge: 'op_c', recovery_code: 'abcde-fghjk' });
  });
});
