/**
 * Notificaciones: one message to a segment of customers (everyone, those with an insurance in force, or
 * with one of a risk type in force). It reaches their list of notifications and, where allowed, a push.
 */
import { type BroadcastBody, BroadcastBodySchema } from '@cubierto/contracts';
import { Alert, Button, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { openAlert } from '../../../shared/dialogs/dialogs.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { useAdminMutation } from '../api/mutations.ts';
import { broadcast } from '../api/operations.ts';
import { bodyResolver } from '../components/body-resolver.ts';
import { riskTypeOptions } from './policies-page.tsx';

type BroadcastForm = { segment: BroadcastBody['segment']; risk_type: string; title: string; body: string };

export function BroadcastPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<number | null>(null);
  const send = useAdminMutation(['notifications'], broadcast, 'admin.broadcast.sent');
  const form = useForm<BroadcastForm, unknown, BroadcastBody>({
    defaultValues: { segment: 'all', risk_type: '', title: '', body: '' },
    resolver: bodyResolver(BroadcastBodySchema, (v: BroadcastForm) => ({
      segment: v.segment,
      ...(v.segment === 'risk_type' ? { risk_type: v.risk_type || undefined } : {}),
      title: v.title,
      body: v.body,
    })),
  });
  const segment = useWatch({ control: form.control, name: 'segment' });
  const errors = form.formState.errors;
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
      handleError(error);
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
            <Controller
              control={form.control}
              name="segment"
              render={({ field }) => (
                <Select
                  label={t('admin.broadcast.segment')}
                  data={(['all', 'in_force', 'risk_type'] as const).map((value) => ({
                    value,
                    label: t(`admin.broadcast.segments.${value}`),
                  }))}
                  allowDeselect={false}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'all')}
                />
              )}
            />
            {segment === 'risk_type' && (
              <Controller
                control={form.control}
                name="risk_type"
                render={({ field }) => (
                  <Select
                    label={t('admin.policies.riskType')}
                    data={riskTypeOptions}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={errors.risk_type?.message}
                  />
                )}
              />
            )}
            <TextInput
              label={t('admin.broadcast.titleLabel')}
              maxLength={80}
              {...form.register('title')}
              error={errors.title?.message}
            />
            <Textarea
              label={t('admin.broadcast.body')}
              autosize
              minRows={3}
              maxLength={500}
              {...form.register('body')}
              error={errors.body?.message}
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
