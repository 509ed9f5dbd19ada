/**
 * API benchmark: what the browser really sends (issue 22). The requests recorded by `npm run bench:record`
 * (bench/fixtures/browser-requests.json) are replayed on this bench's own data, on both engines (PGlite in a
 * temporary folder, PostgreSQL in a fresh database dropped afterwards), against the HTTP stack alone
 * (hello-world), the one-query floor (reads) and the one-insert floor (writes).
 *
 *   npm run bench:api          (or: npx tsx bench/api.ts)
 *
 * 1. The journeys are replayed once, in order, as the demo customer of the bench's database (each id read
 *    from this database's answers where the fixture says), so every recorded request has its data.
 * 2. The mix (every recorded request that can be sent again as it stands, in the recorded order and number)
 *    and each distinct read (method, path with its real query string) are measured with the read caches
 *    emptied before each request (uncached: first reads) and as they come (cached: hits), against the floor.
 * 3. The journeys are replayed again and each distinct write is put under load where the journey sends it
 *    (a step saved again and again on the process being filled in, the quote, the payment…), against the
 *    one-insert floor. A write that cannot be sent again as it stands (a second claim on one insurance, a
 *    second confirmation) is reported with its single replay time.
 *
 * Each server under test runs in its own child process (bench/server.ts); this process only prepares
 * the data and drives autocannon, so the load generator does not steal the server's event loop. On a
 * 2-core machine the processes (plus PostgreSQL's backends) still share the cores: absolute figures
 * are lower than on a server, the ratio to the floor is the number to watch.
 *
 * Environment: BENCH_DURATION (s per target, default 4, split in BENCH_ROUNDS interleaved rounds, default 2),
 * BENCH_WARMUP (s, default 1), BENCH_CONNECTIONS (default 10), BENCH_QUICK=1 (CI's short run, the default
 * when CI is set; BENCH_QUICK=0 for the full tables there), BENCH_ENGINES (comma list of pglite,postgres;
 * default both), BENCH_PG_URL (server to create the database on; default
 * postgres://postgres@127.0.0.1:5432/test), BENCH_PROFILE=1 (CPU profile of each app server in
 * bench/results/profiles), BENCH_ROUTES (comma list of parts of the requests' labels: only those).
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { coverages, insurances, sessions, users } from '../apps/api/src/db/schema/index.ts';
import { DEMO_CUSTOMER, seedDemoCatalog, seedDemoData, seedReferenceData } from '../apps/api/src/db/seed.ts';
import { createDiskStorage } from '../apps/api/src/lib/storage.ts';
import { createSession } from '../apps/api/src/modules/auth/sessions.ts';
import {
  type Concrete,
  concrete,
  distinctKey,
  fixture,
  isSignIn,
  labelOf,
  repeats,
  replay,
  send,
} from './replay.ts';
import type { RecordedRequest } from './request-fixture.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(benchDir, 'results');
const serverScript = path.join(benchDir, 'server.ts');

const DURATION = positive('BENCH_DURATION', 4);
const WARMUP = positive('BENCH_WARMUP', 1);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 10);
const ROUNDS = Math.round(positive('BENCH_ROUNDS', 2));
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Write a V8 CPU profile of each app server to bench/results/profiles (open in Chrome DevTools). */
const PROFILE = process.env.BENCH_PROFILE === '1';
/**
 * BENCH_COMPARE=<another checkout of the repository>: that tree's app (its bench/server.ts, with its own
 * node_modules or a link to these) is started too, on the same database, and every selected read is
 * measured on both apps in the same interleaved rounds: an A/B that a busy machine skews alike.
 */
const COMPARE = process.env.BENCH_COMPARE ? path.resolve(process.env.BENCH_COMPARE) : undefined;
/** BENCH_WRITES=0: the writes are not measured (step 4), for a run about reads. */
const WRITES = process.env.BENCH_WRITES !== '0';
const ENGINES = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((s) => s.trim()) as Engine[];
/** Other users and sessions in the tables, so lookups go through the indexes as they do in production. */
const FILLER_USERS = 2000;
const GOAL = 0.8;
/**
 * CI's short run (CI set, or BENCH_QUICK=1; BENCH_QUICK=0 for the full tables): one round; the floors and
 * the mix a second each (at most BENCH_DURATION), the app warmed up once; each distinct request a quarter of
 * a second, cached only; each write a quarter of a second.
 */
