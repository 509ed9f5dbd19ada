/**
 * Contrataciones: found by number, the taker's DNI/CUIT, an IMEI or a plate. An operator voids one
 * ('anulado', everything paid back to Mi dinero) or rejects its data ('invalido'), always with a reason.
 */
import {
  INSURANCE_STATUS_LABELS,
  INSURANCE_STATUSES,
  type OperatorInsurance,
  type VoidInsuranceBody,
  VoidInsuranceBodySchema,
} from '@cubierto/contracts';
import { Radio, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { insurancesQueryOptions, useVoidInsuranceMutation } from '../api/insurances.ts';
import { OperatorForm, TextareaField, useOperatorForm } from '../components/operator-form.tsx';
import { OperatorListPage, RowButton, statusFilter } from '../components/operator-list-page.tsx';
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
  const save = useVoidInsuranceMutation();
  const form = useOperatorForm<VoidInsuranceBody, VoidInsuranceBody>({
    schema: VoidInsuranceBodySchema,
    defaultValues: { status: 'anulado', reason: '' },
  });
  return (
    <OperatorForm
      form={form}
      label={t('admin.insurances.voidTitle', { number: insurance.number })}
      save={(body) => save.mutateAsync({ id: insurance.id, body })}
      saving={save.isPending}
      onDone={onDone}
      submit={{ label: t('admin.insurances.confirm'), color: 'red.8' }}
    >
      <Text size="sm">
        {insurance.customer.name} · {insurance.risk_type_name} · {insurance.coverage_name} ·{' '}
        {insurance.total_nice}
      </Text>
      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <Radio.Group label={t('admin.insurances.action')} value={field.value} onChange={field.onChange}>
            <Stack gap="xs" mt="xs">
              <Radio value="anulado" label={t('admin.insurances.anular')} />
              <Radio value="invalido" label={t('admin.insurances.invalidar')} />
            </Stack>
          </Radio.Group>
        )}
      />
      <Text size="sm" c="dimmed">
        {insurance.paid_at
          ? t('admin.insurances.refundAll', { amount: insurance.total_nice })
          : t('admin.insurances.noRefund')}
      </Text>
      <TextareaField form={form} name="reason" label={t('admin.customers.reason')} />
    </OperatorForm>
  );
}

export function InsurancesPage() {
  const { t } = useTranslation();
  return (
    <OperatorListPage
      list={{ texts: 'admin.insurances', sort: '-id', query: insurancesQueryOptions }}
      filters={[statusFilter(t('admin.status.label'), INSURANCE_STATUSES, INSURANCE_STATUS_LABELS)]}
      columns={[
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
        {
          key: 'ids',
          label: t('admin.insurances.identifiers'),
          render: (i) => i.identifiers.join(', ') || '—',
        },
        { key: 'total', label: t('admin.insurances.total'), sort: 'total', render: (i) => i.total_nice },
        {
          key: 'status',
          label: t('admin.status.label'),
          render: (i) => <StateBadge tone={TONES[i.status] ?? 'off'}>{i.status_label}</StateBadge>,
        },
      ]}
      actions={(i, open) =>
        (i.status === 'pendiente' || i.status === 'vigente') && (
          <RowButton
            variant="default"
            c="red.9"
            onClick={() => open(i)}
            aria-label={t('admin.insurances.voidNamed', { number: i.number })}
          >
            {t('admin.insurances.void')}
          </RowButton>
        )
      }
      dialog={{
        title: (i) => (i ? t('admin.insurances.voidTitle', { number: i.number }) : ''),
        render: (i, close) => i && <VoidForm insurance={i} onDone={close} />,
      }}
    />
  );
}
