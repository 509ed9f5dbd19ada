/**
 * What the contract flow asks for on opening a process, started by its route's loader beside the page's
 * code (app/router.tsx): the process (what the first step says), the customer and the last contracts'
 * suggestions. The page's queries find the answers cached or in flight and ask nothing again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../../shared/session/current-user.ts';
import { processQueryOptions } from './process.ts';
import { suggestionsQueryOptions } from './suggestions.ts';

export async function prefetchContract(queryClient: QueryClient, processId: number): Promise<void> {
  await Promise.all([
    Number.isInteger(processId) && processId > 0
      ? queryClient.prefetchQuery(processQueryOptions(processId))
      : undefined,
    queryClient.prefetchQuery(currentUserQueryOptions),
    queryClient.prefetchQuery(suggestionsQueryOptions()),
  ]);
}
