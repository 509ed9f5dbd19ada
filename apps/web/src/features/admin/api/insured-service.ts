/** Atención al asegurado: the Servicio de Atención al Asegurado block the public pages show. */
import { dataOf, type InsuredServiceBody, InsuredServiceSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';
import { useAdminMutation } from './mutations.ts';

const Answer = dataOf(InsuredServiceSchema);

export const insuredServiceQueryOptions = queryOptions({
  queryKey: queryKeys.admin.insuredService(),
  queryFn: async () => (await adminApi.get(Answer, '/admin/insured-service')).data,
});

export async function saveInsuredService(body: InsuredServiceBody) {
  return (await adminApi.put(Answer, '/admin/insured-service', body)).data;
}

export const useSaveInsuredServiceMutation = () =>
  useAdminMutation({
    mutationFn: saveInsuredService,
    invalidates: [queryKeys.admin.insuredService(), queryKeys.insuredService.all],
    success: 'insuredService.admin.saved',
  });
