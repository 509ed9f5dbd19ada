/** GET …/{walletId}/wallet-movements/{movementId}: one movement of a wallet. */
import { dataOf, type WalletKind, type WalletMovement, WalletMovementSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { movementsPath } from './movements.ts';

export async function fetchMovement(kind: WalletKind, walletId: number, movementId: number) {
  return dataOf(WalletMovementSchema).parse(await api.get(`${movementsPath(kind, walletId)}/${movementId}`))
    .data;
}

export function movementQueryOptions(kind: WalletKind, walletId: number, movementId: number) {
  return queryOptions<WalletMovement>({
    queryKey: queryKeys.wallets.movement(kind, walletId, movementId),
    queryFn: () => fetchMovement(kind, walletId, movementId),
  });
}