const QUICK = process.env.BENCH_QUICK === '1' || (Boolean(process.env.CI) && process.env.BENCH_QUICK !== '0');
const QUICK_SECONDS = 0.25;
/** BENCH_ROUTES, a comma list of parts of request paths, measures only those distinct requests. */
const ONLY = (process.env.BENCH_ROUTES || '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
/** Sent for the uncached column: bench/server.ts empties the read caches before the request. */
const UNCACHED_HEADER = 'x-bench-uncached';

type Engine = 'pglite' | 'postgres';
type Target = 'hello' | 'floor' | 'write floor' | 'mix' | 'read' | 'write';

type Measurement = {
  target: Target;
  /** What is measured: hello-world, a floor, the mix, or a request's method and path. */
  label: string;
  /** Read caches emptied before each request (first reads). */
  uncached: boolean;
  requestsPerSecond: number;
  requestsTotal: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  /** Answers outside 2xx, errors, time-outs (any fails the run). */
  non2xx: number;
  errors: number;
  timeouts: number;
  /** req/s of each round: their spread shows how steady the machine was. */
  rounds: number[];
  /** 1-minute load average when the measurement started and ended (the run itself adds about 2). */
  loadAverage: { start: number; end: number };
  /**
   * CPU time (from /proc's schedstat) per answered request, in microseconds: of the server process, and
   * of the PostgreSQL backends connected to the run's database over the same time. Unlike req/s, it barely moves when
   * other work shares the machine: the figure to compare on a busy one. Null where /proc is not there.
   */
  cpuUsPerRequest: { server: number | null; database: number | null };
};

type RequestResult = {
  /** Method and path with its query string as the browser sent it (ids as parameters). */
  label: string;
  kind: 'read' | 'write';
  /** How many times the browser sent it in the recorded journeys. */
  recorded: number;
  uncached?: Measurement & { ratioToFloor: number };
  cached?: Measurement & { ratioToFloor: number };
  /** Writes: against the writes' floor (one insert in a transaction). */
  write?: Measurement & { ratioToFloor: number };
  /** The same read on the app of BENCH_COMPARE's tree, measured in the same rounds. */
  compared?: {
    uncached?: Measurement & { ratioToFloor: number };
    cached?: Measurement & { ratioToFloor: number };
  };
  /** Why it was not put under load (a write that consumes what it writes to: one confirm per quote…). */
  notMeasured?: string;
  /** Its time when replayed once, in the journey (ms). */
  replayMs: number;
};

type EngineResult = {
  engine: Engine;
  hello: Measurement;
  floor: Measurement;
  writeFloor: Measurement;
  mix: { cached: Measurement & { ratioToFloor: number }; uncached: Measurement & { ratioToFloor: number } };
  mixRequests: number;
  requests: RequestResult[];
};

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}

/**
 * A process's CPU time so far, in ms, from /proc/<pid>/schedstat (nanoseconds on the CPU, the scheduler's
 * own count: /proc/<pid>/stat counts in 10 ms ticks, too coarse for a backend's share of a 2 s run); null
 * where there is none.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** The database the PostgreSQL run measures on, and a connection to ask for its backends (cpuUsPerRequest). */
let measuredDatabase: { name: string; admin: pg.Client } | undefined;

/** The CPU time so far of each PostgreSQL backend connected to the measured database, in ms, by pid. */
async function databaseCpuMs(): Promise<Map<number, number> | null> {
  if (!measuredDatabase) return null;
  const { rows } = await measuredDatabase.admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1',
    [measuredDatabase.name],
  );
  const byPid = new Map<number, number>();
  for (const { pid } of rows) byPid.set(pid, cpuMsOf(pid) ?? 0);
  return byPid;
}

/** The CPU the backends used between two readings: a backend that came meanwhile counts from its start. */
function databaseCpuUsed(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}

/** The server processes' pids by the port they listen on (cpuUsPerRequest). */
const serverPids = new Map<number, number>();

function loadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}

