/**
 * Prepared statements, built once per database handle: drizzle stops rebuilding the SQL on every
 * request, and on PostgreSQL each pooled connection keeps the named statement's plan. For the hottest
 * queries only (session lookup, profile); a transaction runs the plain query inside itself instead.
 */
import type { Db } from '../db/client.ts';

export function preparedPerDatabase<P>(build: (db: Db) => P): (db: Db) => P {
  const cache = new WeakMap<Db, P>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}
