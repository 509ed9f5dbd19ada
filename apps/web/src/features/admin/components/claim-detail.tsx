/**
 * One claim as the operator handles it (DOMAIN.md: recibido → en_revision → aprobado | rechazado;
 * aprobado → pagado, which credits Mi dinero): its timeline, files and messages, the status change with
 * a message (checked with the same rules the API applies) and a message to the customer.
 */
import {
  ChangeClaimStatusBodySchema,
  CLAIM_STATUS_LABELS,
  ClaimMessageBodySchema,
  type ClaimStatus,
  checkClaimTransition,
  nextClaimStatuses,
} from '@cubierto/contracts';
import {
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { bodyFormSchema } from '../../../shared/forms/body-form-schema.ts';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { useEditClearsError } from '../../../shared/forms/use-edit-clears-error.ts';
import {
  claimQueryOptions,
  useChangeClaimStatusMutation,
  usePostClaimMessageMutation,
} from '../api/claims.ts';
import { pesosToCents } from './amounts.ts';
import { formatDateTime } from './dates.ts';
import { StateBadge, type Tone } from './state-badge.tsx';

export const CLAIM_TONES: Record<ClaimStatus, Tone> = {
  recibido: 'warn',
  en_revision: 'info',
  aprobado: 'ok',
  rechazado: 'bad',
  pagado: 'off',
};

function newKey(): string {
  return crypto.randomUUID();
}

/** The status form as the operator fills it: the amount in pesos, as typed. */
type StatusValues = { status: ClaimStatus | null; message: string; approved_amount_cents: string };

function toStatusBody(values: StatusValues) {
  const message = values.message.trim();
  return {
    status: values.status ?? undefined,
    ...(message ? { message } : {}),
    ...(values.status === 'aprobado'
      ? { approved_amount_cents: pesosToCents(values.approved_amount_cents) }
      : {}),
  };
}

/** The API's body schema, then the transition rule the API applies (DOMAIN.md). */
function statusFormSchema(from: ClaimStatus) {
  return bodyFormSchema(ChangeClaimStatusBodySchema, toStatusBody, (values) => {
    if (!values.status) return [];
    const body = toStatusBody(values);
    return [
      checkClaimTransition(from, {
        to: values.status,
        message: body.message,
        amountCents: body.approved_amount_cents ?? null,
      }),
    ];
  });
}

function StatusForm({ claimId, status }: { claimId: number; status: ClaimStatus }) {
  const { t } = useTranslation();
  const options = nextClaimStatuses(status);
  const form = useApiForm({
    schema: statusFormSchema(status),
    defaultValues: { status: options[0] ?? null, message: '', approved_amount_cents: '' },
    // A message stands until the next try; changing its field takes it away.
    reValidateMode: 'onSubmit',
  });
  // One key per intended change: a retry after a network failure cannot pay twice.
  const [key, setKey] = useState(newKey);
  useEditClearsError(form, (field) => {
    if (field === 'status') setKey(newKey());
  });
  const to = useWatch({ control: form.control, name: 'status' });
  const change = useChangeClaimStatusMutation();
  if (!options.length) return <Text c="dimmed">{t('admin.claims.final')}</Text>;

  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await change.mutateAsync({ id: claimId, body, idempotencyKey: key });
      setKey(newKey());
      form.reset({ status: body.status, message: '', approved_amount_cents: '' });
    } catch (error) {
      if (!form.applyApiErrors(error)) handleError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.claims.changeStatus')}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('admin.claims.changeStatus')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select
                label={t('admin.claims.newStatus')}
                data={options.map((value) => ({ value, label: CLAIM_STATUS_LABELS[value] }))}
                value={field.value}
                onChange={(value) => field.onChange(value as ClaimStatus | null)}
                onBlur={field.onBlur}
                ref={field.ref}
                allowDeselect={false}
                error={errors.status?.message}
              />
            )}
          />
          {to === 'aprobado' && (
            <TextInput
              label={t('admin.claims.amount')}
              inputMode="decimal"
              leftSection="$"
              {...form.register('approved_amount_cents')}
              error={errors.approved_amount_cents?.message}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={t('admin.claims.statusMessage')}
          description={to === 'rechazado' ? t('admin.claims.reasonRequired') : undefined}
          autosize
          minRows={2}
          {...form.register('message')}
          error={errors.message?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('admin.claims.apply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MessageForm({ claimId }: { claimId: number }) {
  const { t } = useTranslation();
  const form = useApiForm({
    schema: ClaimMessageBodySchema,
    defaultValues: { body: '' },
    reValidateMode: 'onSubmit',
  });
  useEditClearsError(form);
  const send = usePostClaimMessageMutation();
  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await send.mutateAsync({ id: claimId, body });
      form.reset({ body: '' });
    } catch (error) {
      if (!form.applyApiErrors(error)) handleError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.claims.writeMessage')}>
      <Stack gap="xs">
        <Textarea
          label={t('admin.claims.writeMessage')}
          autosize
          minRows={2}
          {...form.register('body')}
          error={form.formState.errors.body?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={send.isPending}>
            {t('admin.claims.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ClaimDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useQuery(claimQueryOptions(id));
  const claim = query.data;
  if (!claim) return <Skeleton height={300} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={600}>
          {claim.customer.name} · {claim.customer.email}
        </Text>
        <StateBadge tone={CLAIM_TONES[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</StateBadge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">
          {t('admin.claims.insurance')}: {claim.insurance.number} ({claim.insurance.risk_type_name})
        </Text>
        <Text size="sm">
          {t('admin.claims.risk')}: {claim.risk.label}
        </Text>
        <Text size="sm">
          {t('admin.claims.incidentDate')}: {claim.incident_date}
        </Text>
        <Text size="sm">
          {t('admin.claims.place')}: {claim.place}
        </Text>
        {claim.approved_amount_nice && (
          <Text size="sm" fw={600}>
            {t('admin.claims.amount')}: {claim.approved_amount_nice}
          </Text>
        )}
      </SimpleGrid>
      <Text size="sm">{claim.description}</Text>
      {claim.attachments.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.claims.files', { count: claim.attachments.length })}:{' '}
          {claim.attachments.map((a) => a.name).join(', ')}
        </Text>
      )}
      <Divider />
      <Title order={3} size="h5">
        {t('admin.claims.timeline')}
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={claim.events.length - 1}>
        {claim.events.map((event) => (
          <Timeline.Item key={event.id} title={CLAIM_STATUS_LABELS[event.status]}>
            <Text size="xs" c="dimmed">
              {formatDateTime(event.created_at)}
            </Text>
            {event.message && <Text size="sm">{event.message}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
      {claim.messages.length > 0 && (
        <Stack gap={6}>
          <Title order={3} size="h5">
            {t('admin.claims.messages')}
          </Title>
          {claim.messages.map((m) => (
            <Text key={m.id} size="sm">
              <strong>
                {m.author === 'operator' ? t('admin.claims.byOperator') : t('admin.claims.byCustomer')}
              </strong>{' '}
              ({formatDateTime(m.created_at)}): {m.body}
            </Text>
          ))}
        </Stack>
      )}
      <Divider />
      <StatusForm key={claim.status} claimId={claim.id} status={claim.status} />
      <MessageForm claimId={claim.id} />
    </Stack>
  );
}
