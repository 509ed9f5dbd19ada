/**
 * Mantenimiento: while on, customers see 'Mantenimiento programado' (spec §4) with this message; the
 * back office keeps working. Turning it off brings them back.
 */
import { MaintenanceBodySchema } from '@cubierto/contracts';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { maintenanceQueryOptions, useSaveMaintenanceMutation } from '../api/maintenance.ts';
import { TextareaField, useOperatorForm } from '../components/operator-form.tsx';
import { StateBadge } from '../components/state-badge.tsx';

/** The message as typed; an empty one is none. Whether maintenance is on is the button pressed. */
const MessageSchema = MaintenanceBodySchema.pick({ message: true });

export function MaintenancePage() {
  const { t } = useTranslation();
  const query = useQuery(maintenanceQueryOptions);
  const save = useSaveMaintenanceMutation();
  const form = useOperatorForm({
    schema: MessageSchema,
    defaultValues: { message: '' },
    toBody: (values) => ({ message: values.message.trim() || null }),
  });
  const { reset } = form;
  useEffect(() => {
    if (query.data) reset({ message: query.data.message ?? '' });
  }, [query.data, reset]);

  const switchTo = (enabled: boolean) =>
    form.handleSubmit(async ({ message }) => {
      try {
        await save.mutateAsync({ enabled, message });
      } catch (error) {
        if (!form.applyApiErrors(error)) handleError(error);
      }
    })();

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
            <TextareaField
              form={form}
              name="message"
              label={t('admin.maintenance.message')}
              description={t('admin.maintenance.messageHelp')}
              minRows={3}
              maxLength={500}
            />
            <Group>
              {enabled ? (
                <>
                  <Button color="teal.9" loading={save.isPending} onClick={() => void switchTo(false)}>
                    {t('admin.maintenance.turnOff')}
                  </Button>
                  <Button variant="default" loading={save.isPending} onClick={() => void switchTo(true)}>
                    {t('admin.maintenance.update')}
                  </Button>
                </>
              ) : (
                <Button color="red.8" loading={save.isPending} onClick={() => void switchTo(true)}>
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
