import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../test/render.tsx';
import { ApiError } from '../api/api-error.ts';
import { ToastHost } from '../toasts/toasts.tsx';
import { describeError, handleError } from './error-handler.tsx';

const UNREACHABLE =
  'Ya detectamos el error, estamos trabajando para poder brindarle la respuesta que necesita, agradecemos su paciencia.';

function renderToasts() {
  renderWithMantine(<ToastHost />);
}

describe('central error handler (spec §8)', () => {
  it('apologises when the request got no answer at all', async () => {
    renderToasts();
    handleError(new ApiError(0, null), 1);
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
  });

  it('apologises as well for an error without a body, or one that is not from the API', async () => {
    expect(describeError(new ApiError(500, null))).toEqual({ kind: 'unreachable' });
    expect(describeError(new TypeError('boom'))).toEqual({ kind: 'unreachable' });
  });

  it('shows the message as heading, each validation on its own line in italics and the code', async () => {
    renderToasts();
    handleError(
      new ApiError(422, {
        message: 'Revisá los datos ingresados.',
        validations: { email: ['Ingresá un email válido.'], password: ['Ingresá tu contraseña.'] },
        error_code: 'validation_failed',
      }),
    );

    const heading = await screen.findByText('Revisá los datos ingresados.');
    const notification = heading.closest('[role="alert"]') as HTMLElement;
    expect(notification).toHaveAttribute('data-toast-type', 'danger');
    expect(screen.getByText('Ingresá un email válido.')).toHaveStyle({ fontStyle: 'italic' });
    expect(screen.getByText('Ingresá tu contraseña.')).toHaveStyle({ fontStyle: 'italic' });
    expect(screen.getByText('Código: validation_failed')).toBeInTheDocument();
    expect(within(notification).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  it('joins a message given as a map with spaces and takes a text validation as one line', () => {
    expect(
      describeError(
        new ApiError(400, {
          message: { a: 'Primero.', b: 'Segundo.' },
          validations: 'Una sola línea.',
          error_code: 'x',
        }),
      ),
    ).toEqual({ kind: 'detailed', title: 'Primero. Segundo.', validations: ['Una sola línea.'], code: 'x' });
  });

  it("says 'Problemas al obtener resultados' when the body carries nothing", async () => {
    renderToasts();
    handleError(new ApiError(500, {}));
    expect(await screen.findByText('Problemas al obtener resultados')).toBeInTheDocument();
  });

  it('stays quiet about a 401 or 503 the session already handled', async () => {
    renderToasts();
    const error = new ApiError(503, { message: 'Mantenimiento', error_code: 'maintenance' });
    error.handled = true;
    handleError(error);
    handleError(new ApiError(404, { message: 'Visible', error_code: 'not_found' }));
    expect(await screen.findByText('Visible')).toBeInTheDocument();
    expect(screen.queryByText('Mantenimiento')).not.toBeInTheDocument();
  });

  it('keeps at most two toasts on screen, dropping the oldest', async () => {
    renderToasts();
    for (const text of ['Primero', 'Segundo', 'Tercero']) {
      handleError(new ApiError(400, { message: text, error_code: 'bad_request' }));
      await screen.findByText(text);
    }
    await waitFor(() => expect(screen.queryByText('Primero')).not.toBeInTheDocument());
    expect(screen.getByText('Segundo')).toBeInTheDocument();
    expect(screen.getByText('Tercero')).toBeInTheDocument();
  });
});
