import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, mockApi, tokenAnswer } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

function renderRegister(path: string) {
  return renderRoutes(
    [
      { path: '/register', Component: RegisterPage },
      { path: '/tabs', element: <p>Inicio de la app</p> },
    ],
    path,
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Nombre y apellido'), 'Valentina Ríos');
  await user.type(screen.getByLabelText('Email'), 'valentina@example.com');
  await user.type(screen.getByLabelText('DNI'), '35123456');
  await user.type(screen.getByLabelText('Contraseña'), 'Tornado-Azul-2025');
}

// Typing a whole form is slow on a busy machine.
describe('register page with a referral link', { timeout: 20_000 }, () => {
  it('fills in the code from ?ref= and sends it with the registration', async () => {
    const api = mockApi({
      'POST /auth/register': { status: 201, body: tokenAnswer('tok-new') },
      'GET /auth/user': { body: { data: demoUser } },
    });
    const user = userEvent.setup();
    renderRegister('/register?ref=k7m2pq9x');
    const code = await screen.findByLabelText('Código de invitación (opcional)');
    expect(code).toHaveValue('K7M2PQ9X');
    expect(screen.getByText(/Te invitaron a Cubierto/)).toBeInTheDocument();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Aceptar y crear cuenta' }));
    await waitFor(() => expect(api.callsTo('POST', '/auth/register')).toHaveLength(1));
    const sent = JSON.parse(String(api.callsTo('POST', '/auth/register')[0]!.body));
    expect(sent.referral_code).toBe('K7M2PQ9X');
  });

  it('keeps the code of the link after a detour (a social provider) back to register without it', async () => {
    mockApi({});
    const first = renderRegister('/register?ref=k7m2pq9x');
    expect(await screen.findByLabelText('Código de invitación (opcional)')).toHaveValue('K7M2PQ9X');
    first.unmount();
    renderRegister('/register');
    expect(await screen.findByLabelText('Código de invitación (opcional)')).toHaveValue('K7M2PQ9X');
  });

  it('sends no code when the field is left empty', async () => {
    const api = mockApi({
      'POST /auth/register': { status: 201, body: tokenAnswer('tok-new') },
      'GET /auth/user': { body: { data: demoUser } },
    });
    const user = userEvent.setup();
    renderRegister('/register');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Aceptar y crear cuenta' }));
    await waitFor(() => expect(api.callsTo('POST', '/auth/register')).toHaveLength(1));
    const sent = JSON.parse(String(api.callsTo('POST', '/auth/register')[0]!.body));
    expect(sent).not.toHaveProperty('referral_code');
  });

  it('shows a refused code under its field and keeps what was typed', async () => {
    mockApi({
      'POST /auth/register': {
        status: 422,
        body: {
          message: 'Revisá los datos ingresados.',
          validations: { referral_code: ['No podés usar tu propio código de invitación.'] },
          error_code: 'validation_failed',
        },
      },
    });
    const user = userEvent.setup();
    renderRegister('/register?ref=K7M2PQ9X');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Aceptar y crear cuenta' }));
    const code = screen.getByLabelText('Código de invitación (opcional)');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    // Under the field (and in the error toast).
    expect(screen.getAllByText('No podés usar tu propio código de invitación.').length).toBeGreaterThan(0);
    expect(code).toHaveAccessibleDescription(/No podés usar tu propio código de invitación\./);
    expect(screen.getByLabelText('Nombre y apellido')).toHaveValue('Valentina Ríos');
    expect(code).toHaveValue('K7M2PQ9X');
  });
});
