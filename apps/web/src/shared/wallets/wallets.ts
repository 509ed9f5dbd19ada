/**
 * The customer's two wallets, 'Mi dinero' (money) and 'Mi crédito' (credit): GET /customers/money-wallet
 * and /customers/credit-wallet, read through the contracts' WalletSchema. Shared because paying an
 * insurance, the home, imports and the wallet pages all show a balance. Amounts are integer centavos
 * (DOMAIN "Money").
 */
import { dataOf, WALLET_PATHS, type WalletKind, WalletSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';

// The kinds and their paths are the contracts'; kept importable from here for the wallet screens.
export { WALLET_PATHS, type Wallet, type WalletKind } from '@cubierto/contracts';

export async function fetchWallet(kind: WalletKind) {
  return dataOf(WalletSchema).parse(await api.get(`/customers/${WALLET_PATHS[kind]}`)).data;
}

export function walletQueryOptions(kind: WalletKind) {
  return queryOptions({
    queryKey: queryKeys.wallets.detail(kind),
    queryFn: () => fetchWallet(kind),
  });
}
