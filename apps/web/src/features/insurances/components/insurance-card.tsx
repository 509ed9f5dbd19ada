/** One insurance in "Mis contrataciones": what it covers, its status, dates and premium; opens its detail. */
import type { Insurance } from '@cubierto/contracts';
import { Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../shared/format/format.ts';
import { InsuranceStatusBadge } from '../../../shared/ui/insurance-status-badge.tsx';
import classes from '../../../shared/ui/link-list.module.css';
import { IconChevronRight, RiskTypeIcon } from '../../../shared/ui/product-icons.tsx';

export function InsuranceCard({ insurance }: { insurance: Insurance }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={`/customers/insurances/${insurance.id}`} className={classes.item}>
      <Group wrap="nowrap" gap="md" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light">
          <RiskTypeIcon code={insurance.risk_type.short_code} size={24} />
        </ThemeIcon>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <Text fw={700} lh={1.3}>
              {t('insurances.item.title', {
                riskType: insurance.risk_type.name,
                coverage: insurance.coverage.public_name,
              })}
            </Text>
            <InsuranceStatusBadge
              status={insurance.status}
              label={insurance.status_label}
              paid={!!insurance.paid_at}
              cancelsOn={insurance.cancels_on}
              size="sm"
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t('insurances.item.policy', {
              policy: insurance.policy.name,
              company: insurance.policy.company.name,
            })}
          </Text>
          <Group gap="md" wrap="wrap">
            {insurance.starts_on && insurance.ends_on && (
              <Text size="sm">
                {t('insurances.item.dates', {
                  from: formatDay(insurance.starts_on),
                  to: formatDay(insurance.ends_on),
                })}
              </Text>
            )}
            <Text size="sm" fw={600}>
              {t('insurances.item.total', { amount: insurance.premium.total_nice })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {insurance.number}
          </Text>
        </Stack>
        <IconChevronRight size={20} style={{ alignSelf: 'center', flexShrink: 0 }} />
      </Group>
    </UnstyledButton>
  );
}
