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
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { createReadCache, type ReadCache, type ReadCacheOptions } from '../../lib/read-cache.ts';

export const INSURANCES_CHANNEL = 'cubierto_insurances';

/** The customers whose wallet payments committed and wait to be told to the instances, and their callers. */
type Told = { userIds: Set<number>; sent: Promise<void>; send: () => void };
type Teller = { sending: boolean; waiting: Told | undefined };
const tellers = new WeakMap<Db, Teller>();

/**
 * One statement for the changes the wallet payments committed meanwhile: 'user:<id>' on
 * `cubierto_insurances` for each customer, as migration 0017's trigger does at commit, for the transactions
 * that set `cubierto.insurances_notify` to 'after_commit' (migration 0028, a wallet payment), once committed;
 * out of any transaction, so its commit waits for no WAL flush.
 * The first payment is told at once; those that commit while it is being told wait for it and go together
 * in the next statement, and so on. Each answers once its customer was told, as before, but a statement
 * (and a transaction that notifies, and a wake-up of every listening connection) is spent per batch, not per
 * payment: with 50 clients it was one round trip of a payment's six (2026-11-27).
 */
export function notifyInsurancesChanged(db: Db, userId: number): Promise<void> {
  let teller = tellers.get(db);
  if (!teller) {
    teller = { sending: false, waiting: undefined };
    tellers.set(db, teller);
  }
  let told = teller.waiting;
  if (!told) {
    let send = () => {};
    const userIds = new Set<number>();
    const sent = new Promise<void>((resolve, reject) => {
      send = () => {
        db.execute(tellStatement(userIds)).then(() => resolve(), reject);
      };
    });
    told = { userIds, sent, send };
    teller.waiting = told;
  }
  told.userIds.add(userId);
  if (!teller.sending) void tellWaiting(teller);
  return told.sent;
}

/** Sends the waiting batch, then the one that gathered meanwhile, until none is left. */
async function tellWaiting(teller: Teller): Promise<void> {
  teller.sending = true;
  for (let told = teller.waiting; told; told = teller.waiting) {
    teller.waiting = undefined;
    told.send();
    await told.sent.catch(() => {});
  }
  teller.sending = false;
}

/** The same text whatever the number of customers, their ids in one parameter. */
function tellStatement(userIds: Set<number>): SQL {
  return sql`select pg_notify(${INSURANCES_CHANNEL}, 'user:' || u)
    from unnest(string_to_array(${[...userIds].join(',')}, ',')::int[]) as u`;
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
