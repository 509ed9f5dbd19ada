/** The "¿Qué es esto?" of each insurance word: a named button that opens its plain-Spanish explanation. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../test/render.tsx';
import { GLOSSARY_TERMS, Glossary, GlossaryLabel, glossaryTermOfField } from './glossary.tsx';

const WORDS = {
  prima: 'Prima',
  premio: 'Premio',
  recargos: 'Recargos',
  impuestos: 'Impuestos',
  franquicia: 'Franquicia',
  tomador: 'Tomador',
  sumaAsegurada: 'Suma asegurada',
  contratanteDesignado: 'Contratante designado',
} as const;

describe('the glossary', () => {
  it.each(GLOSSARY_TERMS)(
    '%s: "¿Qué es esto?" opens its explanation, a second tap closes it',
    async (term) => {
      const user = userEvent.setup();
      renderWithMantine(<Glossary term={term} />);
      const button = screen.getByRole('button', { name: `¿Qué es esto? ${WORDS[term]}` });
      expect(button.textContent).toContain('¿Qué es esto?');
      await user.click(button);
      // { hidden: true } skips jsdom's style checks, seconds long on a loaded machine with Mantine's CSS.
      const dialog = await screen.findByRole('dialog', { hidden: true }, { timeout: 8000 });
      // Named by the word it explains (the browser tests find it by that name and close it with Escape).
      const label = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
      expect(label?.textContent).toBe(WORDS[term]);
      expect(dialog).toContainElement(label);
      // A sentence of its own, not the word repeated.
      expect(dialog.textContent?.length).toBeGreaterThan(WORDS[term].length + 40);
      await user.click(button);
      await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull(), {
        timeout: 5000,
      });
    },
  );

  it('says what the premio is in relation to the prima, with voseo', async () => {
    const user = userEvent.setup();
    renderWithMantine(<GlossaryLabel term="premio">Premio</GlossaryLabel>);
    expect(screen.getByText('Premio')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '¿Qué es esto? Premio' }));
    expect((await screen.findByRole('dialog', { hidden: true }, { timeout: 8000 })).textContent).toMatch(
      /pagás en total: la prima más los recargos/,
    );
  });

  it('knows the coverage fields that are insurance words', () => {
    expect(glossaryTermOfField('insured_amount', 'Suma asegurada')).toBe('sumaAsegurada');
    expect(glossaryTermOfField('life_amount', 'Suma asegurada por fallecimiento')).toBe('sumaAsegurada');
    expect(glossaryTermOfField('franchise', 'Franquicia')).toBe('franquicia');
    expect(glossaryTermOfField('robbery_wallet_amount', 'Robo de billetera')).toBeUndefined();
  });
});
