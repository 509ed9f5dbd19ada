/**
 * The products grid: a card per risk type with its icon, its name and the cheapest premium of its
 * coverages, linking to that type's policies and coverages, or its placeholders while the catalogue
 * loads. Drawn from data given to it, so the login page (which reads the catalogue without TanStack
 * Query, and must stay light) and the home and public catalogue (with it) share it; each says a failure
 * or an empty catalogue its own way.
 */
import { Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RiskTypeIcon } from '../ui/risk-type-icons.tsx';
import classes from './catalog.module.css';
import type { PolicyWithPrices, RiskTypeGroup } from './catalogue-products.ts';
import { premiumFromText } from './premium-text.ts';

/**
 * Placeholders while the catalogue loads: one per risk type the app knows (a test keeps the count equal
 * to the contracts' list), as tall as a product's card (catalog.module.css), so the grid takes about
 * the room the catalogue will: on a phone the sign-in form after it stays out of sight instead of being
 * pushed away under the visitor's eyes when the catalogue arrives (a layout shift). A literal, not the
 * list itself: the login page's bundle stays without the contracts' table of risk types.
 */
export const PLACEHOLDER_COUNT = 12;

type ProductGridProps<P extends PolicyWithPrices> = {
  /** Undefined while the catalogue loads: placeholders stand in. */
  products: RiskTypeGroup<P>[] | undefined;
  hrefOf: (riskTypeCode: string) => string;
  /** At most three columns (a grid beside the sign-in form); four on wide screens otherwise. */
  narrow?: boolean;
};

export function ProductGrid<P extends PolicyWithPrices>({
  products,
  hrefOf,
  narrow = false,
}: ProductGridProps<P>) {
  const { t } = useTranslation();
  const gridClass = narrow ? `${classes.products} ${classes.productsNarrow}` : classes.products;

  if (!products)
    return (
      <ul className={gridClass} aria-busy="true" aria-label={t('loading.default')}>
        {Array.from({ length: PLACEHOLDER_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <li key={index} className={classes.placeholder} />
        ))}
      </ul>
    );
  return (
    <ul className={gridClass}>
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
