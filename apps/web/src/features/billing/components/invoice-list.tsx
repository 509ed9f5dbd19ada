/** The customer's invoices and credit notes, newest first, ten a page, each with its PDF download. */
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
  const name = `${invoice.kind_label} ${invoice.letter} ${invoice.full_number}`;
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
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Text fw={700}>{invoice.total_nice}</Text>
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
