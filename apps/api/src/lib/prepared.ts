/**
 * Prepared statements, built once per database handle: drizzle stops rebuilding the SQL on every
 * request, and on PostgreSQL each pooled connection keeps the named statement's plan; on PGlite the
 * query's plan is kept too (db/pglite-plans.ts). For the hottest queries only (session lookup, profile,
 * the home's list, the bell's count, the wallets); a transaction runs the plain query inside itself
 * instead.
 */
import { type Db, keptPlansOf } from '../db/client.ts';

export function preparedPerDatabase<P extends { getQuery(): { sql: string } }>(
  build: (db: Db) => P,
): (db: Db) => P {
  const cache = new WeakMap<Db, P>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      keptPlansOf(db)?.keep(prepared.getQuery().sql);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
