/**
 * Shown when a page fails to load or render, most often a stale page asking for a file a newer build
 * replaced. Reloading fetches the current build. The error is reported (observability/error-reporting.ts).
 */
import { Button, Center, Image, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../shared/observability/error-reporting.ts';

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A page that failed to draw is a bug (or a stale build): reported, an unknown address is not.
  useEffect(() => {
    if (!notFound) reportError(error, { kind: 'render' });
  }, [error, notFound]);
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
