/** Draws the dialogs of dialogs.tsx with Mantine's Modal (loaded with the first dialog). */
import {
  Button,
  type ButtonVariant,
  Group,
  Image,
  type MantineColor,
  Modal,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';
import { IconAlert, IconCheck, IconInfo } from '../ui/icons.tsx';
import { ClosableDialog } from './closable-dialog.tsx';
import {
  type AlertOptions,
  type AlertType,
  type CloseDialog,
  type DialogEntry,
  type InfoDialogOptions,
  removeDialog,
} from './dialogs.tsx';
import { sanitizeHtml } from './safe-html.ts';

function HtmlText({ html }: { html: string }) {
  const __html = sanitizeHtml(html);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: reduced to a few formatting tags by sanitizeHtml.
    <Text c="dimmed" ta="center" component="div" dangerouslySetInnerHTML={{ __html }} />
  );
}

const variantOfFill: Record<'solid' | 'outline' | 'clear', ButtonVariant> = {
  solid: 'filled',
  outline: 'outline',
  clear: 'subtle',
};

function InfoDialogView({ options, close }: { options: InfoDialogOptions; close: CloseDialog<unknown> }) {
  return (
    <ClosableDialog
      onClose={() => close('cancel')}
      head={
        options.imgUrl && (
          <Image
            src={options.imgUrl}
            alt=""
            className={options.imgClassName}
            maw={180}
            mah={180}
            fit="contain"
          />
        )
      }
      title={options.title}
    >
      {options.subTitle && <HtmlText html={options.subTitle} />}
      {options.buttons?.length ? (
        <Stack w="100%" gap="xs">
          {options.buttons.map((button) => (
            <Button
              key={button.label}
              fullWidth
              variant={variantOfFill[button.fill ?? 'solid']}
              color={button.color}
              className={button.className}
              onClick={() => close('confirm', button)}
            >
              {button.label}
            </Button>
          ))}
        </Stack>
      ) : (
        options.buttonText && (
          <Button fullWidth color={options.buttonColor ?? 'secondary'} onClick={() => close('confirm', true)}>
            {options.buttonText}
          </Button>
        )
      )}
    </ClosableDialog>
  );
}

const alertLooks: Record<AlertType, { color: MantineColor; icon: ReactNode }> = {
  primary: { color: 'brand', icon: <IconCheck size={30} /> },
  secondary: { color: 'secondary', icon: <IconInfo size={30} /> },
  warning: { color: 'warning', icon: <IconAlert size={30} /> },
  information: { color: 'info', icon: <IconInfo size={30} /> },
};

function AlertView({ options, close }: { options: AlertOptions; close: CloseDialog<unknown> }) {
  const look = alertLooks[options.type ?? 'primary'];
  const cancelText = options.cancelText === undefined ? t('common.cancel') : options.cancelText;
  return (
    <Stack align="center" gap="md" pt="sm">
      <ThemeIcon size={64} radius="xl" variant="light" color={look.color}>
        {look.icon}
      </ThemeIcon>
      <Modal.Title fw={700} ta="center" fz="xl">
        {options.title}
      </Modal.Title>
      {options.subTitle && <HtmlText html={options.subTitle} />}
      <Group w="100%" grow gap="sm" wrap="wrap-reverse" mt="xs">
        {cancelText && (
          <Button variant="default" onClick={() => close('cancel')}>
            {cancelText}
          </Button>
        )}
        <Button
          color={look.color === 'orange' ? 'orange.9' : look.color}
          onClick={() => close('confirm', true)}
          data-autofocus
        >
          {options.confirmText ?? t('common.continue')}
        </Button>
      </Group>
      {options.withBack && (
        <Button variant="subtle" onClick={() => close('cancel', 'back')}>
          {t('common.back')}
        </Button>
      )}
    </Stack>
  );
}

function DialogContent({ entry }: { entry: DialogEntry }) {
  switch (entry.view.kind) {
    case 'info':
      return <InfoDialogView options={entry.view.options} close={entry.close} />;
    case 'alert':
      return <AlertView options={entry.view.options} close={entry.close} />;
    case 'custom':
      return entry.view.render(entry.close);
  }
}

export default function DialogRenderer({ dialogs }: { dialogs: DialogEntry[] }) {
  return dialogs.map((entry) => (
    <Modal
      key={entry.id}
      opened={entry.opened}
      // Our own buttons settle first; anything else that closes the modal is Escape or the backdrop.
      onClose={() => entry.close('backdrop')}
      onExitTransitionEnd={() => removeDialog(entry.id)}
      closeOnEscape={entry.dismissible}
      closeOnClickOutside={entry.dismissible}
      withCloseButton={false}
      centered
      radius={entry.fullScreen ? 0 : 'lg'}
      padding="lg"
      size={entry.size}
      fullScreen={entry.fullScreen}
    >
      <DialogContent entry={entry} />
    </Modal>
  ));
}
