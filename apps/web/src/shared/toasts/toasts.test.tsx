import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../test/render.tsx';
import { hideAllToasts, showToast, ToastHost } from './toasts.tsx';

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

describe('toast looks (spec §8: coloured icon by type)', () => {
  it('gives each type its own colour and icon', async () => {
    renderWithMantine(<ToastHost />);
    const looks = new Map<string, string>();
    for (const type of ['success', 'danger', 'warning', 'info'] as const) {
      hideAllToasts();
      showToast({ type, message: `Aviso ${type}`, duration: false });
      const toast = (await screen.findByText(`Aviso ${type}`)).closest('[role="alert"]') as HTMLElement;
      expect(toast.querySelector('svg')).not.toBeNull();
      looks.set(type, toast.style.getPropertyValue('--notification-color'));
    }
    expect(new Set(looks.values()).size).toBe(4);
    expect([...looks.values()].every((colour) => colour !== '')).toBe(true);
  });
});
