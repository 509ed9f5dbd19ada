/**
 * The catalogue by risk type, for the home and the public catalogue: the products grid fed by the
 * catalogue's query, or what failed with a retry, or the empty catalogue. Needs TanStack Query (the
 * signed-in shell or the public frame provides it).
 */
import { EmptyState } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredData } from '../../prerender/hydration.ts';
import { IconShield } from '../ui/icons.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { ProductGrid } from './product-grid.tsx';
import { productsByRiskType, publicPoliciesQueryOptions } from './public-policies.ts';

export function ProductsByRiskType({
  hrefOf,
  narrow = false,
}: {
  hrefOf: (riskTypeCode: string) => string;
  /** At most three columns (the home's main column beside the wallets). */
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  const query = useQuery(publicPoliciesQueryOptions());
  // The cards are drawn in a deferred render, not one long task when the answer lands (hydration.ts).
  const policies = useDeferredData(query.data);
  const products = useMemo(() => policies && productsByRiskType(policies), [policies]);
  if (query.isError)
    return (
      <LoadError
        title={t('catalog.loadErrorTitle')}
        description={t('catalog.loadErrorDescription')}
        onRetry={() => void query.refetch()}
      />
    );
  if (products?.length === 0)
    return (
      <EmptyState
        variant="light"
        icon={<IconShield size={28} />}
        title={t('catalog.emptyTitle')}
        description={t('catalog.emptyDescription')}
      />
    );
  return <ProductGrid hrefOf={hrefOf} products={products} narrow={narrow} />;
}
