/** A wallet's movements, ten a page, each opening its detail; an empty wallet says so. */
import { Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/format/format.ts';
import { IconFileText } from '../../../shared/ui/icons.tsx';
import { PagedQueryList } from '../../../shared/ui/paged-query-list.tsx';
import { WALLET_PATHS, type WalletKind } from '../../../shared/wallets/wallets.ts';
import { movementsQueryOptions } from '../api/movements.ts';
import classes from './wallets.module.css';

export function MovementList({ kind, walletId }: { kind: WalletKind; walletId: number }) {
  const { t } = useTranslation();
  return (
    <PagedQueryList
      pages={(page) => movementsQueryOptions(kind, walletId, page)}
      loadError={t('wallets.movements.loadError')}
      empty={{
        icon: <IconFileText size={28} />,
        title: t('wallets.movements.emptyTitle'),
        description: t(`wallets.${kind}.emptyDescription`),
      }}
      skeletons={{ count: 3, height: 56 }}
    >
      {(movements) => (
        <ul className={classes.movements}>
          {movements.map((movement) => (
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
      )}
    </PagedQueryList>
  );
}
