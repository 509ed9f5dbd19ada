/** Draws the toasts of toasts.tsx with Mantine notifications (loaded with the first toast). */
import '@mantine/notifications/styles.css';
import { Button, Group } from '@mantine/core';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { t } from '../i18n/i18n.ts';
import { IconAlert, IconCheck, IconInfo, IconX } from '../ui/icons.tsx';
import classes from './toasts.module.css';
import { TOAST_DEFAULT_DURATION, TOAST_LIMIT, type ToastOptions, type ToastType } from './toasts.tsx';

const looks: Record<ToastType, { color: string; icon: ReactNode }> = {
  success: { color: 'green.8', icon: <IconCheck size={18} /> },
  danger: { color: 'red.8', icon: <IconX size={18} /> },
  warning: { color: 'warning', icon: <IconAlert size={18} /> },
  info: { color: 'brand', icon: <IconInfo size={18} /> },
};

let sequence = 0;

export function renderToast({
  type = 'info',
  title,
  message,
  duration = TOAST_DEFAULT_DURATION,
  actions = [],
}: ToastOptions): string {
  // At most two on screen: the oldest makes room (spec §8).
  const visible = notificationsStore.getState().notifications;
  for (const old of visible.slice(0, Math.max(0, visible.length - TOAST_LIMIT + 1))) {
    if (old.id) notifications.hide(old.id);
  }
  sequence += 1;
  const id = `toast-${sequence}`;
  const look = looks[type];
  notifications.show({
    id,
    color: look.color,
    icon: look.icon,
    title,
    autoClose: duration,
    withCloseButton: false,
    'data-toast-type': type,
    message: (
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>{message}</div>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {actions.map((action) => (
            <Button
              key={action.label}
              variant="light"
              size="compact-sm"
              onClick={() => {
                notifications.hide(id);
                action.onClick();
              }}
            >
              {action.label}
            </Button>
          ))}
          <Button variant="subtle" size="compact-sm" onClick={() => notifications.hide(id)}>
            {t('common.close')}
          </Button>
        </Group>
      </Group>
    ),
  });
  return id;
}

export function hideAllToasts(): void {
  notifications.clean();
}

export function ToastContainer() {
  return (
    <Notifications
      position="top-center"
      classNames={{ root: classes.root }}
      limit={TOAST_LIMIT}
      autoClose={TOAST_DEFAULT_DURATION}
      zIndex={1100}
    />
  );
}
