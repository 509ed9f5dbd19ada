/** Invoices and credit notes by ARCA status, the retry of a rejected one, and the ARCA connection's state. */
import { AdminInvoiceSchema, ArcaStatusSchema, dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';
import { type ListState, listQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

export const adminInvoicesQueryOptions = (state: ListState) =>
  listQueryOptions('invoices', AdminInvoiceSchema, state);

/** The environment, point of sale, the wsfe ticket's expiry and how many documents wait (dashboard). */
export const arcaStatusQueryOptions = queryOptions({
  queryKey: [...queryKeys.admin.resource('invoices').all, 'arca-status'] as const,
  queryFn: async () => (await adminApi.get(dataOf(ArcaStatusSchema), '/admin/invoices/arca-status')).data,
});

export async function retryInvoice(id: number) {
  return (await adminApi.post(dataOf(AdminInvoiceSchema), `/admin/invoices/${id}/retry`, {})).data;
}

export const useRetryInvoiceMutation = () =>
  useAdminMutation({
    mutationFn: retryInvoice,
    invalidates: [queryKeys.admin.resource('invoices').all],
    success: 'admin.invoices.retried',
  });
