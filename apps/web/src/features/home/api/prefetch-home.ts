/**
 * What the home asks for, started by its route's loader beside the page's code (app/router.tsx): the
 * greeting's user first (the largest thing the home paints), then the latest contracts, the catalogue and
 * the wallets. The page's own queries find the answers cached or in flight and ask nothing again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { publicPoliciesQueryOptions } from '../../../shared/catalog/public-policies.ts';
import { appConfigQueryOptions } from '../../../shared/config/app-config.ts';
import { currentUserQueryOptions } from '../../../shared/session/current-user.ts';
import { walletQueryOptions } from '../../../shared/wallets/wallets.ts';
import { latestInsurancesQueryOptions } from './latest-insurances.ts';

export async function prefetchHome(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(currentUserQueryOptions),
    queryClient.prefetchQuery(latestInsurancesQueryOptions),
    queryClient.prefetchQuery(publicPoliciesQueryOptions()),
    queryClient.prefetchQuery(walletQueryOptions('money')),
    // 'Mi crédito' is shown only while the app config has credit wallet mode on.
    queryClient
      .fetchQuery(appConfigQueryOptions)
      .then((config) =>
        config.credit_wallet_mode ? queryClient.prefetchQuery(walletQueryOptions('credit')) : undefined,
      )
      .catch(() => {
        // The wallets' card asks again and shows what failed.
      }),
  ]);
}
