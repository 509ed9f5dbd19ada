/**
 * Home (spec §2 "tabs"): greets the signed-in customer by name and shows the products to contract, by
 * risk type, and their latest contracts; a customer without an address is invited to complete their
 * profile.
 */
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductsByRiskType } from '../../../shared/catalog/products-by-risk-type.tsx';
import { currentUserQueryOptions } from '../../../shared/session/current-user.ts';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { HomeSection } from '../components/home-section.tsx';
import { LatestContracts } from '../components/latest-contracts.tsx';
import classes from './tabs-page.module.css';

export function TabsPage() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions);

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <Paper className={classes.hero} p={{ base: 'lg', sm: 'xl' }}>
        {user.isPending ? (
          <Stack gap="sm">
            <Skeleton h={30} w={220} />
            <Skeleton h={16} w={280} />
          </Stack>
        ) : (
          <Stack gap={6}>
            <Title order={1} c="white" fz={{ base: 26, sm: 32 }}>
              {user.data ? t('home.greeting', { name: user.data.name }) : t('home.greetingAnonymous')}
            </Title>
            <Text c="brand.0" fz={{ base: 'md', sm: 'lg' }}>
              {t('home.subtitle')}
            </Text>
          </Stack>
        )}
      </Paper>

      {user.isError && (
        <LoadError
          title={t('home.userErrorTitle')}
          description={t('home.userErrorDescription')}
          onRetry={() => void user.refetch()}
        />
      )}

      {user.data && !user.data.place && (
        <Alert color="brand" variant="light" icon={<IconInfo />} title={t('home.completeProfileTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('home.completeProfileDescription')}</Text>
            <Button component={Link} to="/profile" size="xs" variant="filled">
              {t('home.completeProfileButton')}
            </Button>
          </Stack>
        </Alert>
      )}

      <HomeSection id="home-products" title={t('home.products.title')}>
        <ProductsByRiskType hrefOf={(code) => `/tabs/productos/${code}`} />
      </HomeSection>

      <HomeSection id="home-latest-contracts" title={t('home.latestContracts.title')}>
        <LatestContracts />
      </HomeSection>
    </Stack>
  );
}
