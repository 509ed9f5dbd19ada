/**
 * Mantenimiento: while on, customers see 'Mantenimiento programado' (spec §4) with this message; the
 * back office keeps working. Turning it off brings them back.
 */
import { MaintenanceBodySchema } from '@cubierto/contracts';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { maintenanceQueryOptions, useSaveMaintenanceMutation } from '../api/maintenance.ts';
import { StateBadge } from '../components/state-badge.tsx';

export function MaintenancePage() {
  const { t } = useTranslation();
  const query = useQuery(maintenanceQueryOptions);
  const save = useSaveMaintenanceMutation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (query.data) setMessage(query.data.message ?? '');
  }, [query.data]);

  const switchTo = (enabled: boolean) => {
    const parsed = MaintenanceBodySchema.safeParse({ enabled, message: message.trim() || null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    save.mutate(parsed.data, { onError: (e) => handleError(e) });
  };

  const enabled = query.data?.enabled ?? false;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {t('admin.maintenance.title')}
      </Title>
      {query.isPending ? (
        <Skeleton height={200} />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Group gap="sm">
              <Text fw={600}>{t('admin.maintenance.state')}</Text>
              <StateBadge tone={enabled ? 'bad' : 'ok'} testId="maintenance-state">
                {enabled ? t('admin.maintenance.on') : t('admin.maintenance.off')}
              </StateBadge>
            </Group>
            {enabled && (
              <Alert color="orange.9" title={t('admin.maintenance.activeTitle')}>
                {t('admin.maintenance.activeText')}
              </Alert>
            )}
            <Textarea
              label={t('admin.maintenance.message')}
              description={t('admin.maintenance.messageHelp')}
              autosize
              minRows={3}
              maxLength={500}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              error={error}
            />
            <Group>
              {enabled ? (
                <>
                  <Button color="teal.9" loading={save.isPending} onClick={() => switchTo(false)}>
                    {t('admin.maintenance.turnOff')}
                  </Button>
                  <Button variant="default" loading={save.isPending} onClick={() => switchTo(true)}>
                    {t('admin.maintenance.update')}
                  </Button>
                </>
              ) : (
                <Button color="red.8" loading={save.isPending} onClick={() => switchTo(true)}>
                  {t('admin.maintenance.turnOn')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
