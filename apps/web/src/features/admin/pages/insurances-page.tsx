/**
 * Contrataciones: found by number, the taker's DNI/CUIT, an IMEI or a plate. An operator voids one
 * ('anulado', everything paid back to Mi dinero) or rejects its data ('invalido'), always with a reason.
 */
import { INSURANCE_STATUS_LABELS, INSURANCE_STATUSES, VoidInsuranceBodySchema } from '@cubierto/contracts';
import { Button, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { type OperatorInsurance, voidInsurance } from '../api/insurances.ts';
import { listQueryOptions, useListState } from '../api/lists.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { AdminList, type Column } from '../components/admin-list.tsx';
import { AdminModal } from '../components/admin-modal.tsx';
import { StateBadge, type Tone } from '../components/state-badge.tsx';

const TONES: Record<string, Tone> = {
  pendiente: 'warn',
  vigente: 'ok',
  finalizado: 'off',
  cancelado: 'off',
  anulado: 'bad',
  invalido: 'bad',
};

function VoidForm({ insurance, onDone }: { insurance: OperatorInsurance; onDone: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'anulado' | 'invalido'>('anulado');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation(['insurances', 'customers'], voidInsurance);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = VoidInsuranceBodySchema.safeParse({ status, reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    try {
      await save.mutateAsync({ id: insurance.id, body: parsed.data });
      onDone();
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('admin.insurances.voidTitle', { number: insurance.number })}
    >
      <Stack gap="md">
        <Text size="sm">
          {insurance.customer.name} · {insurance.risk_type_name} · {insurance.coverage_name} ·{' '}
          {insurance.total_nice}
        </Text>
        <Radio.Group
          label={t('admin.insurances.action')}
          value={status}
          onChange={(value) => setStatus(value as 'anulado' | 'invalido')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="anulado" label={t('admin.insurances.anular')} />
            <Radio value="invalido" label={t('admin.insurances.invalidar')} />
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          {insurance.paid_at
            ? t('admin.insurances.refundAll', { amount: insurance.total_nice })
            : t('admin.insurances.noRefund')}
        </Text>
        <Textarea
          label={t('admin.customers.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" color="red.8" loading={save.isPending}>
            {t('admin.insurances.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function InsurancesPage() {
  const { t } = useTranslation();
  const [state, update] = useListState('-id');
  const query = useQuery(listQueryOptions<OperatorInsurance>('insurances', state));
  const [target, setTarget] = useState<OperatorInsurance | null>(null);
  const columns: Column<OperatorInsurance>[] = [
    { key: 'number', label: t('admin.insurances.number'), sort: 'number', render: (i) => i.number },
    { key: 'customer', label: t('admin.claims.customer'), render: (i) => i.customer.email },
    {
      key: 'taker',
      label: t('admin.insurances.taker'),
      render: (i) => `${i.taker.name} (${i.taker.document})`,
    },
    {
      key: 'product',
      label: t('admin.insurances.product'),
      render: (i) => `${i.risk_type_name} · ${i.coverage_name}`,
    },
    { key: 'ids', label: t('admin.insurances.identifiers'), render: (i) => i.identifiers.join(', ') || '—' },
    { key: 'total', label: t('admin.insurances.total'), sort: 'total', render: (i) => i.total_nice },
    {
      key: 'status',
      label: t('admin.status.label'),
      render: (i) => <StateBadge tone={TONES[i.status] ?? 'off'}>{i.status_label}</StateBadge>,
    },
    {
      key: 'actions',
      label: t('admin.actions'),
      render: (i) =>
        i.status === 'pendiente' || i.status === 'vigente' ? (
          <Button
            size="xs"
            variant="default"
            c="red.9"
            onClick={() => setTarget(i)}
            aria-label={t('admin.insurances.voidNamed', { number: i.number })}
          >
            {t('admin.insurances.void')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <AdminList
        title={t('admin.insurances.title')}
        searchLabel={t('admin.insurances.search')}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(i) => i.id}
        emptyText={t('admin.insurances.empty')}
        filters={
          <Select
            label={t('admin.status.label')}
            data={INSURANCE_STATUSES.map((value) => ({ value, label: INSURANCE_STATUS_LABELS[value] }))}
            value={state.filters.status ?? null}
            onChange={(value) => update({ filters: { ...state.filters, status: value ?? '' } })}
            clearable
            placeholder={t('admin.all')}
          />
        }
      />
      <AdminModal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={target ? t('admin.insurances.voidTitle', { number: target.number }) : ''}
      >
        {target && <VoidForm insurance={target} onDone={() => setTarget(null)} />}
      </AdminModal>
    </>
  );
}
