/** GET /common/provinces and /common/provinces/{id}/localities: the options of every address picker (profile, insured address). */
import { LocalitySchema, ProvinceSchema } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const provincesQueryOptions = queryOptions({
  queryKey: queryKeys.places.provinces(),
  queryFn: async () =>
    z.object({ data: z.array(ProvinceSchema) }).parse(await api.get('/common/provinces')).data,
  staleTime: Number.POSITIVE_INFINITY,
});

export function localitiesQueryOptions(provinceId: number | null | undefined) {
  return queryOptions({
    queryKey: queryKeys.places.localities(provinceId ?? null),
    queryFn: async () =>
      z
        .object({ data: z.array(LocalitySchema) })
        .parse(await api.get(`/common/provinces/${provinceId}/localities`)).data,
    enabled: typeof provinceId === 'number',
    staleTime: Number.POSITIVE_INFINITY,
  });
}
