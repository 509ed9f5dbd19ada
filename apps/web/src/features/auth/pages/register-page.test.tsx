import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, mockApi, tokenAnswer } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { StorageKey, storage } from '../../../shared/storage/storage.ts';
import { RegisterPage } from './register-page.tsx';

function renderRegister() {
  return renderRoutes(
    [
      { path: '/register', Component: RegisterPage },
      { path: '/tabs', element: <p>Inicio de la app</p> },
    ],
    '/register',
  );
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  values: { name: string; dni: string; password: string },
  options: { acceptTerms?: boolean } = {},
) {
  await user.type(await screen.findByLabelText('Nombre y apellido'), values.name);
  await user.type(screen.getByLabelText('DNI'), values.dni);
  await user.type(screen.getByLabelText('Contraseña'), values.password);
  if (options.acceptTerms ?? true)
    await user.click(screen.getByRole('checkbox', { name: /Leí y acepto los términos/ }));
}

/** The element shown under a field as its error (its aria-describedby's error element). */
function errorElementUnder(label: string): HTMLElement {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  if (!error) throw new Error(`no error under ${label}`);
  return error;
}
const errorUnder = (label: string) => errorElementUnder(label).textContent;

describe('register page', () => {
  it('validates with the registration schema in Spanish and keeps what was typed', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRegister();

    await fillIn(user, { name: 'Valentina Ríos', dni: '1234', password: 'password' });
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    expect(await screen.findByText('El DNI debe tener 7 u 8 números.')).toBeInTheDocument();
    expect(screen.getByText('Ingresá un email válido.')).toBeInTheDocument();
    expect(
      screen.getByText('Esa contraseña es muy común. Elegí otra más difícil de adivinar.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre y apellido')).toHaveValue('Valentina Ríos');
    expect(api.callsTo('POST', '/auth/register')).toHaveLength(0);
  });

  it('completes a pending social registration with its provider and token', async () => {
    await storage.set(StorageKey.pendingRegistration, {
      email: 'valentina@example.com',
      social: 'google',
      social_token: 'google-id-token',
    });
    const api = mockApi({
      'POST /auth/register': { status: 201, body: tokenAnswer('tok-new') },
      'GET /auth/user': {
        body: { data: { ...demoUser, name: 'Valentina Ríos', email: 'valentina@example.com' } },
      },
    });
    const user = userEvent.setup();
    renderRegister();

    expect(await screen.findByRole('heading', { name: 'Completá tu registro' })).toBeInTheDocument();
    expect(screen.getByText(/Estás creando tu cuenta con Google/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('valentina@example.com'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    await fillIn(user, { name: 'Valentina Ríos', dni: '33.444.555', password: 'Tornado-Azul-2025' });
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    expect(await screen.findByText('Inicio de la app')).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('POST', '/auth/register')[0]?.body))).toEqual({
      name: 'Valentina Ríos',
      email: 'valentina@example.com',
      password: 'Tornado-Azul-2025',
      dni: '33444555',
      accepted_terms: true,
      social: 'google',
      social_token: 'google-id-token',
    });
    expect(await storage.get(StorageKey.pendingRegistration)).toBeNull();
    expect(await storage.get(StorageKey.token)).toBe('tok-new');
  });

  it('says once under the e-mail that an account already uses it, with links to sign in and to recover the password, and no toast', async () => {
    mockApi({
      'POST /auth/register': {
        status: 409,
        body: {
          message: 'Ya existe una cuenta con ese email.',
          error_code: 'email_taken',
          validations: { email: ['Ya existe una cuenta con ese email.'] },
        },
      },
    });
    const user = userEvent.setup();
    renderRegister();

    await fillIn(user, { name: 'Sofía Demo', dni: '30123456', password: 'Tornado-Azul-2025' });
    await user.type(screen.getByLabelText('Email'), 'demo@cubierto.com.ar');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    await waitFor(() =>
      expect(errorUnder('Email')).toBe(
        'Ya existe una cuenta con este email. Ingresá o recuperá tu contraseña.',
      ),
    );
    const under = within(errorElementUnder('Email'));
    expect(under.getByRole('link', { name: 'Ingresá' })).toHaveAttribute(
      'href',
      '/login?email=demo%40cubierto.com.ar',
    );
    expect(under.getByRole('link', { name: 'recuperá tu contraseña' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('demo@cubierto.com.ar');
    expect(screen.queryByText(/Ya existe una cuenta con ese email/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Código:/)).not.toBeInTheDocument();
  });

  it('says under the DNI that an account already has it, in the spec’s words, without a toast', async () => {
    mockApi({
      'POST /auth/register': {
        status: 409,
        body: {
          message: 'Ya hay una cuenta con ese DNI. Ingresá o recuperá tu contraseña.',
          error_code: 'document_taken',
          validations: { dni: ['Ya hay una cuenta con ese DNI. Ingresá o recuperá tu contraseña.'] },
        },
      },
    });
    const user = userEvent.setup();
    renderRegister();

    await fillIn(user, { name: 'Sofía Demo', dni: '30123456', password: 'Tornado-Azul-2025' });
    await user.type(screen.getByLabelText('Email'), 'sofia@example.com');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    await waitFor(() =>
      expect(errorUnder('DNI')).toBe('Ya hay una cuenta con ese DNI. Ingresá o recuperá tu contraseña.'),
    );
    expect(screen.getByLabelText('DNI')).toHaveAttribute('aria-invalid', 'true');
    expect(within(errorElementUnder('DNI')).getByRole('link', { name: 'Ingresá' })).toHaveAttribute(
      'href',
      '/login?email=sofia%40example.com',
    );
    expect(screen.queryByText(/Código:/)).not.toBeInTheDocument();
  });

  it('asks to accept the terms and the privacy policy, linking both, before sending anything', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRegister();

    await fillIn(
      user,
      { name: 'Valentina Ríos', dni: '33444555', password: 'Tornado-Azul-2025' },
      { acceptTerms: false },
    );
    await user.type(screen.getByLabelText('Email'), 'valentina@example.com');
    expect(screen.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute('href', '/terminos');
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute(
      'href',
      '/privacidad',
    );
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    expect(
      await screen.findByText('Aceptá los términos y la política de privacidad para continuar.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/register')).toHaveLength(0);
  });

  it('asks for the mailed code, explains a wrong one beside the field, resends, and signs in with the right one', async () => {
    let confirmations = 0;
    const api = mockApi({
      'POST /auth/register': {
        status: 202,
        body: { message: 'Te enviamos un código a valentina@example.com para confirmar tu cuenta.' },
      },
      'POST /auth/register/resend': {
        status: 202,
        body: { message: 'Te enviamos un código a valentina@example.com para confirmar tu cuenta.' },
      },
      'POST /auth/register/confirm': () => {
        confirmations += 1;
        return confirmations === 1
          ? {
              status: 422,
              body: {
                message: 'El código no es correcto. Te quedan 4 intentos.',
                validations: { code: ['El código no es correcto. Te quedan 4 intentos.'] },
                error_code: 'invalid_token',
              },
            }
          : { status: 201, body: tokenAnswer('tok-confirmed') };
      },
      'GET /auth/user': { body: { data: { ...demoUser, email: 'valentina@example.com' } } },
    });
    const user = userEvent.setup();
    renderRegister();

    await fillIn(user, { name: 'Valentina Ríos', dni: '33.444.555', password: 'Tornado-Azul-2025' });
    await user.type(screen.getByLabelText('Email'), 'valentina@example.com');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    expect(await screen.findByRole('heading', { name: 'Ingresá el código' })).toBeInTheDocument();
    expect(
      screen.getByText(/Te enviamos un código a valentina@example\.com para confirmar tu cuenta\./),
    ).toBeInTheDocument();
    const device = api.callsTo('POST', '/auth/register')[0]?.headers.get('x-device-id');
    expect(device).toMatch(/^[A-Za-z0-9_-]{16,128}$/);

    const field = screen.getByLabelText('Código de 6 números');
    await user.type(field, '12a3');
    await user.click(screen.getByRole('button', { name: 'Confirmar cuenta' }));
    expect(await screen.findByText('Ingresá los 6 números del código.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/register/confirm')).toHaveLength(0);

    await user.type(field, '999');
    await user.click(screen.getByRole('button', { name: 'Confirmar cuenta' }));
    expect(await screen.findByText('El código no es correcto. Te quedan 4 intentos.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(
      await screen.findByText(
        'Listo: si valentina@example.com está esperando un código, te enviamos uno nuevo.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('POST', '/auth/register/resend')[0]?.body))).toEqual({
      email: 'valentina@example.com',
    });

    await user.click(screen.getByRole('button', { name: 'Corregir mis datos' }));
    expect(await screen.findByLabelText('Nombre y apellido')).toHaveValue('Valentina Ríos');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await user.type(await screen.findByLabelText('Código de 6 números'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirmar cuenta' }));

    expect(await screen.findByText('Inicio de la app')).toBeInTheDocument();
    const confirm = api.callsTo('POST', '/auth/register/confirm').at(-1);
    expect(JSON.parse(String(confirm?.body))).toEqual({ email: 'valentina@example.com', code: '654321' });
    expect(confirm?.headers.get('x-device-id')).toBe(device);
    expect(await storage.get(StorageKey.token)).toBe('tok-confirmed');
  });
});
