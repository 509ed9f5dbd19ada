/**
 * One risk type's products: each policy with its insurer and coverages, and on each coverage its price
 * from, 'Ver detalle' (the coverage dialog, which can also contract) and 'Contratar'. Products sold on
 * the insurer's own site say so and lead there after the redirect notice.
 */
import { type Coverage, type Policy, RISK_TYPES, type RiskTypeCode } from '@cubierto/contracts';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeferredData } from '../../../prerender/hydration.ts';
import { chooseCoverage } from '../../../shared/catalog/choose-coverage.ts';
import { CompanyLogo, descriptionLines } from '../../../shared/catalog/coverage-details.tsx';
import { openCoverageDialog } from '../../../shared/catalog/coverage-dialog.tsx';
import { premiumFromText, publicPoliciesQueryOptions } from '../../../shared/catalog/public-policies.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { IconExternal, RiskTypeIcon } from '../../../shared/ui/product-icons.tsx';

function CoverageCard({ coverage, policy }: { coverage: Coverage; policy: Policy }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const external = Boolean(policy.external_url);
  const highlights = descriptionLines(coverage, t('catalog.notIncluded')).slice(0, 2);
  const names = { coverage: coverage.public_name, policy: policy.name };
  const contractText = external ? t('catalog.goToInsurer') : t('catalog.contract');
  const choose = () => chooseCoverage({ coverage, policy }, (to) => navigate(to));

  const showDetails = async () => {
    const result = await openCoverageDialog({ coverage, policy, confirmText: contractText });
    if (result.role === 'confirm') await choose();
  };

  return (
    <Paper withBorder p="md" radius="lg" component="article" aria-labelledby={headingId} h="100%">
      <Stack gap="sm" h="100%">
        <Stack gap={2}>
          <Title order={3} fz="lg" id={headingId}>
            {coverage.public_name}
          </Title>
          <Text size="sm" c="dimmed">
            {coverage.public_description}
          </Text>
        </Stack>
        {highlights.length > 0 && (
          <Stack gap={2}>
            {highlights.map((line) => (
              <Text key={line.key} size="sm">
                {line.label}
                {line.help}: <strong>{line.value}</strong>
              </Text>
            ))}
          </Stack>
        )}
        <Text fw={700} c="brand.8" mt="auto">
          {premiumFromText(coverage)}
        </Text>
        <Group gap="xs" grow wrap="nowrap">
          <Button
            variant="default"
            onClick={() => void showDetails()}
            aria-label={t('catalog.detailsOf', names)}
          >
            {t('catalog.details')}
          </Button>
          <Button
            onClick={() => void choose()}
            rightSection={external ? <IconExternal size={16} /> : undefined}
            aria-label={external ? t('catalog.goToInsurerOf', names) : t('catalog.contractOf', names)}
          >
            {contractText}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function PolicySection({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Title order={2} fz="xl" id={headingId}>
            {policy.name}
          </Title>
          {policy.company && (
            <Text size="sm" c="dimmed">
              {policy.company.legal_name}
            </Text>
          )}
          {policy.external_url && (
            <Badge variant="light" color="info" c="info.9" tt="none" mt={4}>
              {t('catalog.soldByInsurer')}
            </Badge>
          )}
        </Stack>
        {policy.company && <CompanyLogo company={policy.company} height={40} />}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {(policy.coverages ?? []).map((coverage) => (
          <CoverageCard key={coverage.id} coverage={coverage} policy={policy} />
        ))}
      </SimpleGrid>
    </Card>
  );
}

type RiskTypeProductsProps = {
  code: string;
  /** Where 'Volver' leads: the public catalogue or the home. */
  backHref: string;
  backLabel: string;
};

export function RiskTypeProducts({ code, backHref, backLabel }: RiskTypeProductsProps) {
  const { t } = useTranslation();
  const query = useQuery(publicPoliciesQueryOptions(code));
  // The policies are drawn in a deferred render, not one long task when the answer lands (hydration.ts).
  const policies = useDeferredData(query.data);
  const name = policies?.[0]?.riskType?.name ?? RISK_TYPES[code as RiskTypeCode]?.name ?? t('catalog.title');

  return (
    <Stack gap="lg" maw={1080} mx="auto" w="100%">
      <BackLink to={backHref} label={backLabel} />
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={56} radius="xl" variant="light">
          <RiskTypeIcon code={code} size={30} />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {name}
          </Title>
          <Text c="dimmed">{t('catalog.riskTypeSubtitle')}</Text>
        </Stack>
      </Group>

      {!policies && !query.isError && (
        <Stack gap="md" aria-busy="true" aria-label={t('loading.default')}>
          <Skeleton h={260} radius="lg" />
          <Skeleton h={260} radius="lg" />
        </Stack>
      )}
      {query.isError && (
        <LoadError
          title={t('catalog.loadErrorTitle')}
          description={t('catalog.loadErrorDescription')}
          onRetry={() => void query.refetch()}
        />
      )}
      {policies?.length === 0 && (
        <EmptyState
          variant="light"
          icon={<RiskTypeIcon code={code} size={28} />}
          title={t('catalog.riskTypeEmptyTitle')}
          description={t('catalog.riskTypeEmptyDescription')}
        />
      )}
      {policies?.map((policy) => (
        <PolicySection key={policy.id} policy={policy} />
      ))}
    </Stack>
  );
}
