import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../test/render.tsx';
import { confirmDestructive, DialogHost, openAlert, openInfoDialog } from './dialogs.tsx';

function renderHost() {
  renderWithMantine(<DialogHost />);
}

describe('dialogs resolve to { role, data } (spec §2, §4)', () => {
  it("alert: the primary button confirms, the secondary cancels, with the defaults 'Continuar' / 'Cancelar'", async () => {
    const user = userEvent.setup();
    renderHost();

    const confirmed = openAlert({
      type: 'warning',
      title: 'Aviso de redireccionamiento',
      subTitle: 'Estás por salir de la app.',
    });
    expect(await screen.findByRole('dialog', { name: 'Aviso de redireccionamiento' })).toBeInTheDocument();
    expect(screen.getByText('Estás por salir de la app.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await expect(confirmed).resolves.toEqual({ role: 'confirm', data: true });

    const cancelled = openAlert({ title: 'Otra' });
    const other = await screen.findByRole('dialog', { name: 'Otra' });
    await user.click(within(other).getByRole('button', { name: 'Cancelar' }));
    await expect(cancelled).resolves.toEqual({ role: 'cancel' });
  });

  it("alert: Escape dismisses with role 'backdrop', unless it is not dismissible", async () => {
    const user = userEvent.setup();
    renderHost();

    const escaped = openAlert({ title: 'Escapable' });
    await screen.findByRole('dialog', { name: 'Escapable' });
    await user.keyboard('{Escape}');
    await expect(escaped).resolves.toEqual({ role: 'backdrop' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Escapable' })).not.toBeInTheDocument());

    const forced = openAlert({ title: 'Obligatorio', cancelText: null, dismissible: false, withBack: true });
    await screen.findByRole('dialog', { name: 'Obligatorio' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Obligatorio' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await expect(forced).resolves.toEqual({ role: 'cancel', data: 'back' });
  });

  it("a destructive confirmation offers its action and 'Volver' (no 'Cancelar'); 'Volver' cancels with 'back'", async () => {
    const user = userEvent.setup();
    renderHost();
    const answer = confirmDestructive({ title: '¿Eliminar la aseguradora?', confirmText: 'Eliminar' });
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar la aseguradora?' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Eliminar', 'Volver']);
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await expect(answer).resolves.toEqual({ role: 'cancel', data: 'back' });
  });

  it('info dialog: the close icon cancels, the single button confirms with true', async () => {
    const user = userEvent.setup();
    renderHost();

    const closed = openInfoDialog({
      title: 'Información',
      subTitle: '<b>Importante</b>',
      buttonText: 'Entendido',
    });
    await screen.findByRole('dialog', { name: 'Información' });
    expect(screen.getByText('Importante').tagName).toBe('B');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await expect(closed).resolves.toEqual({ role: 'cancel' });

    const confirmed = openInfoDialog({ title: 'Otra vez', buttonText: 'Entendido' });
    const again = await screen.findByRole('dialog', { name: 'Otra vez' });
    await user.click(within(again).getByRole('button', { name: 'Entendido' }));
    await expect(confirmed).resolves.toEqual({ role: 'confirm', data: true });
  });

  it('info dialog: a list of buttons confirms with the clicked item, and script in the subtitle is dropped', async () => {
    const user = userEvent.setup();
    renderHost();

    const buttons = [{ label: 'Más tarde', fill: 'clear' as const }, { label: 'Ver ahora' }];
    const result = openInfoDialog({
      title: 'Tenés notificaciones nuevas',
      subTitle:
        '¿Querés acceder a su contenido?<script>window.hacked = true</script><img src=x onerror="window.hacked=true">',
      buttons,
    });
    await screen.findByRole('dialog', { name: 'Tenés notificaciones nuevas' });
    expect(document.querySelector('[role="dialog"] script, [role="dialog"] img[onerror]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver ahora' }));
    await expect(result).resolves.toEqual({ role: 'confirm', data: buttons[1] });
  });
});
