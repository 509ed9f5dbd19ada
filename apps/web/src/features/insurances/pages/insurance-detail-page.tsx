/**
 * One insurance (customers/insurances/{id}): what it covers (with the coverage dialog), the insured
 * object or people, its dates, premium, status, taker and designated billing party ('Contratante
 * designado'), the certificate and 'Dar de baja'. A `pendiente` one says plainly that it is not paid yet.
 */
import type { Entity, InsuranceDetail } from '@cubierto/contracts';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { CompanyLogo, descriptionLines } from '../../../shared/catalog/coverage-details.tsx';
import { openCoverageDialog } from '../../../shared/catalog/coverage-dialog.tsx';
import { formatDay, formatLongDate } from '../../../shared/format/format.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { DetailStates } from '../../../shared/ui/detail-states.tsx';
import { FactList } from '../../../shared/ui/fact-list.tsx';
import { IconAlert, IconInfo } from '../../../shared/ui/icons.tsx';
import { InsuranceStatusBadge } from '../../../shared/ui/insurance-status-badge.tsx';
import { NotFoundNotice } from '../../../shared/ui/not-found-notice.tsx';
import { RiskTypeIcon } from '../../../shared/ui/product-icons.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { insuranceQueryOptions, useReadAgainAfterPayment } from '../api/insurance.ts';
import { CancelButton, CertificateCard, canCancel } from '../components/insurance-actions.tsx';
import { PremiumBreakdown } from '../components/premium-breakdown.tsx';
import { RiskDetails } from '../components/risk-details.tsx';

function Party({ title, entity }: { title: string; entity: Entity }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={700}>{entity.name}</Text>
      <Text size="sm">
        {t('insurances.detail.document', { type: entity.document_type, number: entity.document_number })}
      </Text>
    </Stack>
  );
}

