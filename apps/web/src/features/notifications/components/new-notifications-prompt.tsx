/**
 * The prompt 'Tenés notificaciones nuevas' / '¿Querés acceder a su contenido?' with 'Más tarde' and
 * 'Ver ahora' (spec §2 item 10), closed by itself after 10 s (spec §9). Resolves 'view' when the user
 * wants to see them, 'later' otherwise.
 */
import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { ClosableDialog } from '../../../shared/dialogs/closable-dialog.tsx';
import { type CloseDialog, presentDialog } from '../../../shared/dialogs/dialogs.tsx';
import { t } from '../../../shared/i18n/i18n.ts';
import { IconBell } from '../../../shared/ui/icons.tsx';

export const PROMPT_AUTO_DISMISS_MS = 10_000;

function PromptView({ close }: { close: CloseDialog<'view'> }) {
  return (
    <ClosableDialog
      onClose={() => close('cancel')}
      head={
        <ThemeIcon size={64} radius="xl" variant="light" color="brand">
          <IconBell size={30} />
        </ThemeIcon>
      }
      title={t('notifications.prompt.title')}
    >
      <Text c="dimmed" ta="center">
        {t('notifications.prompt.subtitle')}
      </Text>
      <Group w="100%" grow gap="sm" wrap="wrap-reverse">
        <Button variant="outline" onClick={() => close('cancel')}>
          {t('notifications.prompt.later')}
        </Button>
        <Button onClick={() => close('confirm', 'view')} data-autofocus>
          {t('notifications.prompt.view')}
        </Button>
      </Group>
    </ClosableDialog>
  );
}

export async function askToViewNewNotifications(
  autoDismissMs = PROMPT_AUTO_DISMISS_MS,
): Promise<'view' | 'later'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const result = await presentDialog<'view'>({
    size: 'sm',
    render: (close) => {
      // Drawn again on every render of the dialogs: the 10 s start with the first drawing only.
      timer ??= setTimeout(() => close('cancel'), autoDismissMs);
      return <PromptView close={close} />;
    },
  });
  clearTimeout(timer);
  return result.role === 'confirm' && result.data === 'view' ? 'view' : 'later';
}
