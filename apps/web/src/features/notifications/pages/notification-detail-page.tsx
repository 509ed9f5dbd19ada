/**
 * notifications/detail (spec §2): a notification that leads nowhere else (a message, a claim or invoice
 * notice before those areas open it): its title, date and text, and the way back to the list.
 */
import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isNotFound } from '../../../shared/api/api-error.ts';
import { formatLongDate } from '../../../shared/format/format.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { notificationQueryOptions } from '../api/notification.ts';

export function NotificationDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...notificationQueryOptions(id), enabled: valid });
  const back = <BackLink to="/notifications" label={t('notifications.back')} />;

  if (!valid || isNotFound(query.error))
    return (
      <Stack gap="md" maw={640} mx="auto">
        {back}
        <Alert color="gray" variant="light" icon={<IconInfo />} title={t('notifications.notFound')} />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md" maw={640} mx="auto">
        {back}
        <LoadError description={t('notifications.loadOneError')} onRetry={() => void query.refetch()} />
      </Stack>
    );
  if (!query.data)
    return (
      <Stack gap="md" maw={640} mx="auto" role="status" aria-busy="true" aria-label={t('loading.default')}>
        <Skeleton h={40} w="60%" />
        <Skeleton h={140} radius="lg" />
      </Stack>
    );

  const { notification } = query.data;
  return (
    <Stack gap="lg" maw={640} mx="auto">
      {back}
      <Card withBorder radius="lg" padding="lg" component="article">
        <Stack gap="sm">
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {notification.title}
          </Title>
          <Text size="sm" c="dimmed">
            {formatLongDate(notification.created_at)}
          </Text>
          <Text style={{ whiteSpace: 'pre-line' }}>{notification.body}</Text>
        </Stack>
      </Card>
    </Stack>
  );
}
