/**
 * 'Facturación' (invoice/invoices): the invoice profile (designated billing party) and the invoices and
 * credit notes issued for the customer's payments and refunds, each downloadable as PDF.
 */
import { Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { invoiceProfileQueryOptions } from '../api/invoice-profile.ts';
import { InvoiceList } from '../components/invoice-list.tsx';
import { InvoiceProfileForm } from '../components/invoice-profile-form.tsx';

export function BillingPage() {
  const { t } = useTranslation();
  const profile = useQuery(invoiceProfileQueryOptions);
  const invoicesId = useId();

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('billing.title')}
        </Title>
        <Text c="dimmed">{t('billing.description')}</Text>
      </Stack>
      <Grid gap="lg">
        {/* On a phone the invoices come first: they are what a customer comes here for most often. */}
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2, md: 1 }} data-tour="invoice-profile">
          {profile.isError ? (
            <LoadError description={t('billing.profile.loadError')} onRetry={() => void profile.refetch()} />
          ) : profile.isPending ? (
            <Skeleton h={480} radius="lg" role="status" aria-label={t('loading.default')} />
          ) : (
            <InvoiceProfileForm profile={profile.data} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1, md: 2 }}>
          <Stack gap="sm" component="section" aria-labelledby={invoicesId}>
            <Title order={2} fz="lg" id={invoicesId}>
              {t('billing.invoices.title')}
            </Title>
            <InvoiceList />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
