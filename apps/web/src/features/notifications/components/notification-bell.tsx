/** The header's bell: opens 'Notificaciones' and shows how many are unread (nothing when none or unknown). */
import { ActionIcon, Indicator } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconBell } from '../../../shared/ui/icons.tsx';
import { unreadCountQueryOptions } from '../api/unread-count.ts';

export function NotificationBell() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useQuery(unreadCountQueryOptions);
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      offset={6}
      color="secondary"
      disabled={unread === 0}
      inline
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="xl"
        radius="xl"
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
      >
        <IconBell size={22} />
      </ActionIcon>
    </Indicator>
  );
}
