/** What a page shows when its data could not be loaded: what failed, why it may have, and a retry. */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlert } from './icons.tsx';

type LoadErrorProps = { title?: string; description: string; onRetry: () => void };

export function LoadError({ title, description, onRetry }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red.9" variant="light" icon={<IconAlert />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{description}</Text>
        <Button size="xs" variant="light" color="red.9" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
