/**
 * Shown when a page fails to load or render, most often a stale page asking for a file a newer build
 * replaced. Reloading fetches the current build.
 */
import { Button, Center, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center mih="100dvh" p="lg">
      <Stack align="center" maw={420} ta="center" component="main">
        <Image src="/assets/images/maintenance.svg" alt="" w={160} />
        <Title order={1} fz="h2">
          {notFound ? t('routeError.notFoundTitle') : t('routeError.title')}
        </Title>
        <Text c="dimmed">{notFound ? t('routeError.notFoundDescription') : t('routeError.description')}</Text>
        <Button onClick={() => window.location.assign('/')}>{t('routeError.button')}</Button>
      </Stack>
    </Center>
  );
}
