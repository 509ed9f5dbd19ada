/**
 * Cubierto's look: a deep teal brand colour, a warm coral as secondary, rounded cards, system fonts
 * (the CSP allows fonts only from our own origin, and system fonts cost nothing to load).
 */
import {
  type ActionIconProps,
  type ButtonProps,
  type CloseButtonProps,
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  getSize,
  type MantineColorsTuple,
  parseThemeColor,
  rgba,
  type VariantColorsResolver,
} from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e7f6f7',
  '#c9e9ec',
  '#9fd6dc',
  '#6fbfc8',
  '#45a8b4',
  '#2a8f9c',
  '#1b7683',
  '#135f6b',
  '#0d4b56',
  '#073842',
];

const secondary: MantineColorsTuple = [
  '#fff0ea',
  '#ffdccf',
  '#fdb9a0',
  '#f9936e',
  '#f47447',
  '#ee5f2e',
  '#d94f20',
  '#b43f17',
  '#933413',
  '#73290f',
];

/** Warning and information colours whose shade 7 (buttons) keeps white text above 4.5:1. */
const warning: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

const info: MantineColorsTuple = [
  '#eff6ff',
  '#dbeafe',
  '#bfdbfe',
  '#93c5fd',
  '#60a5fa',
  '#3b82f6',
  '#2563eb',
  '#1d4ed8',
  '#1e40af',
  '#1e3a8a',
];

/** sRGB channels of a #rrggbb colour. */
function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function relativeLuminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours given as channels. */
export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const TINT = 0.1;

/**
 * 'light' with a shade (color="red.9") means a pale tint of that colour with the shade as text: the
 * readable pairing. Mantine's default paints the shade solid behind its pale "light" text instead, which
 * hid alerts' titles and retry buttons. Where the shade itself reads at less than 4.5:1 on its tint
 * (orange.9, green.9), the text is darkened until it does (WCAG AA).
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'light' && parsed.isThemeColor && parsed.shade !== undefined) {
    const shade = input.theme.colors[parsed.color]![parsed.shade]!;
    const tinted = channels(shade).map((c) => Math.round(255 * (1 - TINT) + c * TINT)) as [
      number,
      number,
      number,
    ];
    let text = channels(shade);
    while (contrast(text, tinted) < 4.5) text = text.map((c) => Math.round(c * 0.9)) as typeof text;
    return {
      background: rgba(shade, TINT),
      hover: rgba(shade, 0.16),
      color: `rgb(${text.join(', ')})`,
      border: '1px solid transparent',
    };
  }
  return defaultVariantColorsResolver(input);
};

/**
 * Touch targets (WCAG 2.2 2.5.8, spec's phone layout): a button is at least 44 px high, a compact one,
 * an icon button and a close "×" at least 24 × 24 px, whatever size the screen asked for; the menu button
 * is 44 × 44. Radios and checkboxes default to 24 px.
 */
export const TOUCH_TARGET = { primary: '2.75rem', minimum: '1.5rem' } as const;

function atLeast(minimum: string, size: string | undefined): string {
  return size ? `max(${minimum}, ${size})` : minimum;
}

/*
 * Plain objects, not Button.extend(…): the theme module is evaluated before Mantine's components in the
 * built app's chunks, where `Button` is still undefined.
 */
export const touchTargets = {
  Button: {
    defaultProps: { radius: 'md' },
    vars: (_theme: unknown, { size = 'sm' }: ButtonProps) => ({
      root: {
        '--button-height': String(size).startsWith('compact')
          ? atLeast(TOUCH_TARGET.minimum, getSize(size, 'button-height'))
          : atLeast(TOUCH_TARGET.primary, getSize(size, 'button-height')),
      },
    }),
  },
  ActionIcon: {
    vars: (_theme: unknown, { size = 'md' }: ActionIconProps) => ({
      root: { '--ai-size': atLeast(TOUCH_TARGET.minimum, getSize(size, 'ai-size')) },
    }),
  },
  CloseButton: {
    vars: (_theme: unknown, { size = 'md' }: CloseButtonProps) => ({
      root: { '--cb-size': atLeast(TOUCH_TARGET.minimum, getSize(size, 'cb-size')) },
    }),
  },
  Burger: { styles: { root: { minWidth: TOUCH_TARGET.primary, minHeight: TOUCH_TARGET.primary } } },
  // A link standing alone (a flex item, a block) is 24 px high; min-height leaves a link in a sentence alone.
  Anchor: { styles: { root: { minHeight: TOUCH_TARGET.minimum } } },
  Radio: { defaultProps: { size: 'md' } },
  Checkbox: { defaultProps: { size: 'md' } },
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: 7,
  // A visitor who asked the system for less motion gets toasts, dialogs and menus without their fades.
  respectReducedMotion: true,
  colors: { brand, secondary, warning, info },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '700' },
  radius: { md: '10px', lg: '16px', xl: '24px' },
  components: {
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    ...touchTargets,
  },
});

/** Mantine's default dimmed, placeholder and error colours are too light for WCAG AA text contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
