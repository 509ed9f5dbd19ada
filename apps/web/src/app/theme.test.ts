import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, theme, touchTargets, variantColorResolver } from './theme.ts';

const full = mergeMantineTheme(DEFAULT_THEME, theme);

describe('variant colours', () => {
  it("'light' with a shade is a pale tint with the dark shade as text, not the shade painted solid", () => {
    const colors = variantColorResolver({ color: 'red.9', theme: full, variant: 'light' });
    expect(colors.color).toBe('rgb(201, 42, 42)'); // red.9 itself: it reads well enough on its tint
    expect(colors.background).toBe('rgba(201, 42, 42, 0.1)');
  });

  it.each(['red.9', 'orange.9', 'green.9', 'yellow.9', 'grape.9', 'brand.7', 'orange.5'])(
    "%s as 'light' reads at 4.5:1 or more on its tint (WCAG AA)",
    (color) => {
      const colors = variantColorResolver({ color, theme: full, variant: 'light' });
      const rgb = (css: string) => css.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number];
      const alpha = Number(colors.background.match(/[\d.]+\)$/)![0].slice(0, -1));
      const tint = rgb(colors.background).map((c) => Math.round(255 * (1 - alpha) + c * alpha)) as [
        number,
        number,
        number,
      ];
      expect(contrast(rgb(colors.color), tint)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("leaves 'light' without a shade and the other variants to Mantine", () => {
    expect(variantColorResolver({ color: 'red', theme: full, variant: 'light' }).background).toBe(
      'var(--mantine-color-red-light)',
    );
    expect(variantColorResolver({ color: 'red.9', theme: full, variant: 'filled' }).background).toBe(
      'var(--mantine-color-red-9)',
    );
  });
});

describe('touch targets (WCAG 2.2 2.5.8)', () => {
  const root = (vars: unknown) => (vars as { root: Record<string, string> }).root;

  it('a button is at least 44 px high, a compact one at least 24 px', () => {
    expect(root(touchTargets.Button.vars(full, {}))['--button-height']).toBe(
      'max(2.75rem, var(--button-height-sm))',
    );
    expect(root(touchTargets.Button.vars(full, { size: 'compact-xs' }))['--button-height']).toBe(
      'max(1.5rem, var(--button-height-compact-xs))',
    );
  });

  it('an icon button and a close × are at least 24 px, whatever size the screen asked for', () => {
    expect(root(touchTargets.ActionIcon.vars(full, { size: 'xs' }))['--ai-size']).toBe(
      'max(1.5rem, var(--ai-size-xs))',
    );
    expect(root(touchTargets.CloseButton.vars(full, { size: 'sm' }))['--cb-size']).toBe(
      'max(1.5rem, var(--cb-size-sm))',
    );
  });

  it('radios and checkboxes are 24 px by default, the menu button 44 × 44', () => {
    expect(touchTargets.Radio.defaultProps.size).toBe('md');
    expect(touchTargets.Checkbox.defaultProps.size).toBe('md');
    expect(touchTargets.Burger.styles.root).toEqual({ minWidth: '2.75rem', minHeight: '2.75rem' });
  });
});
