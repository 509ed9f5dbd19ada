/** GET /customers/{money,credit}-wallet/{walletId}/wallet-movements: a wallet's movements, newest first. */
import { pageOf, WALLET_PATHS, type WalletKind, WalletMovementSchema } from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const MOVEMENTS_PER_PAGE = 10;

export const movementsPath = (kind: WalletKind, walletId: number) =>
  `/customers/${WALLET_PATHS[kind]}/${walletId}/wallet-movements`;

export async function fetchMovements(kind: WalletKind, walletId: number, page: number) {
  return pageOf(WalletMovementSchema).parse(
    await api.get(movementsPath(kind, walletId), { query: { page, per_page: MOVEMENTS_PER_PAGE } }),
  );
}

export function movementsQueryOptions(kind: WalletKind, walletId: number, page: number) {
  return queryOptions({
    queryKey: queryKeys.wallets.movements(kind, walletId, page),
    queryFn: () => fetchMovements(kind, walletId, page),
    placeholderData: keepPreviousData,
  });
}
