/** A wallet's movements, ten a page, each opening its detail; an empty wallet says so. */
import { EmptyState, Group, Pagination, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/format/format.ts';
import { IconFileText } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { WALLET_PATHS, type WalletKind } from '../../../shared/wallets/wallets.ts';
import { movementsQueryOptions } from '../api/wallet-movements.ts';
import classes from './wallets.module.css';

export function MovementList({ kind, walletId }: { kind: WalletKind; walletId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(movementsQueryOptions(kind, walletId, page));

  if (query.isError)
    return <LoadError description={t('wallets.movements.loadError')} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('loading.default')}>
        <Skeleton h={56} radius="md" />
        <Skeleton h={56} radius="md" />
        <Skeleton h={56} radius="md" />
      </Stack>
    );
  if (query.data.data.length === 0)
    return (
      <EmptyState
        variant="light"
        icon={<IconFileText size={28} />}
        title={t('wallets.movements.emptyTitle')}
        description={t(`wallets.${kind}.emptyDescription`)}
      />
    );

  const { meta } = query.data;
  return (
    <Stack gap="md">
      <ul className={classes.movements}>
        {query.data.data.map((movement) => (
          <li key={movement.id}>
            <UnstyledButton
              component={Link}
              to={`/customers/${WALLET_PATHS[kind]}/${walletId}/wallet-movements/${movement.id}`}
              className={classes.movement}
            >
              <Stack gap={2} miw={0}>
                <Text fw={600} lineClamp={2}>
                  {movement.description}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatLongDate(movement.created_at)}
                </Text>
              </Stack>
              <Text fw={700} className={movement.amount_cents >= 0 ? classes.credit : classes.debit}>
                {movement.amount_nice}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </ul>
      {meta.last_page > 1 && (
        <Group justify="center">
          <Pagination
            total={meta.last_page}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`wallets.movements.page.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('wallets.movements.page.number', { page: item }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
