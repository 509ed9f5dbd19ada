/** GET and PUT /customers/invoice-profile: the designated billing party invoices are issued to. */
import { dataOf, type InvoiceProfileBody, InvoiceProfileSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';

export const invoiceProfileQueryOptions = queryOptions({
  queryKey: ['invoice-profile'],
  queryFn: async () =>
    dataOf(InvoiceProfileSchema.nullable()).parse(await api.get('/customers/invoice-profile')).data,
});

export async function saveInvoiceProfile(body: InvoiceProfileBody) {
  return dataOf(InvoiceProfileSchema).parse(await api.put('/customers/invoice-profile', body)).data;
}
