/**
 * The dashboard's ARCA card: which ARCA the invoices go to (local peer, homologación, producción), the
 * point of sale, when the wsfe access ticket expires, and how many documents wait or were rejected.
 */
import { Alert, Anchor, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { arcaStatusQueryOptions } from '../api/invoices.ts';
import { formatDateTime } from './dates.ts';

export function ArcaStatusCard() {
  const { t } = useTranslation();
  const query = useQuery(arcaStatusQueryOptions);
  const data = query.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('admin.invoices.arcaTitle')}>
      <Title order={2} size="h4" mb={4}>
        {t('admin.invoices.arcaTitle')}
      </Title>
      {query.isError ? (
        <Alert color="red">{t('admin.list.error')}</Alert>
      ) : !data ? (
        <Skeleton height={48} />
      ) : (
        <Group gap="xl" wrap="wrap">
          <Text size="sm">
            {t(`admin.invoices.environment.${data.environment}`)} · {t('admin.invoices.pointOfSale')}{' '}
            {String(data.point_of_sale).padStart(4, '0')} · CUIT {data.cuit}
          </Text>
          <Text size="sm" data-testid="arca-ticket-expiry">
            {data.ticket_expires_at
              ? t('admin.invoices.ticketExpires', { date: formatDateTime(data.ticket_expires_at) })
              : t('admin.invoices.ticketUnavailable')}
          </Text>
          <Text size="sm">
            {t('admin.invoices.waiting', { count: data.counts.pendiente_cae })} ·{' '}
            <Anchor
              component={Link}
              to="/admin/invoices?f.arca_status=rechazada"
              size="sm"
              underline="always"
            >
              {t('admin.invoices.rejected', { count: data.counts.rechazada })}
            </Anchor>
          </Text>
        </Group>
      )}
    </Paper>
  );
}
