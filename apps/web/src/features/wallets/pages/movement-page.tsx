/**
 * One wallet movement (customers/money-wallet/{walletId}/wallet-movements/{movementId}, also opened from
 * wallet-movement notifications, spec §2): what it was, its amount, the balance after it and its date.
 */
import type { WalletMovement } from '@cubierto/contracts';
import { Alert, Anchor, Card, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatLongDate } from '../../../shared/format/format.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { DetailStates } from '../../../shared/ui/detail-states.tsx';
import { FactList } from '../../../shared/ui/fact-list.tsx';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { WALLET_PATHS, type WalletKind } from '../../../shared/wallets/wallets.ts';
import { movementQueryOptions } from '../api/movement.ts';

function MovementView({ movement, back }: { movement: WalletMovement; back: ReactNode }) {
  const { t } = useTranslation();
  const facts = [
    { label: t('wallets.movement.amount'), value: movement.amount_nice },
    { label: t('wallets.movement.balanceAfter'), value: movement.balance_after_nice },
    { label: t('wallets.movement.date'), value: formatLongDate(movement.created_at) },
    { label: t('wallets.movement.kind'), value: t(`wallets.kinds.${movement.kind}`, movement.kind) },
  ];
  return (
    <Stack gap="lg" maw={640} mx="auto">
      {back}
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {movement.description}
      </Title>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <FactList facts={facts} label={t('wallets.movement.title')} />
          {movement.insurance_id && (
            <Anchor component={Link} to={`/customers/insurances/${movement.insurance_id}`} fw={600}>
              {t('wallets.movement.insurance')}
            </Anchor>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

export function MovementPage({ kind }: { kind: WalletKind }) {
  const { t } = useTranslation();
  const params = useParams();
  const walletId = Number(params.walletId);
  const movementId = Number(params.movementId);
  const valid = Number.isInteger(walletId) && Number.isInteger(movementId);
  const query = useQuery({ ...movementQueryOptions(kind, walletId, movementId), enabled: valid });
  const back = <BackLink to={`/customers/${WALLET_PATHS[kind]}`} label={t(`wallets.${kind}.back`)} />;
  return (
    <DetailStates
      query={query}
      valid={valid}
      width={640}
      back={back}
      notFound={
        <Alert color="gray" variant="light" icon={<IconInfo />} title={t('wallets.movement.notFound')} />
      }
      loadError={{ description: t('wallets.movement.loadError') }}
      skeleton={
        <>
          <Skeleton h={40} w="60%" />
          <Skeleton h={200} radius="lg" />
        </>
      }
    >
      {(movement) => <MovementView movement={movement} back={back} />}
    </DetailStates>
  );
}
