/**
 * The one shape of a write: `useApiMutation` is `useMutation` plus the cache keys the write makes stale,
 * declared once in the feature's `use…Mutation` hook, never in the page that calls it:
 *
 *   export function useCancelInsuranceMutation() {
 *     return useApiMutation({
 *       mutationFn: cancelInsurance,
 *       updates: (client, insurance) => client.setQueryData(queryKeys.insurances.detail(insurance.id), insurance),
 *       invalidates: [queryKeys.insurances.all, queryKeys.wallets.all],
 *     });
 *   }
 *
 * On success it first writes what the answer already holds (`updates`), then invalidates the keys (active
 * queries refetch; the mutation stays pending until they did, so the next screen shows fresh data unless
 * `awaitInvalidation: false`), then runs the caller's own `onSuccess`. Errors stay with the caller.
 */
import {
  type DefaultError,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';

type Keys<TData, TVariables> =
  | readonly QueryKey[]
  | ((data: TData, variables: TVariables) => readonly QueryKey[]);

export type ApiMutationOptions<
  TData,
  TVariables,
  TError = DefaultError,
  TOnMutateResult = unknown,
> = UseMutationOptions<TData, TError, TVariables, TOnMutateResult> & {
  /** The keys (prefixes) this write makes stale, from `queryKeys`. */
  invalidates?: Keys<TData, TVariables>;
  /** Writes the answer into the cache before invalidating (e.g. the saved record's detail). */
  updates?: (client: QueryClient, data: TData, variables: TVariables) => void;
  /** Wait for the active queries to refetch before the mutation settles (default true). */
  awaitInvalidation?: boolean;
};

export function invalidateKeys(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

export function useApiMutation<TData, TVariables = void, TError = DefaultError, TOnMutateResult = unknown>({
  invalidates,
  updates,
  awaitInvalidation = true,
  onSuccess,
  ...options
}: ApiMutationOptions<TData, TVariables, TError, TOnMutateResult>): UseMutationResult<
  TData,
  TError,
  TVariables,
  TOnMutateResult
> {
  return useMutation<TData, TError, TVariables, TOnMutateResult>({
    ...options,
    onSuccess: async (data, variables, onMutateResult, context) => {
      updates?.(context.client, data, variables);
      const keys = typeof invalidates === 'function' ? invalidates(data, variables) : (invalidates ?? []);
      const invalidated = invalidateKeys(context.client, keys);
      if (awaitInvalidation) await invalidated;
      else void invalidated;
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
