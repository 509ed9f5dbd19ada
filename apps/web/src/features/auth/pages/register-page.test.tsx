import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
) {
  await user.type(await screen.findByLabelText('Nombre y apellido'), values.name);
  await user.type(screen.getByLabelText('DNI'), values.dni);
  await user.type(screen.getByLabelText('Contraseña'), values.password);
}

/** The form's one button: it accepts the terms and the privacy policy and creates the account. */
const createButton = () => screen.getByRole('button', { name: 'Aceptar y crear cuenta' });

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
    await user.click(createButton());

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
    await user.click(createButton());

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
    await user.click(createButton());

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
    await user.click(createButton());

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

  it('accepts the terms and the privacy policy with the button itself: the sentence links both, the request carries the acceptance', async () => {
    const api = mockApi({
      'POST /auth/register': {
        status: 202,
        body: { message: 'Te enviamos un código a valentina@example.com para confirmar tu cuenta.' },
      },
    });
    const user = userEvent.setup();
    renderRegister();

    await fillIn(user, { name: 'Valentina Ríos', dni: '33444555', password: 'Tornado-Azul-2025' });
    await user.type(screen.getByLabelText('Email'), 'valentina@example.com');
    // No box to tick: the sentence above the button says what pressing it accepts, and links both texts.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const terms = screen.getByText(/^Al crear tu cuenta aceptás los/);
    expect(terms).toHaveTextContent(
      'Al crear tu cuenta aceptás los Términos y condiciones y la Política de privacidad.',
    );
    for (const [name, href] of [
      ['Términos y condiciones', '/terminos'],
      ['Política de privacidad', '/privacidad'],
    ]) {
      const link = within(terms).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      // Another tab: what was typed here stays.
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(createButton()).toHaveAccessibleDescription(terms.textContent ?? '');
    expect(screen.queryByRole('button', { name: 'Crear cuenta' })).not.toBeInTheDocument();

    await user.click(createButton());
    expect(await screen.findByRole('heading', { name: 'Ingresá el código' })).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('POST', '/auth/register')[0]?.body))).toEqual({
      name: 'Valentina Ríos',
      email: 'valentina@example.com',
      password: 'Tornado-Azul-2025',
      dni: '33444555',
      accepted_terms: true,
    });
  });

  it('sends the mailed code at its sixth digit, once whatever else is pressed, explains a wrong one beside the focused field, resends, and signs in with the right one pasted', async () => {
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
    // The first confirmation is held on its way until `release`: what is pressed meanwhile is seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = api.fetchMock.getMockImplementation();
    api.fetchMock.mockImplementation(async (input, init) => {
      const answered = answer?.(input, init);
      if (String(input).endsWith('/auth/register/confirm') && confirmations === 1) await held;
      return answered as Promise<Response>;
    });
    const user = userEvent.setup();
    renderRegister();

    await fillIn(user, { name: 'Valentina Ríos', dni: '33.444.555', password: 'Tornado-Azul-2025' });
    await user.type(screen.getByLabelText('Email'), 'valentina@example.com');
    await user.click(createButton());

    expect(await screen.findByRole('heading', { name: 'Ingresá el código' })).toBeInTheDocument();
    expect(
      screen.getByText(/Te enviamos un código a valentina@example\.com para confirmar tu cuenta\./),
    ).toBeInTheDocument();
    const device = api.callsTo('POST', '/auth/register')[0]?.headers.get('x-device-id');
    expect(device).toMatch(/^[A-Za-z0-9_-]{16,128}$/);

    // The field is ready to type in: no tap needed.
    const field = screen.getByLabelText('Código de 6 números');
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('12a3');
    expect(field).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Confirmar cuenta' }));
    expect(await screen.findByText('Ingresá los 6 números del código.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/register/confirm')).toHaveLength(0);

    // The sixth digit sends it, with no button pressed; the button says it is sending.
    await user.type(field, '999');
    await waitFor(() => expect(api.callsTo('POST', '/auth/register/confirm')).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Confirmar cuenta' });
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    // Enter and the button while it is on its way send nothing more.
    await user.type(field, '{Enter}');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(button);
    fireEvent.submit(screen.getByRole('form', { name: 'Ingresá el código' }));
    release();

    expect(await screen.findByText('El código no es correcto. Te quedan 4 intentos.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/register/confirm')).toHaveLength(1);
    expect(JSON.parse(String(api.callsTo('POST', '/auth/register/confirm')[0]?.body))).toEqual({
      email: 'valentina@example.com',
      code: '123999',
    });
    expect(screen.queryByText(/invalid_token|422/)).not.toBeInTheDocument();
    // Beside the field, which keeps the focus with the code selected: typing replaces it.
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/El código no es correcto\. Te quedan 4 intentos\./);
    await waitFor(() => expect(field).toHaveFocus());
    expect([(field as HTMLInputElement).selectionStart, (field as HTMLInputElement).selectionEnd]).toEqual([
      0, 6,
    ]);
    // The code just refused, typed again, is not sent again by itself.
    await user.keyboard('123999');
    expect(field).toHaveValue('123999');
    expect(api.callsTo('POST', '/auth/register/confirm')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(
      await screen.findByText(
        'Listo: si valentina@example.com está esperando un código, te enviamos uno nuevo.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('POST', '/auth/register/resend')[0]?.body))).toEqual({
      email: 'valentina@example.com',
    });
    expect(field).toHaveValue('');
    await waitFor(() => expect(field).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Corregir mis datos' }));
    expect(await screen.findByLabelText('Nombre y apellido')).toHaveValue('Valentina Ríos');
    await user.click(createButton());
    // The new code pasted, nothing pressed: it is sent and the account is in.
    const again = await screen.findByLabelText('Código de 6 números');
    await waitFor(() => expect(again).toHaveFocus());
    await user.paste('654321');

    expect(await screen.findByText('Inicio de la app')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/register/confirm')).toHaveLength(2);
    const confirm = api.callsTo('POST', '/auth/register/confirm').at(-1);
    expect(JSON.parse(String(confirm?.body))).toEqual({ email: 'valentina@example.com', code: '654321' });
    expect(confirm?.headers.get('x-device-id')).toBe(device);
    expect(await storage.get(StorageKey.token)).toBe('tok-confirmed');
  });
});
