/**
 * Notificaciones: one message to a segment of customers (everyone, those with an insurance in force, or
 * with one of a risk type in force). It reaches their list of notifications and, where allowed, a push.
 */
import { type BroadcastBody, BroadcastBodySchema } from '@cubierto/contracts';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { openAlert } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { useBroadcastMutation } from '../api/broadcast.ts';
import { SelectField, TextareaField, TextField, useOperatorForm } from '../components/operator-form.tsx';
import { riskTypeOptions } from './policies-page.tsx';

type BroadcastForm = { segment: BroadcastBody['segment']; risk_type: string; title: string; body: string };

export function BroadcastPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<number | null>(null);
  const send = useBroadcastMutation();
  const form = useOperatorForm<BroadcastForm, BroadcastBody>({
    schema: BroadcastBodySchema,
    defaultValues: { segment: 'all', risk_type: '', title: '', body: '' },
    toBody: (v) => ({
      segment: v.segment,
      ...(v.segment === 'risk_type' ? { risk_type: v.risk_type || undefined } : {}),
      title: v.title,
      body: v.body,
    }),
  });
  const segment = useWatch({ control: form.control, name: 'segment' });
  const submit = form.handleSubmit(async (body) => {
    const answer = await openAlert({
      type: 'warning',
      title: t('admin.broadcast.confirmTitle'),
      subTitle: t('admin.broadcast.confirmText'),
      confirmText: t('admin.broadcast.send'),
    });
    if (answer.role !== 'confirm') return;
    try {
      const result = await send.mutateAsync(body);
      setSent(result.recipients);
      form.reset();
    } catch (error) {
      if (!form.applyApiErrors(error)) handleError(error);
    }
  });
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {t('admin.broadcast.title')}
      </Title>
      {sent !== null && (
        <Alert
          color="green.9"
          title={t('admin.broadcast.doneTitle')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setSent(null)}
        >
          {t('admin.broadcast.done', { count: sent })}
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate aria-label={t('admin.broadcast.title')}>
          <Stack gap="md">
            <SelectField
              form={form}
              name="segment"
              label={t('admin.broadcast.segment')}
              data={(['all', 'in_force', 'risk_type'] as const).map((value) => ({
                value,
                label: t(`admin.broadcast.segments.${value}`),
              }))}
              allowDeselect={false}
            />
            {segment === 'risk_type' && (
              <SelectField
                form={form}
                name="risk_type"
                label={t('admin.policies.riskType')}
                data={riskTypeOptions}
              />
            )}
            <TextField form={form} name="title" label={t('admin.broadcast.titleLabel')} maxLength={80} />
            <TextareaField
              form={form}
              name="body"
              label={t('admin.broadcast.body')}
              minRows={3}
              maxLength={500}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                {t('admin.broadcast.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
