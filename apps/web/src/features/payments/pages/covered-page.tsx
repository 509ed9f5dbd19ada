/**
 * 'Estás cubierto' (customers/insurances/{id}/cubierto), where an approved payment lands (issue 19): a
 * wallet payment at once, a checkout's approved return once the API confirms it. It says what is covered
 * (the insurance's name, the period, what was paid) with the certificate download as its first button;
 * paid before its start date, 'Tu cobertura empieza el {fecha}' and the day the certificate can be
 * downloaded (the API serves it only while the insurance is in force). A link to the insurance, and the
 * poll offered below, skippable, never in front. It replaces the spec's '¡Excelente!' modal (§2 item 11),
 * whose words it keeps: the contract is finished and the certificate is there.
 *
 * The insurance and the balances are read again on arrival: the payment just changed them (what spec §4
 * calls check_credits).
 */
import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { formatDay } from '../../../shared/format/format.ts';
import { DetailStates } from '../../../shared/ui/detail-states.tsx';
import { FactList } from '../../../shared/ui/fact-list.tsx';
import { IconCheck, IconInfo } from '../../../shared/ui/icons.tsx';
import { NotFoundNotice } from '../../../shared/ui/not-found-notice.tsx';
import { IconDownload } from '../../../shared/ui/product-icons.tsx';
import { downloadCertificate } from '../../insurances/api/certificate.ts';
import { insuranceQueryOptions } from '../../insurances/api/insurance.ts';

type CoveredPageProps = { Poll: ComponentType<{ insuranceId: number }> };

export function CoveredPage({ Poll }: CoveredPageProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const insuranceId = Number(id);
  const valid = Number.isInteger(insuranceId) && insuranceId > 0;
  const client = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  // Read again on arrival, whatever was cached before the payment (its page, the balances).
  const [since] = useState(() => Date.now());
  useEffect(() => {
    void client.invalidateQueries({ queryKey: queryKeys.wallets.all });
  }, [client]);
  const query = useQuery({
    ...insuranceQueryOptions(insuranceId),
    enabled: valid,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  // What was cached before the payment is not shown: only a read made since arriving.
  const fresh = query.dataUpdatedAt >= since ? query.data : undefined;

  const detailPath = `/customers/insurances/${insuranceId}`;
  return (
    <DetailStates
      query={{ ...query, data: fresh }}
      valid={valid}
      width={640}
      loadError={{
        title: t('insurances.detail.loadErrorTitle'),
        description: t('insurances.loadErrorDescription'),
      }}
      skeleton={<Skeleton h={360} radius="lg" />}
      notFound={
        <NotFoundNotice
          title={t('insurances.detail.notFoundTitle')}
          description={t('insurances.detail.notFoundDescription')}
          backTo="/customers/insurances"
          backLabel={t('insurances.detail.back')}
        />
      }
    >
      {(insurance) => {
        const paid = !!insurance.paid_at;
        // Not paid (yet), or ended since: its own page says where it stands.
        if (!paid || (insurance.status !== 'vigente' && insurance.status !== 'pendiente'))
          return <Navigate to={detailPath} replace />;
        const inForce = insurance.status === 'vigente';
        const download = async () => {
          setDownloading(true);
          await downloadCertificate(insurance);
          setDownloading(false);
        };
        return (
          <Stack gap="lg" maw={640} mx="auto">
            <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="covered-title">
              <Stack gap="lg">
                <Stack gap="sm" align="center" ta="center">
                  <ThemeIcon size={64} radius="xl" variant="light" color={inForce ? 'green' : 'brand'}>
                    {inForce ? <IconCheck size={34} /> : <IconInfo size={34} />}
                  </ThemeIcon>
                  <Title order={1} id="covered-title" fz={{ base: 26, sm: 32 }}>
                    {inForce
                      ? t('payments.covered.title')
                      : t('payments.covered.startsOn', { date: formatDay(insurance.starts_on) })}
                  </Title>
                  <Text fw={600}>
                    {t('payments.pay.what', {
                      riskType: insurance.risk_type.name,
                      coverage: insurance.coverage.public_name,
                    })}
                  </Text>
                  <Text c="dimmed" size="sm">
                    {inForce
                      ? t('payments.covered.inForce')
                      : t('payments.covered.startsLater', { date: formatDay(insurance.starts_on) })}
                  </Text>
                </Stack>
                <FactList
                  label={t('payments.covered.facts')}
                  facts={[
                    {
                      label: t('payments.covered.period'),
                      value: t('payments.covered.periodValue', {
                        from: formatDay(insurance.starts_on),
                        to: formatDay(insurance.ends_on),
                      }),
                    },
                    { label: t('payments.covered.paid'), value: insurance.premium.total_nice },
                    { label: t('payments.covered.number'), value: insurance.number },
                  ]}
                />
                <Group grow preventGrowOverflow={false} wrap="wrap">
                  {inForce && (
                    <Button
                      size="md"
                      leftSection={<IconDownload size={18} />}
                      onClick={() => void download()}
                      loading={downloading}
                    >
                      {t('payments.covered.download')}
                    </Button>
                  )}
                  <Button size="md" variant={inForce ? 'default' : 'filled'} component={Link} to={detailPath}>
                    {t('payments.covered.seeInsurance')}
                  </Button>
                </Group>
              </Stack>
            </Card>
            <Poll insuranceId={insurance.id} />
          </Stack>
        );
      }}
    </DetailStates>
  );
}
