/**
 * The customers' latest insurance pages (GET /customers/insurances as the app asks for it: no filter, newest
 * first; the home's five latest and 'Mis contrataciones'), kept in this instance's memory while none of
 * their insurances changed: the list's five-table join and its wide rows kept it at about half of the
 * one-query floor (bench/README.md).
 *
 * Migration 0017's triggers notify `cubierto_insurances` at commit: 'user:<id>' when one of that customer's
 * insurances is added, changed or deleted by any path (a payment, a webhook, the lifecycle jobs, an import,
 * SQL by hand), and 'all' when the catalogue an insurance is shown with changes. See lib/notified-cache.ts.
 */
import type { Database } from '../../db/client.ts';
import {
  createNotifiedCache,
  type NotifiedCache,
  type NotifiedCacheOptions,
} from '../../lib/notified-cache.ts';
import type { insuranceOut } from './service.ts';

export const INSURANCES_CHANNEL = 'cubierto_insurances';

export type InsurancePage = { userId: number; rows: ReturnType<typeof insuranceOut>[]; total: number };
export type InsuranceListCache = NotifiedCache<InsurancePage>;

export function createInsuranceListCache(
  database: Database,
  options: Pick<NotifiedCacheOptions<InsurancePage>, 'maxAgeMs' | 'maxEntries' | 'now'> = {},
): Promise<InsuranceListCache> {
  return createNotifiedCache<InsurancePage>(database, {
    ...options,
    channel: INSURANCES_CHANNEL,
    kinds: ['user'],
    concerns: (_kind, id, page) => page.userId === id,
  });
}
