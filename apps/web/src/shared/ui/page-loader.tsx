/** A centred spinner for a page whose data or code is still on its way. */
import { Center, Loader } from '@mantine/core';
import { t } from '../i18n/i18n.ts';

export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center h={fullScreen ? '100dvh' : 240} role="status" aria-label={t('loading.default')}>
      <Loader />
    </Center>
  );
}
