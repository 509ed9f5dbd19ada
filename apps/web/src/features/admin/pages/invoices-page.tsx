/**
 * Facturas ARCA: every invoice and credit note by ARCA status (pendiente de CAE, autorizada, rechazada),
 * with ARCA's last messages. A rejected one is sent again with "Reintentar" once what ARCA objected to is
 * fixed (the API audits it); it goes back to pendiente de CAE and the job asks ARCA again.
 */
import { type AdminInvoice, ARCA_STATUS_LABELS, ARCA_STATUSES } from '@cubierto/contracts';
import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { adminInvoicesQueryOptions, useRetryInvoiceMutation } from '../api/invoices.ts';
import { formatDateTime } from '../components/dates.ts';
import { OperatorListPage, RowButton } from '../components/operator-list-page.tsx';
import { StateBadge, type Tone } from '../components/state-badge.tsx';

const TONES: Record<AdminInvoice['arca_status'], Tone> = {
  pendiente_cae: 'warn',
  autorizada: 'ok',
  rechazada: 'bad',
};

/** '2026-12-06' → '06/12/2026'. */
function dayOf(isoDate: string | null): string {
  if (!isoDate) return '—';
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

/** 'Factura B 0001-00000042', or 'Factura B (sin número)' until ARCA gives one. */
function documentName(i: AdminInvoice, t: (key: string) => string) {
  return `${i.kind_label} ${i.letter} ${i.full_number ?? t('admin.invoices.noNumber')}`;
}

function Messages({ invoice }: { invoice: AdminInvoice }) {
  const { t } = useTranslation();
  if (invoice.arca_messages.length === 0) return <Text size="sm">—</Text>;
  return (
    <List size="sm" spacing={2} aria-label={t('admin.invoices.messagesOf', { name: invoice.kind_label })}>
      {invoice.arca_messages.map((m) => (
        <List.Item key={`${m.kind}-${m.code}-${m.message}`}>
          {m.code ? `${m.code}: ` : ''}
          {m.message}
        </List.Item>
      ))}
    </List>
  );
}

function RetryButton({ invoice }: { invoice: AdminInvoice }) {
  const { t } = useTranslation();
  const retry = useRetryInvoiceMutation();
  return (
    <RowButton
      onClick={() => retry.mutate(invoice.id)}
      loading={retry.isPending}
      aria-label={t('admin.invoices.retryNamed', { name: documentName(invoice, t) })}
    >
      {t('admin.invoices.retry')}
    </RowButton>
  );
}

export function InvoicesPage() {
  const { t } = useTranslation();
  return (
    <OperatorListPage
      list={{ texts: 'admin.invoices', sort: '-id', query: adminInvoicesQueryOptions }}
      filters={[
        {
          name: 'arca_status',
          label: t('admin.invoices.status'),
          options: ARCA_STATUSES.map((value) => ({ value, label: ARCA_STATUS_LABELS[value] })),
        },
      ]}
      columns={[
        {
          key: 'document',
          label: t('admin.invoices.document'),
          render: (i) => (
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {documentName(i, t)}
              </Text>
              {i.cae && (
                <Text size="xs" c="dimmed">
                  CAE {i.cae} · {t('admin.invoices.caeDue', { date: dayOf(i.cae_due_on) })}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          key: 'recipient',
          label: t('admin.invoices.recipient'),
          render: (i) => `${i.recipient.name} (${i.recipient.document_type} ${i.recipient.document_number})`,
        },
        { key: 'total', label: t('admin.invoices.total'), sort: 'total', render: (i) => i.total_nice },
        {
          key: 'status',
          label: t('admin.invoices.status'),
          render: (i) => (
            <StateBadge tone={TONES[i.arca_status]}>{ARCA_STATUS_LABELS[i.arca_status]}</StateBadge>
          ),
        },
        { key: 'messages', label: t('admin.invoices.messages'), render: (i) => <Messages invoice={i} /> },
        {
          key: 'attempts',
          label: t('admin.invoices.attempts'),
          render: (i) =>
            i.arca_attempts === 0 ? (
              '—'
            ) : (
              <Stack gap={0}>
                <Text size="sm">{i.arca_attempts}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(i.arca_last_attempt_at)}
                </Text>
              </Stack>
            ),
        },
      ]}
      actions={(i) => i.arca_status === 'rechazada' && <RetryButton invoice={i} />}
    />
  );
}
