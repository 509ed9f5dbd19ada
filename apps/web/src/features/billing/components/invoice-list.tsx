/**
 * The customer's invoices and credit notes, newest first, ten a page. An authorised one shows ARCA's
 * number and its PDF download; until ARCA gives its CAE it says "En proceso" (a rejected one too: an
 * operator fixes it), and the list looks again every few seconds.
 */
import { formatDocumentNumber, type Invoice } from '@cubierto/contracts';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../shared/format/format.ts';
import { IconReceipt } from '../../../shared/ui/icons.tsx';
import { PagedQueryList } from '../../../shared/ui/paged-query-list.tsx';
import { IconDownload } from '../../../shared/ui/product-icons.tsx';
import { downloadInvoice, invoicesQueryOptions } from '../api/invoices.ts';

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const authorised = invoice.arca_status === 'autorizada' && invoice.full_number !== null;
  const name = authorised
    ? `${invoice.kind_label} ${invoice.letter} ${invoice.full_number}`
    : `${invoice.kind_label} ${invoice.letter}`;
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{name}</Text>
            {invoice.kind === 'credit_note' && (
              <Badge variant="light" color="orange.9">
                {t('billing.invoices.creditNote')}
              </Badge>
            )}
            {!authorised && (
              <Badge variant="light" color="gray" c="gray.8" tt="none" miw="max-content">
                {t('billing.invoices.inProcess')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {formatLongDate(invoice.issued_at)}
            {invoice.insurance_number
              ? ` · ${t('billing.invoices.insurance', { number: invoice.insurance_number })}`
              : ''}
            {invoice.import_id ? ` · ${t('billing.invoices.import', { id: invoice.import_id })}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {invoice.recipient.name} · {invoice.recipient.document_type}{' '}
            {formatDocumentNumber(invoice.recipient.document_type, invoice.recipient.document_number)}
          </Text>
          {!authorised && (
            <Text size="sm" c="dimmed">
              {t('billing.invoices.inProcessText')}
            </Text>
          )}
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Text fw={700}>{invoice.total_nice}</Text>
          {authorised && (
            <Button
              variant="light"
              leftSection={<IconDownload size={18} />}
              loading={downloading}
              aria-label={t('billing.invoices.downloadLabel', { name })}
              onClick={async () => {
                setDownloading(true);
                await downloadInvoice(invoice);
                setDownloading(false);
              }}
            >
              {t('billing.invoices.download')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

export function InvoiceList() {
  const { t } = useTranslation();
  return (
    <PagedQueryList
      pages={invoicesQueryOptions}
      loadError={t('billing.invoices.loadError')}
      empty={{
        icon: <IconReceipt size={28} />,
        title: t('billing.invoices.emptyTitle'),
        description: t('billing.invoices.emptyDescription'),
      }}
    >
      {(invoices) => (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </Stack>
      )}
    </PagedQueryList>
  );
}
