/**
 * The public catalogue's answers and the reference lists every start asks for, kept in this instance's memory
 * by the read-cache layer (lib/read-cache.ts), one entry for every caller (`shared`): the catalogue the
 * home and the product pages draw (GET /applications/{id}/public-policies, /public-policies, a policy of it,
 * /customers/linked-applications/{id}/policies/{id}), the web's version check (GET /common/app-version) and
 * the provinces. Measured with the requests the browser sends (bench:api, issue 22), the catalogue's two
 * queries and its answer of some 40 KB cost 3–10 % of the one-query floor on every home.
 *
 * What drops them: migration 0017's triggers notify `cubierto_insurances` with 'all' at commit whenever a
 * coverage, policy, company or risk type is changed or deleted, by any path and on any instance; the
 * instance that serves an operator's request drops everything before it answers (registerReadCaches). A
 * row added or a policy linked to an application by another instance is seen within `maxAgeMs` (30 s).
 * A customer's own writes (payload 'user:<id>') concern none of these answers.
 */
import type { Database } from '../../db/client.ts';
import { createReadCache, type ReadCache, type ReadCacheOptions } from '../../lib/read-cache.ts';
import { INSURANCES_CHANNEL } from '../insurances/list-cache.ts';

export type CatalogCache = ReadCache<unknown>;

export function createCatalogCache(
  database: Database,
  options: Pick<ReadCacheOptions<unknown>, 'maxAgeMs' | 'maxEntries' | 'now'> = {},
): Promise<CatalogCache> {
  return createReadCache<unknown>(database, {
    maxAgeMs: 30_000,
    ...options,
    channel: INSURANCES_CHANNEL,
    // 'user:<id>' (an insurance of that customer changed) is understood and concerns no answer here; 'all'
    // (the catalogue changed) and anything else drop every answer.
    kinds: ['user'],
    tags: () => [],
  });
}