function InsuranceView({ insurance }: { insurance: InsuranceDetail }) {
  const { t } = useTranslation();
  const title = t('insurances.item.title', {
    riskType: insurance.risk_type.name,
    coverage: insurance.coverage.public_name,
  });
  const highlights = descriptionLines(insurance.coverage, t('catalog.notIncluded'));
  const dates = [
    { label: t('insurances.detail.startsOn'), value: formatDay(insurance.starts_on) },
    { label: t('insurances.detail.endsOn'), value: formatDay(insurance.ends_on) },
    { label: t('insurances.detail.createdAt'), value: formatLongDate(insurance.created_at) },
    ...(insurance.paid_at
      ? [{ label: t('insurances.detail.paidAt'), value: formatLongDate(insurance.paid_at) }]
      : []),
    ...(insurance.cancels_on
      ? [{ label: t('insurances.detail.cancelsOn'), value: formatDay(insurance.cancels_on) }]
      : []),
  ].filter((fact) => fact.value !== '');

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <BackLink to="/customers/insurances" label={t('insurances.detail.back')} />

      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={56} radius="xl" variant="light">
          <RiskTypeIcon code={insurance.risk_type.short_code} size={30} />
        </ThemeIcon>
        <Stack gap={6} miw={0}>
          <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
            {title}
          </Title>
          <Group gap="sm">
            <InsuranceStatusBadge
              status={insurance.status}
              label={insurance.status_label}
              paid={!!insurance.paid_at}
              cancelsOn={insurance.cancels_on}
            />
            <Text size="sm" c="dimmed">
              {t('insurances.detail.number', { number: insurance.number })}
            </Text>
          </Group>
        </Stack>
      </Group>

      {insurance.status === 'pendiente' && insurance.paid_at && insurance.starts_on && (
        <Alert color="info" variant="light" icon={<IconInfo />} title={insurance.status_label}>
          <Text size="sm">
            {t('insurances.detail.paidNotStartedDescription', { date: formatDay(insurance.starts_on) })}
          </Text>
        </Alert>
      )}
      {insurance.status === 'pendiente' && !insurance.paid_at && (
        <Alert
          color="warning"
          variant="light"
          icon={<IconAlert />}
          title={insurance.status_label}
          styles={{ title: { color: 'var(--mantine-color-warning-9)' } }}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('insurances.detail.pendingDescription')}</Text>
            <Button component={Link} to={`/customers/insurances/${insurance.id}/pay`} size="sm">
              {t('payments.payButton')}
            </Button>
          </Stack>
        </Alert>
      )}
      {insurance.status === 'vigente' && insurance.cancels_on && (
        <Alert color="info" variant="light" icon={<IconInfo />} title={t('insurances.scheduledCancellation')}>
          <Text size="sm">
            {t('insurances.detail.scheduledDescription', { date: formatDay(insurance.cancels_on) })}
          </Text>
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('insurances.detail.coverage')}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} miw={0}>
                <Text fw={700}>{insurance.coverage.public_name}</Text>
                <Text size="sm" c="dimmed">
                  {t('insurances.item.policy', {
                    policy: insurance.policy.name,
                    company: insurance.policy.company.legal_name,
                  })}
                </Text>
              </Stack>
              <CompanyLogo company={insurance.policy.company} height={36} />
            </Group>
            {highlights.length > 0 && <FactList facts={highlights} label={t('insurances.detail.coverage')} />}
            <Button
              variant="light"
              onClick={() =>
                void openCoverageDialog({ coverage: insurance.coverage, policy: insurance.policy })
              }
              style={{ alignSelf: 'flex-start' }}
            >
              {t('insurances.detail.coverageDetails')}
            </Button>
          </Stack>
        </SectionCard>

        <SectionCard title={t('insurances.detail.insured')}>
          <Stack gap="md">
            {insurance.risks.map((risk) => (
              <RiskDetails key={risk.id} risk={risk} />
            ))}
          </Stack>
        </SectionCard>

        <SectionCard title={t('insurances.detail.dates')}>
          <FactList facts={dates} label={t('insurances.detail.dates')} />
        </SectionCard>

        <SectionCard title={t('insurances.premium.title')}>
          <PremiumBreakdown premium={insurance.premium} />
        </SectionCard>

        <SectionCard title={t('insurances.detail.parties')}>
          <Stack gap="md">
            <Party title={t('insurances.detail.taker')} entity={insurance.taker} />
            <Party title={t('insurances.detail.billingParty')} entity={insurance.billing_party} />
          </Stack>
        </SectionCard>

        <CertificateCard insurance={insurance} />
      </SimpleGrid>

      {insurance.special_clauses && (
        <SectionCard title={t('catalog.specialClauses')}>
          <Text size="sm">{insurance.special_clauses}</Text>
        </SectionCard>
      )}

      {(insurance.status === 'vigente' || canCancel(insurance)) && (
        <Group justify="flex-end">
          {insurance.status === 'vigente' && (
            <Button component={Link} to={`/customers/claims/new?insurance=${insurance.id}`} variant="light">
              {t('claims.fromInsurance')}
            </Button>
          )}
          {canCancel(insurance) && <CancelButton insurance={insurance} />}
        </Group>
      )}
    </Stack>
  );
}

export function InsuranceDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const insuranceId = Number(id);
  const [search] = useSearchParams();
  // check_credits=true: back from an approved payment (spec §4).
  useReadAgainAfterPayment(insuranceId, search.get('check_credits') === 'true');
  const query = useQuery({ ...insuranceQueryOptions(insuranceId), enabled: Number.isInteger(insuranceId) });
  return (
    <DetailStates
      query={query}
      valid={Number.isInteger(insuranceId)}
      width={960}
      loadError={{
        title: t('insurances.detail.loadErrorTitle'),
        description: t('insurances.loadErrorDescription'),
      }}
      skeleton={
        <>
          <Skeleton h={64} w="70%" radius="md" />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Skeleton h={220} radius="lg" />
            <Skeleton h={220} radius="lg" />
            <Skeleton h={180} radius="lg" />
            <Skeleton h={180} radius="lg" />
          </SimpleGrid>
        </>
      }
      notFound={
        <NotFoundNotice
          title={t('insurances.detail.notFoundTitle')}
          description={t('insurances.detail.notFoundDescription')}
          backTo="/customers/insurances"
          backLabel={t('insurances.detail.back')}
        />
      }
    >
      {(insurance) => <InsuranceView insurance={insurance} />}
    </DetailStates>
  );
}
