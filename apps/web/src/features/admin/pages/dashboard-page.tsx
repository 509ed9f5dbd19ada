/**
 * Panel: sales per day and risk type, premiums collected, payment failures, as charts (with the totals
 * above them). Claims open and their age join once the claims module has landed.
 */
import { CLAIM_STATUS_LABELS, RISK_TYPES, type RiskTypeCode } from '@cubierto/contracts';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardQueryOptions } from '../api/dashboard.ts';
import { ArcaStatusCard } from '../components/arca-status-card.tsx';

const COLORS = [
  'brand.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'red.6',
  'lime.7',
  'indigo.6',
  'pink.6',
  'yellow.7',
  'gray.6',
  'violet.6',
];
const ars = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 });
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label={title}>
      <Title order={2} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md" component="figcaption">
        {description}
      </Text>
      {children}
    </Paper>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState('30');
  const query = useQuery(dashboardQueryOptions(Number(days)));
  const data = query.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('admin.dashboard.title')}
        </Title>
        <SegmentedControl
          value={days}
          onChange={setDays}
          aria-label={t('admin.dashboard.range')}
          data={[
            { value: '7', label: t('admin.dashboard.days', { count: 7 }) },
            { value: '30', label: t('admin.dashboard.days', { count: 30 }) },
            { value: '90', label: t('admin.dashboard.days', { count: 90 }) },
          ]}
        />
      </Group>
      <ArcaStatusCard />
      {query.isError ? (
        <Alert color="red" title={t('admin.list.error')}>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('admin.list.retry')}
          </Button>
        </Alert>
      ) : !data ? (
        <Stack role="status" aria-label={t('admin.list.loading')}>
          <Skeleton height={80} />
          <Skeleton height={260} />
        </Stack>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
            <Stat label={t('admin.dashboard.sold')} value={data.totals.insurances_sold} />
            <Stat label={t('admin.dashboard.collected')} value={data.totals.premiums_nice} />
            <Stat label={t('admin.dashboard.failures')} value={data.totals.payment_failures} />
            <Stat label={t('admin.dashboard.pending')} value={data.totals.insurances_pending} />
            <Stat label={t('admin.dashboard.claimsOpen')} value={data.totals.claims_open} />
            <Stat
              label={t('admin.dashboard.oldestClaim')}
              value={
                data.totals.oldest_open_claim_days === null
                  ? '—'
                  : t('admin.dashboard.oldestDays', { count: data.totals.oldest_open_claim_days })
              }
            />
          </SimpleGrid>
          <ChartCard title={t('admin.dashboard.salesTitle')} description={t('admin.dashboard.salesText')}>
            {data.risk_types.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                {t('admin.dashboard.noSales')}
              </Text>
            ) : (
              <BarChart
                h={280}
                data={data.sales_per_day.map((row) => ({ ...row, day: shortDay(String(row.day)) }))}
                dataKey="day"
                type="stacked"
                withLegend
                series={data.risk_types.map((code, i) => ({
                  name: code,
                  label: RISK_TYPES[code as RiskTypeCode]?.name ?? code,
                  color: COLORS[i % COLORS.length] ?? 'gray.6',
                }))}
              />
            )}
          </ChartCard>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ChartCard
              title={t('admin.dashboard.premiumsTitle')}
              description={t('admin.dashboard.premiumsText')}
            >
              <AreaChart
                h={240}
                data={data.premiums_per_day.map((row) => ({
                  day: shortDay(row.day),
                  amount: row.amount_cents / 100,
                }))}
                dataKey="day"
                valueFormatter={(value) => ars.format(value)}
                series={[{ name: 'amount', label: t('admin.dashboard.collected'), color: 'teal.6' }]}
                curveType="monotone"
              />
            </ChartCard>
            <ChartCard
              title={t('admin.dashboard.failuresTitle')}
              description={t('admin.dashboard.failuresText')}
            >
              <LineChart
                h={240}
                data={data.payment_failures_per_day.map((row) => ({
                  day: shortDay(row.day),
                  failures: row.failures,
                }))}
                dataKey="day"
                series={[{ name: 'failures', label: t('admin.dashboard.failures'), color: 'red.6' }]}
                curveType="linear"
              />
            </ChartCard>
          </SimpleGrid>
          <ChartCard title={t('admin.dashboard.claimsTitle')} description={t('admin.dashboard.claimsText')}>
            <BarChart
              h={240}
              data={data.open_claims_by_age.map((row) => ({
                ...row,
                age: t('admin.dashboard.age', { age: row.age }),
              }))}
              dataKey="age"
              type="stacked"
              withLegend
              series={(['recibido', 'en_revision', 'aprobado'] as const).map((status, i) => ({
                name: status,
                label: CLAIM_STATUS_LABELS[status],
                color: ['orange.7', 'blue.6', 'teal.7'][i] ?? 'gray.6',
              }))}
            />
          </ChartCard>
        </>
      )}
    </Stack>
  );
}
