/** The instructional modals of spec §2 item 5, every one of them: illustration, what to do, 'Entendido'. */

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../../test/render.tsx';
import { DialogHost } from '../../../shared/dialogs/dialogs.tsx';
import { type InstructionKind, photoInstructionKind, showInstructions } from './instructions.ts';

const KINDS: Array<[InstructionKind, string, RegExp]> = [
  ['bicycle-photo-1', 'Foto 1: la bici completa', /bicicleta completa, de costado.*DNI/s],
  ['bicycle-photo-2', 'Foto 2: el número de cuadro', /número de cuadro.*debajo de los pedales.*DNI/s],
  ['frame-number', 'Número de cuadro', /debajo de los pedales/],
  ['cell-phone-photo-1', 'Foto 1: captura del IMEI', /\*#06#.*captura de pantalla/s],
  ['cell-phone-photo-2', 'Foto 2: selfie en el espejo', /frente a un espejo.*frente de tu DNI/s],
  ['imei', 'Número IMEI', /\*#06#/],
  ['serial-number', 'Número de serie (SN)', /SN/],
];

describe('instructional modals', () => {
  it.each(KINDS)('%s: its illustration, title and text, closed by Entendido', async (kind, title, text) => {
    renderWithMantine(<DialogHost />);
    const understood = showInstructions(kind);
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(dialog.textContent).toMatch(text);
    // Decorative (alt ''): the text says the same.
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(`/assets/contract/${kind}.svg`);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(await understood).toBe(true);
  });

  it.each([
    ['cell-phone', 0],
    ['cell-phone', 1],
    ['bicycle', 0],
    ['bicycle', 1],
  ] as const)('%s photo %i says two images are needed to confirm', async (code, index) => {
    renderWithMantine(<DialogHost />);
    const closed = showInstructions(photoInstructionKind(code, index));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Tenés que subir las dos imágenes para poder confirmar.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(await closed).toBe(true);
  });
});
