/**
 * Cubierto's look: a deep teal brand colour, a warm coral as secondary, rounded cards, system fonts
 * (the CSP allows fonts only from our own origin, and system fonts cost nothing to load).
 */
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, secondary, warning, info },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '700' },
  radius: { md: '10px', lg: '16px', xl: '24px' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
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
