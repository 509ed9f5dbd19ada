import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, theme, variantColorResolver } from './theme.ts';

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
