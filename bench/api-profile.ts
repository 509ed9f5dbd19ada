/**
 * Where a recorded request's time goes (issue 22): for each distinct read the browser sends
 * (bench/fixtures/browser-requests.json), the database statements it runs, its time alone (one request at a
 * time, no concurrency, so no queueing), and the size of its answer, uncached (read caches emptied first)
 * and cached; beside the one-query floor's statement timed the same way.
 *
 *   npx tsx bench/api-profile.ts        (BENCH_ENGINES=pglite,postgres, BENCH_PG_URL=…, BENCH_PROFILE_SENDS=100)
 *
 * The app runs in this process (buildApp on a fresh database: PGlite in memory, or a new PostgreSQL database
 * dropped at the end), listening on 127.0.0.1, with the configuration bench:api gives it; the journeys are
 * replayed once (bench/replay.ts), then each read is sent BENCH_PROFILE_SENDS times in a row. Statements are
 * counted where the drivers send them (PGlite's query and exec; node-postgres' Client.query), so a
 * statement is one round trip. The 2,000 filler users of bench:api are left out: this is about the work of
 * one request, not the indexes.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, keptPlansOf, openDatabase } from '../apps/api/src/db/client.ts';
import { users } from '../apps/api/src/db/schema/index.ts';
import { DEMO_CUSTOMER, seedDemoCatalog, seedDemoData, seedReferenceData } from '../apps/api/src/db/seed.ts';
import { createSession } from '../apps/api/src/modules/auth/sessions.ts';
import { concrete, distinctKey, fixture, isSignIn, labelOf, replay, send } from './replay.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const SENDS = Number(process.env.BENCH_PROFILE_SENDS || 100);
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ENGINES = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((s) => s.trim());

/** Statements sent by either driver since the last reset. */
let statements = 0;
function countStatements() {
  for (const proto of [PGlite.prototype, pg.Client.prototype] as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >[]) {
    for (const method of ['query', 'exec']) {
      const original = proto[method];
      if (typeof original !== 'function') continue;
      proto[method] = function counted(this: unknown, ...args: unknown[]) {
        statements += 1;
        return original.apply(this, args);
      };
    }
  }
}

type Row = {
  label: string;
  recorded: number;
  uncached: { statements: number; ms: number };
  cached: { statements: number; ms: number };
  bytes: number;
};

async function profileEngine(engine: string): Promise<{ floorMs: number; rows: Row[] }> {
  const tmp = path.join(os.tmpdir(), `cubierto-profile-${process.pid}`);
  let database: Database;
  let drop = async () => undefined as unknown;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const name = `cubierto_bench_profile_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl });
    drop = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else database = await openDatabase({});
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedDemoData(database.db);
    const config = loadConfig(
      {
        NODE_ENV: 'development',
        PAYMENTS_SANDBOX: 'true',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        WEB_DIST_DIR: '',
        DATA_DIR: tmp,
        UPLOADS_DIR: path.join(tmp, 'uploads'),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      path.join(benchDir, '../apps/api'),
    );
    const app = await buildApp({ config, database });
    const caches = [app.deps.profiles, app.deps.insuranceLists, app.deps.catalog];
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-bench-uncached']) for (const cache of caches) cache.evict('all');
    });
    await seedDemoCatalog(database.db, app.deps.storage);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const port = address.port;
    try {
      const [demo] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, DEMO_CUSTOMER.email));
      const issued = await createSession(database.db, { userId: demo!.id, sessionDays: 1 });
      const journey = await replay(port, issued.access_token, undefined, () => undefined);

      // The floor's statement, timed alone the same way.
      const findUser = database.db
        .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .limit(1)
        .prepare('profile_floor_user');
      keptPlansOf(database.db)?.keep(findUser.getQuery().sql);
      for (let i = 0; i < 20; i += 1) await findUser.execute({ id: demo!.id });
      let started = performance.now();
      for (let i = 0; i < SENDS; i += 1) await findUser.execute({ id: demo!.id });
      const floorMs = (performance.now() - started) / SENDS;

      const groups = new Map<string, typeof fixture.requests>();
      for (const r of fixture.requests) {
        if (r.kind !== 'read' || r.setup_only || isSignIn(r)) continue;
        groups.set(distinctKey(r), [...(groups.get(distinctKey(r)) ?? []), r]);
      }
      const rows: Row[] = [];
      for (const list of groups.values()) {
        const r = list[0]!;
        const c = concrete(r, journey.values, journey.token);
        const first = await send(port, r, c);
        if (first.status !== r.status) continue;
        const measure = async (uncached: boolean) => {
          const variant = uncached ? { ...c, headers: { ...c.headers, 'x-bench-uncached': '1' } } : c;
          for (let i = 0; i < 5; i += 1) await send(port, r, variant);
          statements = 0;
          started = performance.now();
          for (let i = 0; i < SENDS; i += 1) await send(port, r, variant);
          return {
            statements: Math.round((statements / SENDS) * 10) / 10,
            ms: Math.round(((performance.now() - started) / SENDS) * 100) / 100,
          };
        };
        rows.push({
          label: labelOf(r),
          recorded: list.length,
          uncached: await measure(true),
          cached: await measure(false),
          bytes: Buffer.byteLength(first.text),
        });
      }
      return { floorMs: Math.round(floorMs * 1000) / 1000, rows };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

async function main() {
  countStatements();
  for (const engine of ENGINES) {
    const { floorMs, rows } = await profileEngine(engine);
    console.log(
      `\n**${engine}**: the floor's statement alone ${floorMs} ms; ${SENDS} sends of each read, one at a time\n`,
    );
    console.log(
      '| request (× recorded) | statements, uncached | ms, uncached | statements, cached | ms, cached | answer, bytes |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) {
      console.log(
        `| ${row.label} (×${row.recorded}) | ${row.uncached.statements} | ${row.uncached.ms} | ${row.cached.statements} | ${row.cached.ms} | ${row.bytes} |`,
      );
    }
  }
  console.log(
    `\n${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (load average at the end)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
