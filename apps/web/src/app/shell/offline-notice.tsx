/**
 * With no connection, every signed-in screen says so and leads to the certificates kept on the device
 * (issue 7: a customer stopped on the road shows the motorcycle's certificate with no signal).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { IconInfo } from '../../shared/ui/icons.tsx';

export const OFFLINE_CERTIFICATES_PATH = '/certificados';

export function OfflineNotice() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const { pathname } = useLocation();
  if (online) return null;
  return (
    <Alert
      color="brand"
      variant="light"
      icon={<IconInfo />}
      title={t('offline.notice.title')}
      mb="md"
      role="status"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('offline.notice.description')}</Text>
        {pathname !== OFFLINE_CERTIFICATES_PATH && (
          <Button component={Link} to={OFFLINE_CERTIFICATES_PATH} size="xs" variant="filled" color="brand">
            {t('offline.notice.button')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
