/**
 * The customer's two wallets, 'Mi dinero' (money) and 'Mi crédito' (credit): GET /customers/money-wallet
 * and /customers/credit-wallet. Shared because paying an insurance shows both balances and the wallet
 * pages show them too. Amounts are integer centavos (DOMAIN "Money").
 */
import { dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';

export type WalletKind = 'money' | 'credit';

/** The API path segment of each wallet, also the web route under /customers. */
export const WALLET_PATHS: Record<WalletKind, string> = {
  money: 'money-wallet',
  credit: 'credit-wallet',
};

export const WalletSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  balance_cents: z.number().int(),
  balance_nice: z.string(),
});
export type Wallet = z.infer<typeof WalletSchema>;

export function walletQueryOptions(kind: WalletKind) {
  return queryOptions({
    queryKey: queryKeys.wallets.detail(kind),
    queryFn: async () => dataOf(WalletSchema).parse(await api.get(`/customers/${WALLET_PATHS[kind]}`)).data,
  });
}
