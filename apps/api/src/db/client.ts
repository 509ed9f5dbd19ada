/**
 * The database: PGlite (embedded PostgreSQL, one in-process connection) by default, PostgreSQL through
 * node-postgres when DATABASE_URL is set. One schema, one dialect, one set of migrations for both.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { keepPglitePlans, type PglitePlans } from './pglite-plans.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle services write through: the database itself or a transaction of it. */
export type DbOrTx = Db | Tx;

/** The rows of a raw statement's answer (`execute`), whichever driver ran it (pg answers `{ rows }`, PGlite too). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * The handle the outbox worker runs on. PostgreSQL: a pool of its own (`workerPoolSize` connections), so
   * that the jobs' statements do not queue behind the requests for the requests' connections (under load
   * the worker fell thousands of jobs behind the payments that enqueued them). PGlite: `db` itself (one
   * in-process connection).
   */
  workerDb: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Subscribes to a NOTIFY channel. `onState(true)` once listening, `onState(false)` whenever the
   * subscription may have missed messages (a dropped connection; it reconnects every second), so a
   * subscriber holding state derived from them can drop it. Resolves to a function that ends it.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** The connection pool's use right now (PostgreSQL; PGlite has one in-process connection, no pool). */
  poolStats?(): PoolStats;
  /** PGlite: the whole database as a tarball, to open copies of it with `pgliteImage` (tests). */
  image?(): Promise<Blob>;
};

export type PoolStats = { max: number; total: number; idle: number; waiting: number };

export type ListenHandlers = {
  onMessage: (payload: string) => void;
  onState: (listening: boolean) => void;
};

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

/** The advisory lock every instance takes to migrate (any constant of our own). */
const MIGRATION_LOCK = 74_210_001;

export type DatabaseOptions = {
  /** PostgreSQL connection string; absent → PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; absent → in memory (tests). */
  dataDir?: string | undefined;
  /**
   * PGlite in memory: start from this image of another database (`Database.image()`) instead of an empty
   * one. The tests open every database from one migrated image: opening an image takes about a third of
   * creating a database and migrating it.
   */
  pgliteImage?: Blob;
  /** node-postgres pool size. */
  poolSize?: number;
  /** node-postgres: the outbox worker's own pool (`workerDb`), opened on its first connection; 2 by default. */
  workerPoolSize?: number;
  /** Told when an idle pooled connection fails (the pool recovers by itself). */
  onIdleError?: (error: Error) => void;
};

/**
 * A raw statement whose text is built once: `build` writes it with `sql.placeholder(name)` for every value
 * that changes from one call to the next, and each call sends that text with its values, through the
 * handle it is given (a transaction included, which drizzle's prepared statements are not). drizzle
 * builds a raw statement's text again on every call, walking every chunk of it: for the long statements
 * of a hot path (a payment's) that was a measurable share of the API process's CPU. The text is the same
 * on every call, so withNamedStatements names it and PostgreSQL plans it once per connection.
 */
export function statementOnce<Values extends Record<string, unknown>>(
  build: () => SQL,
): (db: DbOrTx, values: Values) => Promise<unknown> {
  let query: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return (db, values) => {
    query ??= new PgDialect().sqlToQuery(build());
    return db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
  };
}

/**
 * Named statements for a hot path's transaction (a payment's keyed request): on PostgreSQL every
 * statement the work sends through drizzle goes as a named statement, its transaction's `begin`,
 * `commit` and `rollback` included (drizzle sends them as query configs too), so each pooled connection
 * parses and plans it once and then only binds and runs it (PostgreSQL keeps the plan per connection;
 * node-postgres skips the parse on a connection that already has the name). PGlite: nothing changes. A
 * name stands for one text, the same on every connection of the process, and there are at most
 * NAMED_STATEMENTS_MAX of them: a statement past the cap runs unnamed, as before, so no text grows the
 * connections' statements without bound. A statement that has its own name (lib/prepared.ts) keeps it.
 */
export function withNamedStatements<T>(work: () => Promise<T>): Promise<T> {
  return naming.run(true, work);
}

