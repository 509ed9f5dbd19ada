/** GET /customers/invoices (paged, newest first) and the PDF of one (GET …/{id}/pdf). */
import { InvoiceSchema, pageOf } from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const INVOICES_PER_PAGE = 10;

export async function fetchInvoices(page: number) {
  return pageOf(InvoiceSchema).parse(
    await api.get('/customers/invoices', { query: { page, per_page: INVOICES_PER_PAGE } }),
  );
}

/** While a document of the page waits for ARCA's CAE, the page is asked again this often. */
export const IN_PROCESS_REFETCH_MS = 4000;

export function invoicesQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.invoices.list({ page }),
    queryFn: () => fetchInvoices(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((invoice) => invoice.arca_status !== 'autorizada')
        ? IN_PROCESS_REFETCH_MS
        : false,
  });
}

export async function downloadInvoice(invoice: { id: number; letter: string; full_number: string | null }) {
  const { downloadFile } = await import('../../../shared/api/download.ts');
  return downloadFile(`/customers/invoices/${invoice.id}/pdf`, {
    fallbackName: `factura-${invoice.letter}-${invoice.full_number}.pdf`,
    site: 80,
  });
}
