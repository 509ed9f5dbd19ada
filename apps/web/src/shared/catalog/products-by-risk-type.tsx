/**
 * The catalogue by risk type, for the home and the public catalogue: a card per risk type with its icon,
 * its name and the cheapest premium of its coverages, linking to that type's policies and coverages.
 * Needs TanStack Query (the signed-in shell or the public frame provides it).
 */
import { EmptyState, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconShield } from '../ui/icons.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { RiskTypeIcon } from '../ui/product-icons.tsx';
import classes from './catalog.module.css';
import { premiumFromText, productsByRiskType, publicPoliciesQueryOptions } from './public-policies.ts';

export function ProductsByRiskType({ hrefOf }: { hrefOf: (riskTypeCode: string) => string }) {
  const { t } = useTranslation();
  const query = useQuery(publicPoliciesQueryOptions());

  if (query.isPending)
    return (
      <ul className={classes.products} aria-busy="true" aria-label={t('loading.default')}>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <li key={index}>
            <Skeleton h={124} radius="lg" />
          </li>
        ))}
      </ul>
    );
  if (query.isError)
    return (
      <LoadError
        title={t('catalog.loadErrorTitle')}
        description={t('catalog.loadErrorDescription')}
        onRetry={() => void query.refetch()}
      />
    );

  const products = productsByRiskType(query.data);
  if (products.length === 0)
    return (
      <EmptyState
        variant="light"
        icon={<IconShield size={28} />}
        title={t('catalog.emptyTitle')}
        description={t('catalog.emptyDescription')}
      />
    );
  return (
    <ul className={classes.products}>
      {products.map(({ riskType, cheapest }) => (
        <li key={riskType.short_code}>
          <UnstyledButton component={Link} to={hrefOf(riskType.short_code)} className={classes.product}>
            <ThemeIcon size={44} radius="xl" variant="light">
              <RiskTypeIcon code={riskType.short_code} size={24} />
            </ThemeIcon>
            <Text fw={700} lh={1.25}>
              {riskType.name}
            </Text>
            {cheapest && (
              <Text size="sm" c="dimmed">
                {premiumFromText(cheapest)}
              </Text>
            )}
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}
