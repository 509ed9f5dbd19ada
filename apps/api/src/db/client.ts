/**
 * The database: PGlite (embedded PostgreSQL, one in-process connection) by default, PostgreSQL through
 * node-postgres when DATABASE_URL is set. One schema, one dialect, one set of migrations for both.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle services write through: the database itself or a transaction of it. */
export type DbOrTx = Db | Tx;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

export type DatabaseOptions = {
  /** PostgreSQL connection string; absent → PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; absent → in memory (tests). */
  dataDir?: string | undefined;
  /** node-postgres pool size. */
  poolSize?: number;
  /** Told when an idle pooled connection fails (the pool recovers by itself). */
  onIdleError?: (error: Error) => void;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client the server drops (restart, failover, admin termination) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}
