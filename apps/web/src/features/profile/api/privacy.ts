/**
 * 'Descargar mis datos' and 'Eliminar mi cuenta' (decision 016): the deletion check
 * (GET /customers/user/deletion), the deletion (POST /customers/user/delete) and the export downloads
 * (GET /customers/user/export and export.pdf).
 */
import type { AccountDeletionCheck } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { downloadFile } from '../../../shared/api/download.ts';

export const deletionCheckQueryOptions = queryOptions({
  queryKey: ['customers', 'user', 'deletion'],
  queryFn: async () => (await api.get<{ data: AccountDeletionCheck }>('/customers/user/deletion')).data,
  staleTime: 0,
  gcTime: 0,
});

export async function deleteAccount(password: string | undefined): Promise<void> {
  await api.post('/customers/user/delete', password === undefined ? {} : { password });
}

export function downloadMyData(format: 'json' | 'pdf'): Promise<boolean> {
  return format === 'json'
    ? downloadFile('/customers/user/export', { fallbackName: 'mis-datos-cubierto.json', site: 45 })
    : downloadFile('/customers/user/export.pdf', { fallbackName: 'mis-datos-cubierto.pdf', site: 46 });
}
