/**
 * GET /common/insured-service: the Servicio de Atención al Asegurado that operators set in the back
 * office, shown at the foot of every public page (public-frame.tsx) and on the rights pages. Public: no
 * session needed.
 */
import { dataOf, InsuredServiceSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';

export async function fetchInsuredService() {
  return dataOf(InsuredServiceSchema).parse(await api.get('/common/insured-service', { auth: false })).data;
}

export const insuredServiceQueryOptions = queryOptions({
  queryKey: queryKeys.insuredService.all,
  queryFn: fetchInsuredService,
  staleTime: 5 * 60_000,
});