const naming = new AsyncLocalStorage<boolean>();
const NAMED_STATEMENTS_MAX = 200;
const statementNames = new Map<string, string>();

/** The query config with a name, when a hot path sent it and none was given. */
function named(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !naming.getStore()) return config;
  // drizzle sends { text, name, types } and its parameters beside it; `name` is set when it names its own.
  const query = config as { text?: unknown; name?: unknown };
  if (typeof query.text !== 'string' || query.name !== undefined) return config;
  let name = statementNames.get(query.text);
  if (name === undefined) {
    if (statementNames.size >= NAMED_STATEMENTS_MAX) return config;
    name = `cubierto_hot_${statementNames.size + 1}`;
    statementNames.set(query.text, name);
  }
  return { ...query, name };
}

/**
 * The pools' client: names the statements of withNamedStatements' work, and sends a hot transaction's
 * `begin` with its first statement, in one round trip instead of two (beginsWith).
 */
class NamingClient extends pg.Client {
  /** A hot transaction's `begin`, answered and not sent yet: it goes with the next statement. */
  private waitingBegin: string | undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // An own property over the prototype's method (whose overloads a subclass cannot restate simply):
    // what counts or wraps Client.prototype.query still sees every statement, each one round trip.
    const plain = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((config: unknown, ...rest: unknown[]) => {
      const query = named(config);
      const begin = this.waitingBegin;
      if (begin !== undefined) {
        this.waitingBegin = undefined;
        return beginsWith(plain, begin, query, rest);
      }
      const name = this.beginToHold(query, rest);
      if (name === undefined) return plain(query, ...rest);
      this.waitingBegin = name;
      return Promise.resolve(HELD_BEGIN_ANSWER);
    }) as pg.Client['query'];
  }

  /**
   * The name of this `begin` when it can wait for the next statement: a hot transaction's (named, by
   * withNamedStatements), already parsed on this connection (its Bind and Execute need no answer of their
   * own), awaited as a promise (drizzle's transactions), without values.
   */
  private beginToHold(query: unknown, rest: unknown[]): string | undefined {
    if (typeof query !== 'object' || query === null) return undefined;
    const { text, name } = query as { text?: unknown; name?: unknown };
    if (text !== 'begin' || typeof name !== 'string' || !naming.getStore()) return undefined;
    if (rest.some((value) => typeof value === 'function' || (Array.isArray(value) && value.length > 0)))
      return undefined;
    const parsed = (this as unknown as { connection: ProtocolConnection }).connection.parsedStatements;
    return parsed[name] === 'begin' ? name : undefined;
  }

  /** A `begin` held when the client goes back to the pool (it never should) is dropped, not sent. */
  dropWaitingBegin(): void {
    this.waitingBegin = undefined;
  }
}

/** What node-postgres answers for a `begin`: drizzle reads nothing of it. */
const HELD_BEGIN_ANSWER = { command: 'BEGIN', rowCount: null, oid: 0, rows: [], fields: [] };

/** What BeginThen writes on: node-postgres's connection (its protocol messages), untyped by @types/pg. */
type ProtocolConnection = {
  parsedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string }): void;
};

/**
 * Sends `query` with the held `begin` in front of it, in one round trip: the begin's Bind and Execute, then
 * the statement's messages and their Sync. Before that Sync the server runs them as one pipeline: should
 * the begin fail, the statement is skipped (it never runs outside the transaction), and the error is the
 * statement's answer. Answers the statement's result. A statement node-postgres would send unprepared
 * (text alone, no values: drizzle never sends one so) or with a callback goes after the begin's answer.
 */
