/**
 * Pay a `pendiente` insurance paid later, from its page (customers/insurances/{id}/pay): its total and the
 * payment panel (components/payment-panel.tsx: the methods, the one that can pay chosen beforehand, a
 * short balance or a checkout that came back unpaid said beside 'Pagar $ X'). A wallet pays at once and
 * the customer lands on 'Estás cubierto'; a checkout leaves the app.
 */
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { insuranceQueryOptions } from '../../insurances/api/insurance.ts';
import { PaymentPanel, returnedPaymentOf } from '../components/payment-panel.tsx';

export function PayPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const insuranceId = Number(id);
  const location = useLocation();
  const insurance = useQuery({
    ...insuranceQueryOptions(insuranceId),
    enabled: Number.isInteger(insuranceId),
  });
  const detailPath = `/customers/insurances/${insuranceId}`;

  if (insurance.isError)
    return (
      <Stack maw={640} mx="auto">
        <LoadError
          title={t('payments.pay.loadErrorTitle')}
          description={t('payments.pay.loadErrorDescription')}
          onRetry={() => void insurance.refetch()}
        />
      </Stack>
    );
  if (!insurance.data)
    return (
      <Stack maw={640} mx="auto" role="status" aria-busy="true" aria-label={t('loading.default')}>
        <Skeleton h={40} w="60%" />
        <Skeleton h={260} radius="lg" />
      </Stack>
    );

  const data = insurance.data;
  const title = t('payments.pay.what', {
    riskType: data.risk_type.name,
    coverage: data.coverage.public_name,
  });

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <BackLink to={detailPath} label={t('payments.pay.back')} />
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('payments.pay.title')}
        </Title>
        <Text c="dimmed">{title}</Text>
      </Stack>

      {data.status !== 'pendiente' || data.paid_at ? (
        <Alert color="info" variant="light" icon={<IconInfo />} title={t('payments.pay.notPendingTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('payments.pay.notPendingDescription', { status: data.status_label })}</Text>
            <Button component={Link} to={detailPath} size="xs" variant="light">
              {t('payments.pay.back')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="lg">
            <Group justify="space-between" align="baseline">
              <Text fw={600}>{t('payments.pay.amount')}</Text>
              <Text fz={28} fw={700}>
                {data.premium.total_nice}
              </Text>
            </Group>

            <PaymentPanel
              totalCents={data.premium.total_cents}
              submitLabel={t('payments.pay.submit', { amount: data.premium.total_nice })}
              insuranceToPay={async () => data.id}
              returned={returnedPaymentOf(location.state)}
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
