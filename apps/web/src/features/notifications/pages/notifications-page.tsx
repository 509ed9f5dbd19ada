/**
 * 'Notificaciones' (spec §2 `notifications`): the customer's notifications, unread first and marked as
 * new, ten a page; 'Marcar todas como leídas'; an empty state; and, on a browser that can receive them,
 * the offer to turn on push notifications for this device. Opening one goes through
 * notifications/list/{id}, which marks it read and leads to what it is about.
 */
import { Badge, Box, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatLongDate } from '../../../shared/format/format.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { IconBell } from '../../../shared/ui/icons.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { notificationsQueryOptions } from '../api/notification-list.ts';
import { useReadAllNotificationsMutation } from '../api/read-all-notifications.ts';
import { PushOffer } from '../components/push-offer.tsx';
import classes from './notifications.module.css';

export function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(notificationsQueryOptions(page));
  const markAll = useReadAllNotificationsMutation();

  const readAll = async () => {
    try {
      const { updated, failed } = await markAll.mutateAsync();
      if (failed > 0)
        showToast({ type: 'warning', message: t('notifications.someNotRead', { count: failed }) });
      else
        showToast({
          type: 'success',
          message: t('notifications.allRead', { count: updated }),
          duration: 3_000,
        });
    } catch (error) {
      handleError(error, 32);
    }
  };

  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('notifications.title')}
          </Title>
          <Text c="dimmed">{t('notifications.description')}</Text>
        </Stack>
        {!!query.data?.meta.unread && (
          <Button variant="light" onClick={() => void readAll()} loading={markAll.isPending}>
            {t('notifications.readAll')}
          </Button>
        )}
      </Group>

      <PushOffer />

      <PagedList
        query={query}
        page={page}
        onPageChange={setPage}
        loadError={t('notifications.loadError')}
        empty={{
          icon: <IconBell size={28} />,
          title: t('notifications.emptyTitle'),
          description: t('notifications.emptyDescription'),
        }}
        skeletons={{ count: 3, height: 76 }}
      >
        {(notifications) => (
          <ul className={classes.list} aria-label={t('notifications.listLabel')}>
            {notifications.map((item) => {
              const unread = !item.read_at;
              return (
                <li key={item.id}>
                  <UnstyledButton
                    component={Link}
                    to={`/notifications/list/${item.id}`}
                    className={classes.item}
                    data-unread={unread || undefined}
                  >
                    <Box className={classes.dot} aria-hidden="true" />
                    <Stack gap={2} miw={0} style={{ flex: 1 }}>
                      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                        <Text fw={unread ? 700 : 500} lineClamp={2}>
                          {item.notification.title}
                        </Text>
                        {unread && (
                          <Badge size="sm" variant="filled" color="brand" className={classes.badge}>
                            {t('notifications.unread')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c={unread ? undefined : 'dimmed'} lineClamp={2}>
                        {item.notification.body}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatLongDate(item.notification.created_at)}
                      </Text>
                    </Stack>
                  </UnstyledButton>
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
    </Stack>
  );
}
