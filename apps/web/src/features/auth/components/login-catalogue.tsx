/**
 * The catalogue on the login page (issue 19, "products first"): what Cubierto sells, by risk type with the
 * price each starts at, every card opening that product's public page (/productos/{code}), where
 * 'Contratar' leads to registration or sign-in and on into the contract.
 *
 * Light on purpose, as the first page most visitors load (170 KiB budget, README): the catalogue comes
 * from the public catalogue's own call, checked by hand (catalogue-products.ts) instead of with zod, read
 * with React state instead of TanStack Query, and a failure or an empty catalogue is said in plain text.
 * The first render is the placeholders, on the build's prerender as in the browser; the call starts once
 * the page is on screen.
 */
import { Button, Stack, Text } from '@mantine/core';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CatalogueProduct, fetchCatalogueProducts } from '../../../shared/catalog/catalogue-products.ts';
import { ProductGrid } from '../../../shared/catalog/product-grid.tsx';

type Catalogue = { products?: CatalogueProduct[]; failed?: true };

export function useCatalogueProducts(): Catalogue & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const [catalogue, setCatalogue] = useState<Catalogue>({});
  useEffect(() => {
    let active = true;
    // A retry shows the placeholders again while it loads.
    if (attempt > 0) setCatalogue({});
    // The answer is drawn in a transition: a dozen cards in slices that yield to the browser (a tap, a
    // keystroke in the form beside them), not one long task as an update from a promise would be.
    const show = (next: Catalogue) => active && startTransition(() => setCatalogue(next));
    fetchCatalogueProducts().then(
      (products) => show({ products }),
      () => show({ failed: true }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);
  return { ...catalogue, retry };
}

export function LoginCatalogue() {
  const { t } = useTranslation();
  const { products, failed, retry } = useCatalogueProducts();
  if (failed)
    return (
      <Stack gap="xs" align="flex-start" role="alert">
        <Text fw={600}>{t('catalog.loadErrorTitle')}</Text>
        <Text size="sm">{t('catalog.loadErrorDescription')}</Text>
        <Button size="xs" variant="light" onClick={retry}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  if (products?.length === 0) return <Text c="dimmed">{t('catalog.emptyTitle')}</Text>;
  return <ProductGrid products={products} hrefOf={(code) => `/productos/${code}`} narrow />;
}
