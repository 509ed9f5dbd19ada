/**
 * The body of a dialog that can be closed from its corner: the round close button (closing is a
 * 'cancel'), then, centred, what heads it (an icon, an image), its title and the rest.
 */
import { Box, CloseButton, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';

export function ClosableDialog(props: {
  onClose: () => void;
  head?: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box pos="relative" pt="md">
      <CloseButton
        aria-label={t('common.close')}
        onClick={props.onClose}
        size="lg"
        radius="xl"
        pos="absolute"
        top={-4}
        right={-4}
      />
      <Stack align="center" gap="md">
        {props.head}
        <Modal.Title fw={700} ta="center" fz="xl">
          {props.title}
        </Modal.Title>
        {props.children}
      </Stack>
    </Box>
  );
}
