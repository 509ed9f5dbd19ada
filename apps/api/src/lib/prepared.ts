/**
 * Prepared statements, built once per database handle: drizzle stops rebuilding the SQL on every
 * request, and on PostgreSQL each pooled connection keeps the named statement's plan; on PGlite the
 * query's plan is kept too (db/pglite-plans.ts). For the hottest queries only, those the pages ask for on
 * every visit (the session lookup, the profile, the lists the pages open with, the bell, the wallets, an
 * insurance's detail, the images and uploads they show); a transaction runs the plain query inside itself
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
