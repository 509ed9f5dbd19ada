/** GET and PUT /customers/invoice-profile: the designated billing party invoices are issued to. */
import { dataOf, type InvoiceProfileBody, InvoiceProfileSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { useApiMutation } from '../../../shared/api/mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export async function fetchInvoiceProfile() {
  return dataOf(InvoiceProfileSchema.nullable()).parse(await api.get('/customers/invoice-profile')).data;
}

export const invoiceProfileQueryOptions = queryOptions({
  queryKey: queryKeys.invoices.profile(),
  queryFn: fetchInvoiceProfile,
});

export async function saveInvoiceProfile(body: InvoiceProfileBody) {
  return dataOf(InvoiceProfileSchema).parse(await api.put('/customers/invoice-profile', body)).data;
}

/** Saving answers the profile as stored, which becomes the cached one. */
export function useSaveInvoiceProfileMutation() {
  return useApiMutation({
    mutationFn: saveInvoiceProfile,
    updates: (client, saved) => client.setQueryData(queryKeys.invoices.profile(), saved),
  });
}
