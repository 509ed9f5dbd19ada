/** Panel: the per-day series and totals of the last `days` days. */
import { DashboardSchema, dataOf } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { adminApi } from './admin-client.ts';

export function dashboardQueryOptions(days: number) {
  return queryOptions({
    queryKey: queryKeys.admin.dashboard(days),
    queryFn: async () => (await adminApi.get(dataOf(DashboardSchema), '/admin/dashboard', { days })).data,
  });
}
