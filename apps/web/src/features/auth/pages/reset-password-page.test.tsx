import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const TOKEN = 'a'.repeat(43);

function renderReset(path: string) {
  return renderRoutes(
    [
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/login', element: <p>Pantalla de ingreso</p> },
    ],
    path,
  );
}

describe('reset-password page', () => {
  it("requests the e-mail and shows the API's answer", async () => {
    const api = mockApi({
      'POST /auth/forgot-password': {
        body: {
          message: 'Si el email está registrado, te enviamos un enlace para restablecer la contraseña.',
        },
      },
    });
    const user = userEvent.setup();
    renderReset('/reset-password');

    await user.type(await screen.findByLabelText('Email'), 'demo@cubierto.com.ar');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(
      await screen.findByText(
        'Si el email está registrado, te enviamos un enlace para restablecer la contraseña.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('POST', '/auth/forgot-password')[0]?.body))).toEqual({
      email: 'demo@cubierto.com.ar',
    });
  });

  it('with a token, asks for the new password twice and sends it with the token', async () => {
    const api = mockApi({
      'POST /auth/reset-password': {
        body: { message: 'Listo, ya podés iniciar sesión con tu nueva contraseña.' },
      },
    });
    const user = userEvent.setup();
    renderReset(`/reset-password?token=${TOKEN}`);

    await user.type(await screen.findByLabelText('Nueva contraseña'), 'Tornado-Azul-2025');
    await user.type(screen.getByLabelText('Repetí la contraseña'), 'Tornado-Azul-2024');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Repetí la contraseña'));
    await user.type(screen.getByLabelText('Repetí la contraseña'), 'Tornado-Azul-2025');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByText('Pantalla de ingreso')).toBeInTheDocument();
    expect(JSON.parse(String(api.callsTo('POST', '/auth/reset-password')[0]?.body))).toEqual({
      token: TOKEN,
      password: 'Tornado-Azul-2025',
    });
  });

  it('offers a new link when the token expired or was used', async () => {
    mockApi({
      'POST /auth/reset-password': {
        status: 422,
        body: { message: 'El enlace venció.', error_code: 'invalid_token' },
      },
    });
    const user = userEvent.setup();
    renderReset(`/reset-password?token=${TOKEN}`);

    await user.type(await screen.findByLabelText('Nueva contraseña'), 'Tornado-Azul-2025');
    await user.type(screen.getByLabelText('Repetí la contraseña'), 'Tornado-Azul-2025');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByRole('heading', { name: 'El enlace ya no es válido' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pedir un enlace nuevo' }));
    expect(await screen.findByRole('heading', { name: 'Recuperá tu contraseña' })).toBeInTheDocument();
  });
});
