/**
 * Home (spec §2 "tabs"): greets the signed-in customer by name and shows the products to contract, by
 * risk type, their wallets and their latest contracts; a customer without an address is invited to
 * complete their profile. Products come first (issue 19): on a phone they follow the greeting, above the
 * wallets and the banners; on a desktop they fill the main column beside the wallets. The home tour is
 * offered in a small card, never opened by itself (tour/tour-offer.ts).
 */
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ProductsByRiskType } from '../../../shared/catalog/products-by-risk-type.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { currentUserQueryOptions } from '../../../shared/session/current-user.ts';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { HomeSection } from '../components/home-section.tsx';
import { LatestContracts } from '../components/latest-contracts.tsx';
import { TourOffer } from '../components/tour-offer.tsx';
import { WalletsSummary } from '../components/wallets-summary.tsx';
import { startHomeTour } from '../tour/home-tour.ts';
import classes from './tabs-page.module.css';

/**
 * The customer's answer is read by the parts that show it (the greeting, its error, the tour's offer, the
 * profile banner), not by the page: when it comes in (often while the page is still being drawn) React
 * draws those again and not the products, wallets and contracts beside them.
 */
export function TabsPage() {
  const { t } = useTranslation();

  return (
    <div className={classes.home}>
      <Greeting />
      <UserError />

      <div className={classes.main}>
        <div className={classes.products}>
          <HomeSection id="home-products" title={t('home.products.title')} tour="products">
            <ProductsByRiskType hrefOf={(code) => `/tabs/productos/${code}`} narrow />
          </HomeSection>
        </div>
        <div className={classes.latest}>
          <HomeSection
            id="home-latest-contracts"
            title={t('home.latestContracts.title')}
            tour="latest-contracts"
          >
            <LatestContracts />
          </HomeSection>
        </div>
      </div>

      <aside className={classes.side} aria-label={t('home.sideLabel')}>
        <div className={classes.offer}>
          <HomeTourOffer />
        </div>
        <CompleteProfile />
        <div className={classes.wallets}>
          <HomeSection id="home-wallets" title={t('home.wallets.title')} tour="wallets">
            <WalletsSummary />
          </HomeSection>
        </div>
      </aside>
    </div>
  );
}

function Greeting() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions);
  return (
    <Paper className={classes.hero} p={{ base: 'md', sm: 'xl' }}>
      {user.isPending ? (
        <Stack gap="sm">
          <Skeleton h={30} w={220} />
          <Skeleton h={16} w={280} />
        </Stack>
      ) : (
        <Stack gap={4}>
          <Title order={1} c="white" fz={{ base: 24, sm: 32 }}>
            {user.data ? t('home.greeting', { name: user.data.name }) : t('home.greetingAnonymous')}
          </Title>
          <Text c="brand.0" fz={{ base: 'sm', sm: 'lg' }}>
            {t('home.subtitle')}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

function UserError() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions);
  if (!user.isError) return null;
  return (
    <div className={classes.notice}>
      <LoadError
        title={t('home.userErrorTitle')}
        description={t('home.userErrorDescription')}
        onRetry={() => void user.refetch()}
      />
    </div>
  );
}

function HomeTourOffer() {
  const navigate = useNavigate();
  const user = useQuery(currentUserQueryOptions);
  return (
    <TourOffer
      userId={user.data?.id}
      onStart={() =>
        startHomeTour(navigate).catch((error: unknown) => {
          // The tour's code could not load (offline): 'Realizar tour' in the menu stays.
          handleError(error, 36);
        })
      }
    />
  );
}

/** A customer without an address is invited to complete their profile. */
function CompleteProfile() {
  const { t } = useTranslation();
  const user = useQuery(currentUserQueryOptions);
  if (!user.data || user.data.place) return null;
  return (
    <div className={classes.profile}>
      <Alert color="brand" variant="light" icon={<IconInfo />} title={t('home.completeProfileTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('home.completeProfileDescription')}</Text>
          <Button component={Link} to="/profile" size="xs" variant="filled">
            {t('home.completeProfileButton')}
          </Button>
        </Stack>
      </Alert>
    </div>
  );
}
