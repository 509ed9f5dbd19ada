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
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
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

/** Whole days since `iso`. */

function newKey(): string {
  return crypto.randomUUID();
}

function StatusForm({ claimId, status }: { claimId: number; status: ClaimStatus }) {
  const { t } = useTranslation();
  const options = nextClaimStatuses(status);
  const [to, setTo] = useState<ClaimStatus | null>(options[0] ?? null);
  const [message, setMessage] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per intended change: a retry after a network failure cannot pay twice.
  const [key, setKey] = useState(newKey);
  const change = useChangeClaimStatusMutation();
  if (!options.length) return <Text c="dimmed">{t('admin.claims.final')}</Text>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!to) return;
    const body = {
      status: to,
      ...(message.trim() ? { message: message.trim() } : {}),
      ...(to === 'aprobado' ? { approved_amount_cents: pesosToCents(amount) } : {}),
    };
    const parsed = ChangeClaimStatusBodySchema.safeParse(body);
    const rule = checkClaimTransition(status, {
      to,
      message: body.message,
      amountCents: to === 'aprobado' ? (body.approved_amount_cents ?? null) : null,
    });
    if (!parsed.success || rule) {
      const found: Record<string, string> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues)
        found[String(issue.path[0])] ??= issue.message;
      if (rule) found[rule.field] ??= rule.message;
      return setErrors(found);
    }
    setErrors({});
    try {
      await change.mutateAsync({ id: claimId, body: parsed.data, idempotencyKey: key });
      setKey(newKey());
      setMessage('');
      setAmount('');
    } catch (error) {
      handleError(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.claims.changeStatus')}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('admin.claims.changeStatus')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('admin.claims.newStatus')}
            data={options.map((value) => ({ value, label: CLAIM_STATUS_LABELS[value] }))}
            value={to}
            onChange={(value) => {
              setTo(value as ClaimStatus | null);
              setKey(newKey());
            }}
            allowDeselect={false}
            error={errors.status}
          />
          {to === 'aprobado' && (
            <TextInput
              label={t('admin.claims.amount')}
              inputMode="decimal"
              leftSection="$"
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setErrors(({ approved_amount_cents: _fixed, ...rest }) => rest);
              }}
              error={errors.approved_amount_cents}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={t('admin.claims.statusMessage')}
          description={to === 'rechazado' ? t('admin.claims.reasonRequired') : undefined}
          autosize
          minRows={2}
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            setErrors(({ message: _fixed, ...rest }) => rest);
          }}
          error={errors.message}
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
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = usePostClaimMessageMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ClaimMessageBodySchema.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    try {
      await send.mutateAsync({ id: claimId, body: parsed.data.body });
      setBody('');
      setError(null);
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.claims.writeMessage')}>
      <Stack gap="xs">
        <Textarea
          label={t('admin.claims.writeMessage')}
          autosize
          minRows={2}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setError(null);
          }}
          error={error}
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
