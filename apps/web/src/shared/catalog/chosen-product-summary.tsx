/**
 * register-risk's reminder of the product a visitor chose in the public catalogue before registering:
 * risk type, plan, insurer and price from. Read from the catalogue, so a shared link shows it too.
 */
import type { Coverage, Policy } from '@cubierto/contracts';
import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RiskTypeIcon } from '../ui/product-icons.tsx';
import classes from './catalog.module.css';
import { findPublicCoverage, premiumFromText } from './public-policies.ts';

type Chosen = { coverage: Coverage; policy: Policy } | null | undefined;

export function ChosenProductSummary({ coverageId }: { coverageId: number }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Chosen>(undefined);

  useEffect(() => {
    let active = true;
    findPublicCoverage(coverageId).then(
      (found) => active && setChosen(found),
      () => active && setChosen(null),
    );
    return () => {
      active = false;
    };
  }, [coverageId]);

  if (chosen === undefined) return <Skeleton h={76} radius="md" />;
  // Not in the catalogue (any more): registering still works, and the contract page says why.
  if (chosen === null) return null;
  const { coverage, policy } = chosen;
  return (
    <Paper p="sm" radius="md" className={classes.chosen} role="group" aria-label={t('catalog.chosen.label')}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="white">
          <RiskTypeIcon code={coverage.risk_type.short_code} size={22} />
        </ThemeIcon>
        <Stack gap={0} miw={0}>
          <Text size="xs" c="dimmed" fw={600}>
            {t('catalog.chosen.label')}
          </Text>
          <Text fw={700}>
            {t('catalog.chosen.product', {
              riskType: policy.riskType?.name ?? policy.name,
              coverage: coverage.public_name,
            })}
          </Text>
          <Text size="sm">
            {policy.company
              ? `${policy.company.name} · ${premiumFromText(coverage)}`
              : premiumFromText(coverage)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