function beginsWith(
  plain: (...args: unknown[]) => unknown,
  begin: string,
  query: unknown,
  rest: unknown[],
): unknown {
  const [values, ...others] = rest;
  const prepared =
    typeof query === 'object' &&
    query !== null &&
    typeof (query as { text?: unknown }).text === 'string' &&
    (Array.isArray(values) || values === undefined) &&
    others.length === 0;
  if (!prepared) {
    const callback = rest.at(-1);
    return Promise.resolve(plain({ text: 'begin', name: begin })).then(
      () => plain(query, ...rest),
      (error: unknown) => {
        if (typeof callback !== 'function') throw error;
        callback(error);
      },
    );
  }
  return new Promise((resolve, reject) => {
    plain(
      new BeginThen(
        begin,
        query as pg.QueryConfig,
        (values as unknown[] | undefined) ?? [],
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
  });
}

/** A statement preceded, in the same messages, by the Bind and Execute of the connection's parsed `begin`. */
class BeginThen extends pg.Query {
  /** What counts round trips (a test, the bench) reads: this statement carries its transaction's begin. */
  readonly beginsTransaction = true;
  /** The begin's CommandComplete comes first and is not the statement's. */
  private begun = false;

  constructor(
    begin: string,
    config: pg.QueryConfig,
    values: unknown[],
    callback: (error: Error | undefined, result: unknown) => void,
  ) {
    super({ ...config, values, queryMode: 'extended' } as pg.QueryConfig, undefined, callback);
    // Query.submit answers an error before sending anything only for a query with neither text nor name,
    // or values that are no array: beginsWith sends neither here, so the begin never goes alone.
    const own = this.submit.bind(this) as (connection: pg.Connection) => unknown;
    (this as { submit: (connection: pg.Connection) => unknown }).submit = (connection) => {
      const wire = connection as unknown as ProtocolConnection;
      wire.stream.cork?.();
      try {
        wire.bind({ portal: '', statement: begin, values: [] });
        wire.execute({ portal: '' });
        return own(connection);
      } finally {
        wire.stream.uncork?.();
      }
    };
  }

  handleCommandComplete(message: unknown, connection: pg.Connection): void {
    if (!this.begun) {
      this.begun = true;
      return;
    }
    const own = pg.Query.prototype as unknown as {
      handleCommandComplete(this: pg.Query, m: unknown, c: pg.Connection): void;
    };
    own.handleCommandComplete.call(this, message, connection);
  }
}

const pglitePlans = new WeakMap<Db, PglitePlans>();

/** On PGlite, the kept plans of this handle (see pglite-plans.ts); on PostgreSQL, nothing to keep. */
export function keptPlansOf(db: Db): PglitePlans | undefined {
  return pglitePlans.get(db);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const poolSize = options.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: poolSize, Client: NamingClient });
    // An idle client the server drops (restart, failover, admin termination) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (error) => options.onIdleError?.(error));
    pool.on('release', (_error, client) => (client as unknown as NamingClient).dropWaitingBegin());
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    // node-postgres opens a pool's connections on demand: a process that runs no worker opens none here.
    const workerPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.workerPoolSize ?? 2,
    });
    workerPool.on('error', (error) => options.onIdleError?.(error));
    const workerDb = drizzleNodePg(workerPool, { schema }) as unknown as Db;
    const listeners = new Set<() => Promise<void>>();
    return {
      kind: 'postgres',
      db,
      workerDb,
      poolStats: () => ({
        max: poolSize,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      // Instances starting together: one migrates under the lock, the others wait and find nothing to do.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await Promise.all([pool.end(), workerPool.end()]);
      },
      listen: async (channel, handlers) => {
        const stop = await listenPostgres(options.databaseUrl as string, channel, handlers);
        const tracked = async () => {
          listeners.delete(tracked);
          await stop();
        };
        listeners.add(tracked);
        return tracked;
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {});
  await client.waitReady;
  const plans = await keepPglitePlans(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  pglitePlans.set(db, plans);
  return {
    kind: 'pglite',
    db,
    workerDb: db,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    image: () => client.dumpDataDir('none'),
    // One process, one connection: nothing can be missed.
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.onMessage);
      handlers.onState(true);
      return stop;
    },
  };
}

/** A dedicated connection (a pooled one would lose its LISTEN when released), reconnected when it drops. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1000);
  };
  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    handlers.onState(false);
    scheduleRetry();
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    // 'end' follows an error; reconnecting there covers both.
    client.on('error', () => undefined);
    client.on('end', () => lost(client));
    current = client;
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      if (current === client) handlers.onState(true);
    } catch {
      lost(client);
      await client.end().catch(() => undefined);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
