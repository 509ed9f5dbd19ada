/**
 * The answers of GET /customers/insurances (the home's latest contracts, 'Mis contrataciones' page by
 * page, any filter), kept in this instance's memory by the read-cache layer (lib/read-cache.ts) per caller
 * and query as understood, while none of the caller's insurances changed: the list's five-table join and
 * its wide rows kept it at about half of the one-query floor (bench/README.md). The route declares it;
 * listCustomerInsurances is plain database code.
 *
 * Migration 0017's triggers notify `cubierto_insurances` at commit: 'user:<id>' when one of that
 * customer's insurances is added, changed or deleted by any path (a payment, a webhook, the lifecycle
 * jobs, an import, SQL by hand), and 'all' when the catalogue an insurance is shown with changes. A wallet
 * payment says it just after its commit instead (notifyInsurancesChanged, migration 0028).
 */
import type { Insurance, PageMeta } from '@cubierto/contracts';
import type { Database, Db } from '../../db/client.ts';
import { tellAfterCommit } from '../../lib/after-commit.ts';
import { createReadCache, type ReadCache, type ReadCacheOptions } from '../../lib/read-cache.ts';

export const INSURANCES_CHANNEL = 'cubierto_insurances';

/**
 * 'user:<id>' on `cubierto_insurances`, as migration 0017's trigger says at commit, for a transaction that
 * set `cubierto.insurances_notify` to 'after_commit' (migration 0028, a wallet payment), once committed:
 * batched with what other transactions tell meanwhile (lib/after-commit.ts).
 */
export function notifyInsurancesChanged(db: Db, userId: number): Promise<void> {
  return tellAfterCommit(db, INSURANCES_CHANNEL, `user:${userId}`);
}

export type InsurancePage = { data: Insurance[]; meta: PageMeta };
export type InsuranceListCache = ReadCache<InsurancePage>;

export function createInsuranceListCache(
  database: Database,
  options: Pick<ReadCacheOptions<InsurancePage>, 'maxAgeMs' | 'maxEntries' | 'now'> = {},
): Promise<InsuranceListCache> {
  return createReadCache<InsurancePage>(database, {
    ...options,
    channel: INSURANCES_CHANNEL,
    kinds: ['user'],
    // Every row of the page is the caller's own.
    tags: (_page, callerId) => [`user:${callerId}`],
  });
}
