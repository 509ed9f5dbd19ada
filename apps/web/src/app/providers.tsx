/**
 * What every screen relies on: Mantine's theme, translations, the dialog and toast hosts and the loading
 * overlay. TanStack Query is provided by the signed-in area, the only one that uses it. Tests render pages
 * inside the same providers.
 */
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DialogHost } from '../shared/dialogs/dialogs.tsx';
import { i18n } from '../shared/i18n/i18n.ts';
import { LoadingOverlayHost } from '../shared/loading/loading-overlay.tsx';
import { ToastHost } from '../shared/toasts/toasts.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        forceColorScheme="light"
      >
        {children}
        <LoadingOverlayHost />
        <DialogHost />
        <ToastHost />
      </MantineProvider>
    </I18nextProvider>
  );
}
