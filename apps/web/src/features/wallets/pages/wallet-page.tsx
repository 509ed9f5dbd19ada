/**
 * 'Mi dinero' (customers/money-wallet) and 'Mi crédito' (customers/credit-wallet): the balance, a top-up
 * through a test checkout, and the movements. Money comes in by top-ups and refunds of cancelled
 * insurances and goes out by paying insurances; a payment a provider took back after it was spent leaves
 * a negative balance, which the page says is owed.
 */
import { formatArs } from '@cubierto/contracts';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { type WalletKind, walletQueryOptions } from '../../../shared/wallets/wallets.ts';
import { MovementList } from '../components/movement-list.tsx';
import { TopUpForm } from '../components/top-up-form.tsx';

export function WalletPage({ kind }: { kind: WalletKind }) {
  const { t } = useTranslation();
  const wallet = useQuery(walletQueryOptions(kind));
  const balanceId = useId();
  const movementsId = useId();

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t(`wallets.${kind}.title`)}
        </Title>
        <Text c="dimmed">{t(`wallets.${kind}.description`)}</Text>
      </Stack>

      {wallet.isError ? (
        <LoadError
          title={t('wallets.loadErrorTitle')}
          description={t('wallets.loadErrorDescription')}
          onRetry={() => void wallet.refetch()}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={balanceId}>
              <Stack gap={6}>
                <Text fw={600} id={balanceId}>
                  {t('wallets.balance')}
                </Text>
                {wallet.data ? (
                  <>
                    <Text fz={36} fw={700} lh={1.1}>
                      {wallet.data.balance_nice}
                    </Text>
                    {/* A provider took back money already spent: the debt, said in words (DOMAIN.md "Reversals"). */}
                    {wallet.data.balance_cents < 0 && (
                      <Text size="sm">
                        {t('wallets.owed', { amount: formatArs(-wallet.data.balance_cents) })}
                      </Text>
                    )}
                  </>
                ) : (
                  <Skeleton h={40} w={180} />
                )}
              </Stack>
            </Card>
            <TopUpForm kind={kind} />
          </SimpleGrid>

          <Stack gap="sm" component="section" aria-labelledby={movementsId}>
            <Title order={2} fz="lg" id={movementsId}>
              {t('wallets.movements.title')}
            </Title>
            {wallet.data ? (
              <MovementList kind={kind} walletId={wallet.data.id} />
            ) : (
              <Skeleton h={56} radius="md" />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
