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
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { createReadCache, type ReadCache, type ReadCacheOptions } from '../../lib/read-cache.ts';

export const INSURANCES_CHANNEL = 'cubierto_insurances';

/**
 * Tells every instance that `userId`'s insurances changed, as migration 0017's trigger does at commit: for
 * a transaction that set `cubierto.insurances_notify` to 'after_commit' (migration 0028), once committed.
 * On its own, out of any transaction: it writes nothing, so its commit waits for no WAL flush.
 */
export async function notifyInsurancesChanged(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${INSURANCES_CHANNEL}, ${`user:${userId}`})`);
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