function log(message: string) {
  process.stderr.write(`[bench:api] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------------
// Data

type Prepared = {
  /** Environment of each server: on PGlite the floor gets its own copy of the folder (one process each). */
  serverEnv: Record<'app' | 'hello' | 'floor', Record<string, string>>;
  token: string;
  userId: number;
  cleanup(): Promise<void>;
};

/**
 * In force, paid contracts on the demo catalogue's coverages, one for each filler user (the demo customer's
 * own come from replaying the recorded journey).
 */
async function seedInsurances(db: Database['db'], demoId: number, fillers: { id: number }[]) {
  const DEMO_INSURANCES = 3;
  const [owner] = await db.select({ entityId: users.entityId }).from(users).where(eq(users.id, demoId));
  const offered = await db
    .select({ coverageId: coverages.id, policyId: coverages.policyId })
    .from(coverages)
    .orderBy(asc(coverages.id))
    .limit(DEMO_INSURANCES);
  if (!owner?.entityId || offered.length < DEMO_INSURANCES)
    throw new Error('demo entity or catalogue missing');
  const owners = fillers.map((f) => f.id);
  await db.insert(insurances).values(
    owners.map((userId, i) => ({
      number: `BENCH-${String(i + 1).padStart(6, '0')}`,
      userId,
      ...offered[i % offered.length]!,
      takerEntityId: owner.entityId!,
      billingEntityId: owner.entityId!,
      startsOn: '2026-11-01',
      endsOn: '2027-05-01',
      netCents: 8_000_00,
      surchargesCents: 400_00,
      taxesCents: 1_764_00,
      totalCents: 10_164_00,
      status: 'vigente' as const,
      verificationCode: `bench-${i}-${Math.random().toString(36).slice(2)}`,
      paidAt: new Date(),
    })),
  );
}

/**
 * Migrates and seeds a database as the recording's server was (reference data, demo customer and
 * catalogue), adds filler users with a session and a contract each, and gives the demo customer a session.
 */
async function seed(database: Database, tmp: string): Promise<{ token: string; userId: number }> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const db = database.db;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  if (!demo) throw new Error('demo customer missing after seeding');
  const storage = createDiskStorage(path.join(tmp, 'uploads'));
  await seedDemoCatalog(db, storage);
  const fillers = Array.from({ length: FILLER_USERS }, (_, i) => ({
    name: `Cliente ${i}`,
    email: `relleno.${i}@example.com`,
  }));
  const inserted = await db.insert(users).values(fillers).returning({ id: users.id });
  const expiresAt = new Date(Date.now() + 30 * 86_400_000);
  await db.insert(sessions).values(
    inserted.map((u, i) => ({
      userId: u.id,
      tokenHash: `relleno-${i}-${Math.random().toString(36).slice(2)}`,
      renewOn: expiresAt,
      expiresAt,
    })),
  );
  await seedInsurances(db, demo.id, inserted);
  const issued = await createSession(db, { userId: demo.id, sessionDays: 30 });
  await db.execute(sql`analyze`);
  return { token: issued.access_token, userId: demo.id };
}

async function preparePglite(): Promise<Prepared> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cubierto-bench-'));
  const dataDir = path.join(tmp, 'pglite');
  const floorDir = path.join(tmp, 'pglite-floor');
  try {
    const database = await openDatabase({ dataDir });
    let seeded: { token: string; userId: number };
    try {
      seeded = await seed(database, tmp);
    } finally {
      await database.close();
    }
    // PGlite allows one process per folder: the floor server reads an identical copy.
    cpSync(dataDir, floorDir, { recursive: true });
    return {
      serverEnv: {
        app: { BENCH_DATA_DIR: dataDir, BENCH_TMP_DIR: tmp, BENCH_APP_MODE: 'browser' },
        floor: { BENCH_DATA_DIR: floorDir, BENCH_TMP_DIR: tmp },
        hello: {},
      },
      ...seeded,
      async cleanup() {
        rmSync(tmp, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

async function preparePostgres(): Promise<Prepared> {
  const name = `cubierto_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const watcher = new pg.Client({ connectionString: PG_URL });
  await watcher.connect();
  measuredDatabase = { name, admin: watcher };
  const drop = async () => {
    measuredDatabase = undefined;
    await watcher.end();
    await admin(`drop database if exists ${name} with (force)`);
  };
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cubierto-bench-'));
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    const database = await openDatabase({ databaseUrl });
    try {
      const { token, userId } = await seed(database, tmp);
      return {
        serverEnv: {
          app: { BENCH_DATABASE_URL: databaseUrl, BENCH_TMP_DIR: tmp, BENCH_APP_MODE: 'browser' },
          floor: { BENCH_DATABASE_URL: databaseUrl, BENCH_TMP_DIR: tmp },
          hello: {},
        },
        token,
        userId,
        async cleanup() {
          rmSync(tmp, { recursive: true, force: true });
          await drop();
        },
      };
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    await drop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Servers

type Server = { port: number; stop(): Promise<void> };

async function startServer(
  target: 'app' | 'hello' | 'floor',
  env: Record<string, string>,
  root = path.resolve(benchDir, '..'),
): Promise<Server> {
  const child: ChildProcess = fork(
    path.join(root, path.relative(path.resolve(benchDir, '..'), serverScript)),
    [],
    {
      execArgv: [
        '--import',
        'tsx',
        ...(PROFILE && target === 'app'
          ? ['--cpu-prof', `--cpu-prof-dir=${path.join(resultsDir, 'profiles')}`]
          : []),
      ],
      cwd: root,
      env: { ...process.env, ...env, BENCH_TARGET: target, LOG_LEVEL: 'silent', NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${target} server did not start in 60 s`)), 60_000);
      child.once('message', (message: { port?: number }) => {
        clearTimeout(timer);
        if (typeof message.port === 'number') resolve(message.port);
        else reject(new Error(`${target} server sent ${JSON.stringify(message)}`));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${target} server exited with ${code} before listening`));
      });
    });
    if (child.pid !== undefined) serverPids.set(port, child.pid);
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Load

type Load = {
  target: Target;
  label: string;
  port: number;
  uncached: boolean;
  /** Each connection sends these in order, again and again. */
  requests: { r?: RecordedRequest; c: Concrete }[];
};

function options(t: Load, duration: number) {
  const requests: RequestSpec[] = t.requests.map(({ r, c }) => {
    const headers = t.uncached ? { ...c.headers, [UNCACHED_HEADER]: '1' } : c.headers;
    const spec: RequestSpec = {
      method: c.method,
      path: c.path,
      headers,
      ...(c.body ? { body: c.body } : {}),
    };
    if (r?.headers['idempotency-key']) {
      spec.setupRequest = (req) => ({ ...req, headers: { ...headers, 'idempotency-key': randomUUID() } });
    }
    return spec;
  });
  return {
    url: `http://127.0.0.1:${t.port}`,
    connections: CONNECTIONS,
    requests,
    timeout: 10,
    duration,
  };
}

/**
 * Warms every target up, then measures them in interleaved rounds (hello, floor, each target, hello, …) so
 * that a burst of other work on the machine hits them all alike instead of skewing one of them.
 */
async function measureInterleaved(targets: Load[], duration: number, rounds: number, warmup: number) {
  if (warmup > 0) for (const t of targets) await autocannon(options(t, warmup));
  const perTarget = targets.map(() => [] as Result[]);
  const loads = targets.map(() => ({ start: Number.POSITIVE_INFINITY, end: 0 }));
  const cpu = targets.map(() => ({ server: 0, database: 0, known: { server: true, database: true } }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, t] of targets.entries()) {
      const start = loadAverage();
      const pid = serverPids.get(t.port);
      const [serverBefore, databaseBefore] = [cpuMsOf(pid), await databaseCpuMs()];
      const r: Result = await autocannon(options(t, duration / rounds));
      const [serverAfter, databaseAfter] = [cpuMsOf(pid), await databaseCpuMs()];
      const used = cpu[i]!;
      if (serverBefore === null || serverAfter === null) used.known.server = false;
      else used.server += serverAfter - serverBefore;
      if (databaseBefore === null || databaseAfter === null) used.known.database = false;
      else used.database += databaseCpuUsed(databaseBefore, databaseAfter);
      perTarget[i]!.push(r);
      if (round === 0) loads[i]!.start = start;
      loads[i]!.end = loadAverage();
      const rps = Math.round(r.requests.total / r.duration);
      const perRequest = (ms: number) => (r.requests.total ? Math.round((ms * 1000) / r.requests.total) : 0);
      const cpuNote =
        serverBefore === null || serverAfter === null
          ? ''
          : `, CPU ${perRequest(serverAfter - serverBefore)} µs/req${databaseBefore === null || databaseAfter === null ? '' : ` + ${perRequest(databaseCpuUsed(databaseBefore, databaseAfter))} µs/req database`}`;
      log(
        `  round ${round + 1}/${rounds} ${`${t.label}${t.uncached ? ' (uncached)' : ''}`.slice(0, 70).padEnd(70)} ${rps} req/s, p99 ${r.latency.p99} ms${cpuNote}${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}`,
      );
    }
  }
  return targets.map((t, i): Measurement => {
    const results = perTarget[i]!;
    const totalRequests = sum(results.map((r) => r.requests.total));
    const totalSeconds = sum(results.map((r) => r.duration));
    return {
      target: t.target,
      label: t.label,
      uncached: t.uncached,
      requestsPerSecond: Math.round(totalRequests / totalSeconds),
      requestsTotal: totalRequests,
      latencyMs: {
        p50: round2(sum(results.map((r) => r.latency.p50)) / results.length),
        p90: Math.max(...results.map((r) => r.latency.p90)),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        max: Math.max(...results.map((r) => r.latency.max)),
        average: round2(sum(results.map((r) => r.latency.average * r.requests.total)) / (totalRequests || 1)),
      },
      non2xx: sum(results.map((r) => r.non2xx)),
      errors: sum(results.map((r) => r.errors)),
      timeouts: sum(results.map((r) => r.timeouts)),
      rounds: results.map((r) => Math.round(r.requests.total / r.duration)),
      loadAverage: loads[i]!,
      cpuUsPerRequest: {
        server:
          cpu[i]!.known.server && totalRequests ? Math.round((cpu[i]!.server * 1000) / totalRequests) : null,
        database:
          cpu[i]!.known.database && totalRequests
            ? Math.round((cpu[i]!.database * 1000) / totalRequests)
            : null,
      },
    };
  });
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function withRatio(m: Measurement, floor: Measurement): Measurement & { ratioToFloor: number } {
  return { ...m, ratioToFloor: round2(m.requestsPerSecond / floor.requestsPerSecond) };
}

async function benchEngine(engine: Engine): Promise<EngineResult> {
  log(`${engine}: preparing the database`);
  const prepared = engine === 'pglite' ? await preparePglite() : await preparePostgres();
  const servers: Server[] = [];
  try {
    const start = async (kind: 'app' | 'hello' | 'floor') => {
      const server = await startServer(kind, prepared.serverEnv[kind]);
      servers.push(server);
      return server.port;
    };
    // Started side by side: each child compiles its TypeScript first (seconds on a busy machine).
    const [helloPort, floorPort, appPort] = await Promise.all([start('hello'), start('floor'), start('app')]);
    const comparedPort = COMPARE
      ? await startServer('app', prepared.serverEnv.app, COMPARE).then((server) => {
          servers.push(server);
          return server.port;
        })
      : undefined;
    const plain = (target: Target, label: string, port: number, c: Concrete): Load => ({
      target,
      label,
      port,
      uncached: false,
      requests: [{ c }],
    });
    const hello = plain('hello', 'hello-world', helloPort, {
      method: 'GET',
      path: '/hello',
      headers: {},
      status: 200,
    });
    const floor = plain('floor', 'one-query floor', floorPort, {
      method: 'GET',
      path: `/floor/${prepared.userId}`,
      headers: {},
      status: 200,
    });
    const writeFloor = plain('write floor', 'one-insert floor (a transaction)', floorPort, {
      method: 'POST',
      path: '/floor-write',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: prepared.userId, note: 'bench' }),
      status: 200,
    });

    // 1. The journeys, once: this database now holds what the browser's left behind.
    log(`${engine}: replaying the ${fixture.requests.length} recorded requests`);
    const journey = await replay(appPort, prepared.token);
    const measured = fixture.requests.filter((r) => !r.setup_only && !isSignIn(r));
    const groups = new Map<string, RecordedRequest[]>();
    for (const r of measured) groups.set(distinctKey(r), [...(groups.get(distinctKey(r)) ?? []), r]);
    const results: RequestResult[] = [...groups.values()].map((list) => ({
      label: labelOf(list[0]!),
      kind: list[0]!.kind,
      recorded: list.length,
      replayMs: round2(journey.got.get(list[0]!.seq)?.ms ?? 0),
    }));
    const selected = (label: string) => ONLY.length === 0 || ONLY.some((part) => label.includes(part));

    // 2. What can be sent again as it stands, after the journeys: every read, and the writes that repeat.
    const mixRequests: { r: RecordedRequest; c: Concrete }[] = [];
    const readLoads: { index: number; load: Load }[] = [];
    for (const [i, list] of [...groups.values()].entries()) {
      const r = list[0]!;
      const c = concrete(r, journey.values, journey.token);
      const problem =
        r.kind === 'read'
          ? await send(appPort, r, c).then((got) =>
              got.status === r.status
                ? null
                : `answers ${got.status} after the journeys (recorded ${r.status})`,
            )
          : await repeats(appPort, r, c);
      if (problem) {
        if (r.kind === 'read') results[i]!.notMeasured = problem;
        continue;
      }
      for (const rec of list) mixRequests.push({ r: rec, c: concrete(rec, journey.values, journey.token) });
      if (r.kind === 'read' && selected(results[i]!.label)) {
        readLoads.push({
          index: i,
          load: {
            target: 'read',
            label: results[i]!.label,
            port: appPort,
            uncached: false,
            requests: [{ r, c }],
          },
        });
      }
    }
    mixRequests.sort((a, b) => a.r.seq - b.r.seq);
    const mix: Load = {
      target: 'mix',
      label: `the mix (${mixRequests.length} requests as recorded)`,
      port: appPort,
      uncached: false,
      requests: mixRequests,
    };

    // 3. Reads, cached and uncached, with the floors and the mix, interleaved.
    const rounds = QUICK ? 1 : ROUNDS;
    log(
      `${engine}: ${CONNECTIONS} connections; ${QUICK ? `quick: floors and mix ${Math.min(DURATION, 1)} s, each request ${QUICK_SECONDS} s` : `floors, mix and each request ${DURATION} s`}, ${rounds} round(s)`,
    );
    const base = [hello, floor, writeFloor, mix, { ...mix, uncached: true }];
    // Quick: a second each, the app warmed up once (through the mix) rather than every target.
    if (QUICK) await autocannon(options(mix, WARMUP));
    const baseMeasured = await measureInterleaved(
      base,
      QUICK ? Math.min(DURATION, 1) : DURATION,
      rounds,
      QUICK ? 0 : WARMUP,
    );
    const [h, f, wf, mc, mu] = baseMeasured as [
      Measurement,
      Measurement,
      Measurement,
      Measurement,
      Measurement,
    ];
    const readTargets = readLoads.flatMap(({ load }) => {
      const pair = QUICK ? [load] : [load, { ...load, uncached: true }];
      if (comparedPort === undefined) return pair;
      return [...pair, ...pair.map((l) => ({ ...l, port: comparedPort, label: `${l.label} [compared]` }))];
    });
    const readMeasured = await measureInterleaved(
      QUICK ? readTargets : [floor, ...readTargets],
      QUICK ? QUICK_SECONDS : DURATION,
      rounds,
      QUICK ? 0 : WARMUP,
    );
    // The floor measured again beside the reads: the reads' ratios use the mean of its two measures.
    const readFloor = QUICK
      ? f
      : {
          ...f,
          requestsPerSecond: Math.round((f.requestsPerSecond + readMeasured[0]!.requestsPerSecond) / 2),
        };
    const perRead = QUICK ? readMeasured : readMeasured.slice(1);
    const perLoad = (QUICK ? 1 : 2) * (comparedPort === undefined ? 1 : 2);
    for (const [j, { index }] of readLoads.entries()) {
      const at = perLoad * j;
      if (QUICK) results[index]!.cached = withRatio(perRead[at]!, readFloor);
      else {
        results[index]!.cached = withRatio(perRead[at]!, readFloor);
        results[index]!.uncached = withRatio(perRead[at + 1]!, readFloor);
      }
      if (comparedPort !== undefined) {
        results[index]!.compared = QUICK
          ? { cached: withRatio(perRead[at + 1]!, readFloor) }
          : {
              cached: withRatio(perRead[at + 2]!, readFloor),
              uncached: withRatio(perRead[at + 3]!, readFloor),
            };
      }
    }

    // 4. Writes: the journeys again, each write put under load where it stands (the process being filled in,
    // the insurance being paid…), against the one-insert floor.
    if (WRITES) log(`${engine}: the journeys again, each write measured where it is sent`);
    const writeSeen = new Set<string>();
    if (WRITES)
      await replay(appPort, prepared.token, async (r, state) => {
        const key = distinctKey(r);
        const index = [...groups.keys()].indexOf(key);
        if (index < 0 || writeSeen.has(key)) return;
        writeSeen.add(key);
        const result = results[index]!;
        if (!selected(result.label)) return;
        const c = concrete(r, state.values, state.token);
        const problem = await repeats(appPort, r, c);
        if (problem) {
          result.notMeasured = problem;
          return;
        }
        const [m] = await measureInterleaved(
          [{ target: 'write', label: result.label, port: appPort, uncached: false, requests: [{ r, c }] }],
          QUICK ? QUICK_SECONDS : DURATION,
          rounds,
          0,
        );
        result.write = withRatio(m!, wf);
      });
    return {
      engine,
      hello: h,
      floor: readFloor,
      writeFloor: wf,
      mix: { cached: withRatio(mc, f), uncached: withRatio(mu, f) },
      mixRequests: mixRequests.length,
      requests: results,
    };
  } finally {
    for (const server of servers) await server.stop();
    await prepared.cleanup();
  }
}

