/**
 * GET /customers/insurances: "Mis contrataciones", newest first, a page at a time, optionally of one
 * status and one risk type.
 */
import { InsuranceSchema, type InsuranceStatus, pageOf } from '@cubierto/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export const INSURANCES_PER_PAGE = 10;

export type InsuranceFilters = {
  status?: InsuranceStatus | undefined;
  riskType?: string | undefined;
  page: number;
};

const InsurancePageSchema = pageOf(InsuranceSchema);

export function insurancesQueryOptions({ status, riskType, page }: InsuranceFilters) {
  return queryOptions({
    queryKey: queryKeys.insurances.list({ status, riskType, page }),
    queryFn: async () =>
      InsurancePageSchema.parse(
        await api.get('/customers/insurances', {
          query: {
            'filter[status][eq]': status,
            'filter[risk_type][eq]': riskType,
            sort_by: '-created_at',
            page,
            per_page: INSURANCES_PER_PAGE,
          },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
