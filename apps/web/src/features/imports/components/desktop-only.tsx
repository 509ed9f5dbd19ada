/**
 * Imports are used at desktop width only (spec §2: the menu item is hidden below 992 px). Someone who
 * reaches the page on a phone by a link is told so instead of getting a cramped table.
 */
import { Alert } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconInfo } from '../../../shared/ui/icons.tsx';

export const DESKTOP_QUERY = '(min-width: 62em)';

export function DesktopOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  if (desktop) return children;
  return (
    <Alert variant="light" color="brand" icon={<IconInfo />} title={t('imports.desktopOnly.title')}>
      {t('imports.desktopOnly.description')}
    </Alert>
  );
}