/** autocannon's latency histogram counts whole milliseconds. */
function ms(value: number): string {
  return value < 1 ? '<1' : String(value);
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

// ---------------------------------------------------------------------------------------------------
// Report

function cell(m: (Measurement & { ratioToFloor: number }) | undefined): [string, string, string] {
  if (!m) return ['—', '—', '—'];
  const bad = m.non2xx || m.errors || m.timeouts ? ` (${m.non2xx + m.errors + m.timeouts} failed)` : '';
  return [`${m.requestsPerSecond}${bad}`, ms(m.latencyMs.p99), String(m.ratioToFloor)];
}

function table(r: EngineResult): string {
  const lines = [
    `**${r.engine}**: hello-world ${r.hello.requestsPerSecond} req/s; one-query floor ${r.floor.requestsPerSecond} req/s (p99 ${ms(r.floor.latencyMs.p99)} ms); one-insert floor ${r.writeFloor.requestsPerSecond} req/s (p99 ${ms(r.writeFloor.latencyMs.p99)} ms)`,
    '',
    '| request (× recorded) | uncached req/s | p99 ms | ÷ floor | cached req/s | p99 ms | ÷ floor |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const [mu, mup, mur] = cell(r.mix.uncached);
  const [mc, mcp, mcr] = cell(r.mix.cached);
  lines.push(`| ${r.mix.cached.label} | ${mu} | ${mup} | ${mur} | ${mc} | ${mcp} | ${mcr} |`);
  for (const q of r.requests.filter((x) => x.kind === 'read')) {
    if (q.notMeasured) {
      lines.push(`| ${q.label} (×${q.recorded}) | not measured: ${q.notMeasured} | | | | | |`);
      continue;
    }
    const [u, up, ur] = cell(q.uncached);
    const [c, cp, cr] = cell(q.cached);
    lines.push(`| ${q.label} (×${q.recorded}) | ${u} | ${up} | ${ur} | ${c} | ${cp} | ${cr} |`);
  }
  lines.push('', '| write (× recorded) | req/s | p99 ms | ÷ one-insert floor | replayed once, ms |');
  lines.push('| --- | ---: | ---: | ---: | ---: |');
  for (const q of r.requests.filter((x) => x.kind === 'write')) {
    if (!q.write) {
      lines.push(
        `| ${q.label} (×${q.recorded}) | not measured: ${q.notMeasured ?? 'not selected'} | | | ${q.replayMs} |`,
      );
      continue;
    }
    const [w, wp, wr] = cell(q.write);
    lines.push(`| ${q.label} (×${q.recorded}) | ${w} | ${wp} | ${wr} | ${q.replayMs} |`);
  }
  if (COMPARE) {
    const cpu = (m: Measurement | undefined) =>
      m ? `${m.cpuUsPerRequest.server ?? '—'} + ${m.cpuUsPerRequest.database ?? '—'}` : '—';
    lines.push(
      '',
      `A/B in the same rounds: this tree, and ${COMPARE} [compared]; req/s (÷ floor), CPU µs per request (app + database)`,
      '',
      '| request | uncached | compared | CPU | CPU compared | cached | compared | CPU | CPU compared |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    const rate = (m: (Measurement & { ratioToFloor: number }) | undefined) =>
      m ? `${m.requestsPerSecond} (${m.ratioToFloor})` : '—';
    for (const q of r.requests.filter((x) => x.compared)) {
      const c = q.compared!;
      lines.push(
        `| ${q.label} | ${rate(q.uncached)} | ${rate(c.uncached)} | ${cpu(q.uncached)} | ${cpu(c.uncached)} | ${rate(q.cached)} | ${rate(c.cached)} | ${cpu(q.cached)} | ${cpu(c.cached)} |`,
      );
    }
  }
  return lines.join('\n');
}

function failures(r: EngineResult): string[] {
  const all: Measurement[] = [r.hello, r.floor, r.writeFloor, r.mix.cached, r.mix.uncached];
  for (const q of r.requests) for (const m of [q.cached, q.uncached, q.write]) if (m) all.push(m);
  return all
    .filter((m) => m.non2xx || m.errors || m.timeouts)
    .map(
      (m) =>
        `${r.engine}: ${m.label}${m.uncached ? ' (uncached)' : ''}: ${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts`,
    );
}

async function main() {
  const started = Date.now();
  const loadAverageAtStart = loadAverage();
  const results: EngineResult[] = [];
  for (const engine of ENGINES) {
    if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`unknown engine ${engine}`);
    results.push(await benchEngine(engine));
  }
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: {
      quick: QUICK,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      rounds: QUICK ? 1 : ROUNDS,
      fillerUsers: FILLER_USERS,
      fixture: {
        recordedAt: fixture.recorded_at,
        requests: fixture.requests.length,
        webRequestCode: fixture.web_request_code.sha256,
      },
      serverProcess:
        'one child process per server (hello, floors, app), measured in interleaved rounds; autocannon in the parent',
    },
    /** Before this run put any load on the machine; the run itself keeps about 2 runnable. */
    loadAverageAtStart,
    uptime: execFileSync('uptime').toString().trim(),
    goal: { ratioToFloor: GOAL },
    results,
    elapsedSeconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(resultsDir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  const file = path.join(resultsDir, `api-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, 'api-latest.json'), `${JSON.stringify(report, null, 2)}\n`);

  for (const r of results) console.log(`\n${table(r)}\n`);
  for (const r of results) {
    const reads = r.requests.filter((q) => q.kind === 'read' && (q.cached || q.uncached));
    const below = reads.filter((q) =>
      [q.cached, q.uncached].some((m) => m !== undefined && m.ratioToFloor < GOAL),
    );
    console.log(
      `${r.engine}: ${reads.length - below.length} of ${reads.length} distinct reads reach ${GOAL} of the floor${QUICK ? ' (cached only: quick run)' : ', uncached and cached'}; the mix ${r.mix.uncached.ratioToFloor} uncached, ${r.mix.cached.ratioToFloor} cached`,
    );
    for (const q of below) {
      console.log(
        `  BELOW: ${q.label}: uncached ${q.uncached?.ratioToFloor ?? '—'}, cached ${q.cached?.ratioToFloor ?? '—'}`,
      );
    }
  }
  console.log(`\nLoad: ${report.uptime}`);
  if (report.loadAverageAtStart > 1) {
    console.log(
      `Warning: the 1-minute load average was ${report.loadAverageAtStart} before the run started: other work was`,
    );
    console.log('running on this machine. Compare ratios within this run only.');
  }
  console.log(`${report.machine.cpus} cores, ${report.machine.cpuModel}, Node ${report.machine.node}`);
  console.log(`Results: ${path.relative(process.cwd(), file)} (${report.elapsedSeconds} s)`);
  const failed = results.flatMap(failures);
  if (failed.length) {
    console.error(`\nAnswers other than 2xx under load:\n${failed.join('\n')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
