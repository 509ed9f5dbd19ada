/**
 * Home (spec §2 "tabs"): greets the signed-in customer by name and shows their wallets, the products to
 * contract, by risk type, and their latest contracts; a customer without an address is invited to
 * complete their profile. After a customer's first sign-in on this device the home tour opens by itself.
 */
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ProductsByRiskType } from '../../../shared/catalog/products-by-risk-type.tsx';
import { currentUserQueryOptions } from '../../../shared/session/current-user.ts';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { HomeSection } from '../components/home-section.tsx';
import { LatestContracts } from '../components/latest-contracts.tsx';
import { WalletsSummary } from '../components/wallets-summary.tsx';
import { startHomeTour } from '../tour/home-tour.ts';
import { hasSeenTour, rememberTourSeen } from '../tour/tour-memory.ts';
import classes from './tabs-page.module.css';

/** The home settles (greeting, sections) before the tour points at it. */
const AUTO_TOUR_DELAY_MS = 600;

/**
 * Opens the tour once per customer and device, after their first sign-in here. Not over something else:
 * a home reached with a query string is a payment return (or a link) on its way elsewhere, and a dialog
 * open when the tour would start (the poll, a payment modal) keeps the customer's attention; the tour then
 * waits for a plain visit to the home.
 */
function useFirstVisitTour(userId: number | undefined) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const arrivedWithQuery = useRef(search !== '');
  useEffect(() => {
    if (userId === undefined || arrivedWithQuery.current || hasSeenTour(userId)) return;
    const timer = setTimeout(() => {
      if (hasSeenTour(userId) || window.location.search !== '') return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      rememberTourSeen(userId);
      startHomeTour(navigate).catch(() => {
        // The tour's code could not load (offline): 'Realizar tour' in the menu stays.
      });
    }, AUTO_TOUR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, navigate]);
}

export function TabsPage() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions);
  useFirstVisitTour(user.data?.id);

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

      <HomeSection id="home-wallets" title={t('home.wallets.title')} tour="wallets">
        <WalletsSummary />
      </HomeSection>

      <HomeSection id="home-products" title={t('home.products.title')} tour="products">
        <ProductsByRiskType hrefOf={(code) => `/tabs/productos/${code}`} />
      </HomeSection>

      <HomeSection id="home-latest-contracts" title={t('home.latestContracts.title')} tour="latest-contracts">
        <LatestContracts />
      </HomeSection>
    </Stack>
  );
}
