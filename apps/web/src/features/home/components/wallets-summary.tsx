/**
 * The home's wallets: the balance of 'Mi dinero' and, while credit wallet mode is on (spec §1, §9; the app
 * config says), of 'Mi crédito', each leading to its page. The tour points at the pair and at each one.
 */
import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appConfigQueryOptions } from '../../../shared/config/app-config.ts';
import { IconCreditCard, IconWallet } from '../../../shared/ui/icons.tsx';
import { WALLET_PATHS, type WalletKind, walletQueryOptions } from '../../../shared/wallets/wallets.ts';

const WALLETS: Array<{ kind: WalletKind; label: string; tour: string; icon: typeof IconWallet }> = [
  { kind: 'money', label: 'wallets.money.menu', tour: 'money-wallet', icon: IconWallet },
  { kind: 'credit', label: 'wallets.credit.menu', tour: 'credit-wallet', icon: IconCreditCard },
];

function WalletBalance({ kind, label, tour, icon: Icon }: (typeof WALLETS)[number]) {
  const { t } = useTranslation();
  const wallet = useQuery(walletQueryOptions(kind));
  return (
    <UnstyledButton component={Link} to={`/customers/${WALLET_PATHS[kind]}`} data-tour={tour}>
      <Paper withBorder radius="md" p="md">
        <Text size="sm" fw={600} c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <Icon size={18} aria-hidden />
          {t(label)}
        </Text>
        {wallet.isPending ? (
          <Skeleton h={28} w={120} mt={6} aria-label={t('loading.default')} />
        ) : (
          <Text fz={24} fw={700} mt={4}>
            {wallet.data ? wallet.data.balance_nice : t('home.wallets.loadError')}
          </Text>
        )}
      </Paper>
    </UnstyledButton>
  );
}

export function WalletsSummary() {
  const config = useQuery(appConfigQueryOptions);
  const creditWalletMode = config.data?.credit_wallet_mode === true;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="md">
      {WALLETS.filter((wallet) => wallet.kind !== 'credit' || creditWalletMode).map((wallet) => (
        <WalletBalance key={wallet.kind} {...wallet} />
      ))}
    </SimpleGrid>
  );
}
