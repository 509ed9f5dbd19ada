/**
 * The offer to receive notifications on this device as push notifications (spec §6: only with the
 * user's permission). Shown while the browser has not been asked; after a refusal it says how to change
 * it; nothing when push is on or the browser cannot do it.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { IconBell, IconInfo } from '../../../shared/ui/icons.tsx';
import { enablePush, type PushState, pushState } from '../push/push-client.ts';

export function PushOffer() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState>(pushState);
  const [busy, setBusy] = useState(false);

  if (state === 'granted' || state === 'unsupported') return null;
  if (state === 'denied')
    return (
      <Alert variant="light" color="gray" icon={<IconInfo />} title={t('notifications.push.deniedTitle')}>
        {t('notifications.push.deniedDescription')}
      </Alert>
    );

  const enable = async () => {
    setBusy(true);
    try {
      const next = await enablePush();
      setState(next);
      if (next === 'granted')
        showToast({ type: 'success', message: t('notifications.push.enabled'), duration: 3_000 });
    } catch (error) {
      setState(pushState());
      // The API's answers say what went wrong; the browser's push service failing is told plainly.
      if (error instanceof ApiError) handleError(error, 33);
      else showToast({ type: 'danger', message: t('notifications.push.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert variant="light" color="brand" icon={<IconBell />} title={t('notifications.push.offerTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('notifications.push.offerDescription')}</Text>
        <Button size="xs" onClick={() => void enable()} loading={busy}>
          {t('notifications.push.enable')}
        </Button>
      </Stack>
    </Alert>
  );
}
