import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApiMutation } from './mutation.ts';
import { queryKeys } from './query-keys.ts';

describe('useApiMutation', () => {
  it('writes the answer, refreshes the keys it declares and leaves other areas alone', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetched = { list: 0, wallet: 0 };
    let renamed = '';
    let save: (name: string) => Promise<unknown> = async () => undefined;

    function Screen() {
      const list = useQuery({
        queryKey: queryKeys.insurances.list({ page: 1 }),
        queryFn: async () => ++fetched.list,
      });
      const wallet = useQuery({
        queryKey: queryKeys.wallets.detail('money'),
        queryFn: async () => ++fetched.wallet,
      });
      const mutation = useApiMutation({
        mutationFn: async (name: string) => ({ id: 3, name }),
        updates: (queryClient, insurance) =>
          queryClient.setQueryData(queryKeys.insurances.detail(insurance.id), insurance),
        invalidates: [queryKeys.insurances.all],
        onSuccess: (insurance) => {
          renamed = insurance.name;
        },
      });
      save = mutation.mutateAsync;
      return (
        <p>
          {list.data}/{wallet.data}
        </p>
      );
    }

    render(
      <QueryClientProvider client={client}>
        <Screen />
      </QueryClientProvider>,
    );
    await screen.findByText('1/1');
    await act(() => save('Auto'));
    // The list was refetched before the mutation settled; the wallet was not touched.
    expect(fetched).toEqual({ list: 2, wallet: 1 });
    expect(client.getQueryData(queryKeys.insurances.detail(3))).toEqual({ id: 3, name: 'Auto' });
    expect(renamed).toBe('Auto');
    await waitFor(() => expect(screen.getByText('2/1')).toBeInTheDocument());
  });
});
