import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../test/render.tsx';
import { showToast, ToastHost } from './toasts.tsx';

describe('toasts with actions (spec §8: Descargar / Instalar beside Cerrar)', () => {
  it('draws each action before Cerrar; an action runs and closes the toast', async () => {
    const user = userEvent.setup();
    renderWithMantine(<ToastHost />);
    const install = vi.fn();
    showToast({
      message: '¡Actualización lista para instalar!',
      duration: false,
      actions: [{ label: 'Instalar', onClick: install }],
    });

    const text = await screen.findByText('¡Actualización lista para instalar!');
    const toast = text.closest('[role="alert"]') as HTMLElement;
    const buttons = within(toast)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(['Instalar', 'Cerrar']);
    await user.click(within(toast).getByRole('button', { name: 'Instalar' }));
    expect(install).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(screen.queryByText('¡Actualización lista para instalar!')).not.toBeInTheDocument(),
    );
  });
});
