/**
 * The public catalogue (/productos): anyone, signed in or not, browses the products by risk type. The
 * login page shows the same products as its main content; this page is where the public pages' logo leads.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ProductsByRiskType } from '../../../shared/catalog/products-by-risk-type.tsx';
import { PublicFrame } from '../../../shared/ui/public-frame.tsx';

export function CatalogPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {t('catalog.title')}
          </Title>
          <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
            {t('catalog.subtitle')}
          </Text>
        </Stack>
        <ProductsByRiskType hrefOf={(code) => `/productos/${code}`} />
      </Stack>
    </PublicFrame>
  );
}
