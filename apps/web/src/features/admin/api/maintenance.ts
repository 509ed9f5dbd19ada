/** Mantenimiento: whether customers see 'Mantenimiento programado', and its message. */
import { dataOf, type MaintenanceBody, MaintenanceSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';
import { useAdminMutation } from './mutations.ts';

const Answer = dataOf(MaintenanceSchema);

export const maintenanceQueryOptions = queryOptions({
  queryKey: queryKeys.admin.maintenance(),
  queryFn: async () => (await adminApi.get(Answer, '/admin/maintenance')).data,
});

export async function saveMaintenance(body: MaintenanceBody) {
  return (await adminApi.put(Answer, '/admin/maintenance', body)).data;
}

export const useSaveMaintenanceMutation = () =>
  useAdminMutation({ mutationFn: saveMaintenance, invalidates: [queryKeys.admin.maintenance()] });
