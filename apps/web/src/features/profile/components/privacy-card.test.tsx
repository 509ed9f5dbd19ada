import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { setSessionEventHandlers } from '../../../shared/api/client.ts';
import { createQueryClient } from '../../../shared/api/query-client.ts';
import { PrivacyCard } from './privacy-card.tsx';

const check = (data: object) => ({
  body: { data: { requires_password: true, recent_sign_in: true, blockers: [], ...data } },
});

function renderCard() {
  return renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <QueryClientProvider client={createQueryClient()}>
            <PrivacyCard />
          </QueryClientProvider>
        ),
      },
    ],
    '/profile',
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
  return screen.findByRole('dialog', { name: '¿Eliminar tu cuenta?' });
}

describe('Eliminar mi cuenta', () => {
  // Types two passwords: slow on a loaded machine.
  it('says what happens and what is kept, asks for the password, then signs out with a toast', {
    timeout: 20_000,
  }, async () => {
    let answer: { status: number; body: object } = {
      status: 422,
      body: {
        message: 'Revisá los datos ingresados.',
        validations: { password: ['La contraseña no es correcta.'] },
        error_code: 'validation_failed',
      },
    };
    const api = mockApi({
      'GET /customers/user/deletion': check({}),
      'POST /customers/user/delete': () => answer,
    });
    const onUnauthorized = vi.fn();
    setSessionEventHandlers({ onUnauthorized });
    renderCard();
    const dialog = await openDialog();
    expect(within(dialog).getByText(/Cerramos tu sesión en todos tus dispositivos/)).toBeInTheDocument();
    expect(within(dialog).getByText(/durante 10 años, porque la ley nos obliga/)).toBeInTheDocument();

    const password = await within(dialog).findByLabelText(/Tu contraseña/);
    await userEvent.type(password, 'Equivocada-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await within(dialog).findByText('La contraseña no es correcta.')).toBeInTheDocument();
    expect(onUnauthorized).not.toHaveBeenCalled();

    answer = { status: 200, body: { message: 'Eliminamos tu cuenta.' } };
    await userEvent.clear(password);
    await userEvent.type(password, 'Tornado-Azul-2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText('Eliminamos tu cuenta. Te enviamos un email de confirmación.'),
    ).toBeInTheDocument();
    const sent = api.callsTo('POST', '/customers/user/delete').map((r) => JSON.parse(String(r.body)));
    expect(sent).toEqual([{ password: 'Equivocada-1' }, { password: 'Tornado-Azul-2025' }]);
  });

  it('shows what must be settled first and does not let the customer delete until then', async () => {
    const api = mockApi({
      'GET /customers/user/deletion': check({
        blockers: [
          {
            code: 'money_balance',
            message: 'Tenés $ 1.500,00 en Mi dinero. Usalo para pagar un seguro o pedinos la devolución.',
          },
        ],
      }),
    });
    renderCard();
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/Tenés \$ 1\.500,00 en Mi dinero/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Tu contraseña/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/customers/user/delete')).toEqual([]);
  });

  it('lists what came up meanwhile when the API refuses the deletion (account_deletion_blocked)', {
    timeout: 20_000,
  }, async () => {
    mockApi({
      'GET /customers/user/deletion': check({}),
      'POST /customers/user/delete': {
        status: 409,
        body: {
          message: 'Tenés un siniestro abierto.',
          validations: { claim_open: ['Tenés un siniestro abierto. Esperá a que lo resolvamos.'] },
          error_code: 'account_deletion_blocked',
        },
      },
    });
    const onUnauthorized = vi.fn();
    setSessionEventHandlers({ onUnauthorized });
    renderCard();
    const dialog = await openDialog();
    await userEvent.type(await within(dialog).findByLabelText(/Tu contraseña/), 'Tornado-Azul-2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Tenés un siniestro abierto. Esperá a que lo resolvamos.');
    expect(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' })).toBeDisabled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
