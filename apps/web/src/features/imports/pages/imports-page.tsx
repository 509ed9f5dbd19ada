/**
 * 'Mis importaciones de seguros' (customers/imports, desktop width only): a new import and the imports so
 * far. Businesses cover many people or objects at once and pay them from Mi crédito.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DesktopOnly } from '../components/desktop-only.tsx';
import { ImportHistory } from '../components/import-history.tsx';
import { NewImportForm } from '../components/new-import-form.tsx';

export function ImportsPage() {
  const { t } = useTranslation();
  const historyId = useId();
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('imports.title')}
        </Title>
        <Text c="dimmed">{t('imports.description')}</Text>
      </Stack>
      <DesktopOnly>
        <Stack gap="lg">
          <NewImportForm />
          <Stack gap="sm" component="section" aria-labelledby={historyId}>
            <Title order={2} fz="lg" id={historyId}>
              {t('imports.history.title')}
            </Title>
            <ImportHistory />
          </Stack>
        </Stack>
      </DesktopOnly>
    </Stack>
  );
}
