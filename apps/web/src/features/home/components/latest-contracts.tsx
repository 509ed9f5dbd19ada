/**
 * The home's latest contracts: the customer's last three insurances with their status, each leading to
 * its detail, and a link to all of them in "Mis contrataciones".
 */
import { Anchor, EmptyState, Group, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconFileText } from '../../../shared/ui/icons.tsx';
import { InsuranceStatusBadge } from '../../../shared/ui/insurance-status-badge.tsx';
import classes from '../../../shared/ui/link-list.module.css';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { IconChevronRight, RiskTypeIcon } from '../../../shared/ui/product-icons.tsx';
import { LATEST_INSURANCES, latestInsurancesQueryOptions } from '../api/latest-insurances.ts';

export function LatestContracts() {
  const { t } = useTranslation();
  const query = useQuery(latestInsurancesQueryOptions);

  if (query.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('loading.default')}>
        {Array.from({ length: LATEST_INSURANCES }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <Skeleton key={index} h={68} radius="md" />
        ))}
      </Stack>
    );
  if (query.isError)
    return (
      <LoadError
        title={t('home.latestContracts.errorTitle')}
        description={t('home.latestContracts.errorDescription')}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.data.length === 0)
    return (
      <EmptyState
        variant="light"
        color="secondary"
        icon={<IconFileText size={28} />}
        title={t('home.latestContracts.emptyTitle')}
        description={t('home.latestContracts.emptyDescription')}
      />
    );
  return (
    <Stack gap="sm">
      <ul className={classes.list}>
        {query.data.data.map((insurance) => (
          <li key={insurance.id}>
            <UnstyledButton
              component={Link}
              to={`/customers/insurances/${insurance.id}`}
              className={classes.item}
            >
              <Group wrap="nowrap" gap="sm">
                <ThemeIcon size={40} radius="xl" variant="light" color="secondary" c="secondary.8">
                  <RiskTypeIcon code={insurance.risk_type.short_code} size={22} />
                </ThemeIcon>
                <Stack gap={4} miw={0} style={{ flex: 1 }}>
                  <Text fw={700} lh={1.3}>
                    {t('home.latestContracts.item', {
                      riskType: insurance.risk_type.name,
                      coverage: insurance.coverage.public_name,
                    })}
                  </Text>
                  <Group gap="xs" wrap="wrap">
                    <InsuranceStatusBadge
                      status={insurance.status}
                      label={insurance.status_label}
                      paid={!!insurance.paid_at}
                      cancelsOn={insurance.cancels_on}
                      size="sm"
                    />
                    <Text size="xs" c="dimmed">
                      {insurance.number}
                    </Text>
                  </Group>
                </Stack>
                <IconChevronRight size={18} />
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </ul>
      <Anchor
        component={Link}
        to="/customers/insurances"
        fw={600}
        size="sm"
        style={{ alignSelf: 'flex-end' }}
      >
        {t('home.latestContracts.seeAll')}
      </Anchor>
    </Stack>
  );
}
