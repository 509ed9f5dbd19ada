/**
 * API benchmark: the five busiest customer routes against the HTTP stack alone and against one indexed
 * query on the same database, for both engines (PGlite in a temporary folder, PostgreSQL in a fresh
 * database that is dropped afterwards).
 *
 *   npm run bench:api          (or: npx tsx bench/api.ts)
 *
 * Each server under test runs in its own child process (bench/server.ts); this process only prepares
 * the data and drives autocannon, so the load generator does not steal the server's event loop. On a
 * 2-core machine the two processes (plus PostgreSQL's backends) still share the cores: absolute figures
 * are lower than on a server, the ratio of the route to the floor is the number to watch.
 *
 * Environment: BENCH_DURATION (s per target, default 10, split in BENCH_ROUNDS interleaved rounds, default 2),
 * BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 10),
 * BENCH_ENGINES (comma list of pglite,postgres; default both), BENCH_PG_URL (server to create the database
 * on; default postgres://postgres@127.0.0.1:5432/test), BENCH_PROFILE=1 (CPU profile of each app server in
 * bench/results/profiles), BENCH_ROUTES (comma list of parts of the routes' labels: only those routes).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import {
  coverages,
  insurances,
  localities,
  notifications,
  notificationUsers,
  sessions,
  users,
} from '../apps/api/src/db/schema/index.ts';
import { DEMO_CUSTOMER, seedDemoCatalog, seedDemoData, seedReferenceData } from '../apps/api/src/db/seed.ts';
import { createDiskStorage } from '../apps/api/src/lib/storage.ts';
import { createSession } from '../apps/api/src/modules/auth/sessions.ts';
import { updateProfile } from '../apps/api/src/modules/customers/service.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(benchDir, 'results');
const serverScript = path.join(benchDir, 'server.ts');

const DURATION = positive('BENCH_DURATION', 10);
const WARMUP = positive('BENCH_WARMUP', 2);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 10);
const ROUNDS = Math.round(positive('BENCH_ROUNDS', 2));
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Write a V8 CPU profile of each app server to bench/results/profiles (open in Chrome DevTools). */
const PROFILE = process.env.BENCH_PROFILE === '1';
const ENGINES = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((s) => s.trim()) as Engine[];
/** Other users and sessions in the tables, so lookups go through the indexes as they do in production. */
const FILLER_USERS = 2000;
/** The demo customer's contracts on the home (each filler user gets one too, so the index has company). */
const DEMO_INSURANCES = 3;
const GOAL = 0.8;
type RouteCheck = (body: unknown, userId: number) => string | null;
const dataOf = (body: unknown) => (body as { data?: unknown }).data;
/**
 * A path with its query string written as the web's client writes it (URLSearchParams, in
 * apps/web/src/shared/api/client.ts), so the bench asks exactly what the app asks, brackets and commas
 * percent-encoded.
 */
function asTheWebAsks(route: string, query: Record<string, string | number> = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `/api/v4${route}${search ? `?${search}` : ''}`;
}
/**
 * The five customer routes the app calls most, with the query strings the web sends: the session's user
 * at every start (apps/web/src/shared/session/current-user.ts), the bell's unread count every 30 s on
 * every screen, the home's latest contracts (features/home/api/latest-insurances.ts), and the two wallet
 * balances the home shows (credit mode is on).
 */
const ALL_ROUTES: { label: string; path: string; check: RouteCheck }[] = [
  {
    label: 'GET /customers/user',
    path: asTheWebAsks('/customers/user', { 'load[User]': '*,entity,takerEntity,place' }),
    check: (b, userId) => {
      const data = dataOf(b) as Record<string, unknown> | undefined;
      if (data?.id !== userId) return 'not the seeded customer';
      return data.entity && data.takerEntity && data.place ? null : 'relations not loaded';
    },
  },
  {
    label: 'GET /customers/notification-user/count',
    path: asTheWebAsks('/customers/notification-user/count'),
    check: (b) => (JSON.stringify(b).includes(String(NOTIFICATIONS)) ? null : 'not the seeded unread count'),
  },
  {
    label: 'GET /customers/insurances',
    path: asTheWebAsks('/customers/insurances', { sort_by: '-created_at', page: 1, per_page: 3 }),
    check: (b) => {
      const list = dataOf(b);
      return Array.isArray(list) && list.length === DEMO_INSURANCES
        ? null
        : `not the ${DEMO_INSURANCES} seeded insurances`;
    },
  },
  {
    label: 'GET /customers/money-wallet',
    path: asTheWebAsks('/customers/money-wallet'),
    check: (b) => (dataOf(b) ? null : 'no wallet'),
  },
  {
    label: 'GET /customers/credit-wallet',
    path: asTheWebAsks('/customers/credit-wallet'),
    check: (b) => (dataOf(b) ? null : 'no wallet'),
  },
];
/** BENCH_ROUTES, a comma list of parts of labels, measures only those routes (to profile one, say). */
const ONLY = (process.env.BENCH_ROUTES || '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const ROUTES = ALL_ROUTES.filter((r) => ONLY.length === 0 || ONLY.some((part) => r.label.includes(part)));
/** Unread notifications of the demo customer, so the count counts something. */
const NOTIFICATIONS = 23;

type Engine = 'pglite' | 'postgres';
type Target = 'hello' | 'floor' | 'route';

type Measurement = {
  target: Target;
  /** What is measured: hello-world, the floor, or the route's method and path. */
  label: string;
  path: string;
  requestsPerSecond: number;
  requestsTotal: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** req/s of each round: their spread shows how steady the machine was. */
  rounds: number[];
  /** 1-minute load average when the measurement started and ended (the run itself adds about 2). */
  loadAverage: { start: number; end: number };
};

type RouteResult = Measurement & {
  /** route req/s ÷ floor req/s */
  ratioToFloor: number;
  /** route req/s ÷ hello req/s */
  ratioToHello: number;
};

type EngineResult = {
  engine: Engine;
  hello: Measurement;
  floor: Measurement;
  routes: RouteResult[];
};

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}

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
 * In force, paid contracts on the demo catalogue's coverages: DEMO_INSURANCES for the demo customer (the
 * home's latest contracts are never empty in the bench) and one for each filler user.
 */
async function seedInsurances(db: Database['db'], demoId: number, fillers: { id: number }[]) {
  const [owner] = await db.select({ entityId: users.entityId }).from(users).where(eq(users.id, demoId));
  const offered = await db
    .select({ coverageId: coverages.id, policyId: coverages.policyId })
    .from(coverages)
    .orderBy(asc(coverages.id))
    .limit(DEMO_INSURANCES);
  if (!owner?.entityId || offered.length < DEMO_INSURANCES)
    throw new Error('demo entity or catalogue missing');
  const owners = [...Array.from({ length: DEMO_INSURANCES }, () => demoId), ...fillers.map((f) => f.id)];
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

/** Migrates and seeds a database, gives the demo customer a place and a session, adds filler rows. */
async function seed(database: Database, tmp: string): Promise<{ token: string; userId: number }> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const db = database.db;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  if (!demo) throw new Error('demo customer missing after seeding');
  const [locality] = await db.select().from(localities).orderBy(asc(localities.id)).limit(1);
  if (!locality) throw new Error('no locality seeded');
  const storage = createDiskStorage(path.join(tmp, 'uploads'));
  await seedDemoCatalog(db, storage);
  await updateProfile(
    { db, storage, uploadLimit: 1 << 20 },
    {
      userId: demo.id,
      state_id: locality.provinceId,
      locality_id: locality.id,
      zip_code: locality.zipCode ?? '1000',
    },
  );
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
  const notes = await db
    .insert(notifications)
    .values(
      Array.from({ length: NOTIFICATIONS }, (_, i) => ({
        title: `Aviso ${i + 1}`,
        body: 'Tu seguro está vigente.',
        actionType: 'Message' as const,
      })),
    )
    .returning({ id: notifications.id });
  await db.insert(notificationUsers).values(notes.map((n) => ({ notificationId: n.id, userId: demo.id })));
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
        app: { BENCH_DATA_DIR: dataDir, BENCH_TMP_DIR: tmp },
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
  const drop = () => admin(`drop database if exists ${name} with (force)`);
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
          app: { BENCH_DATABASE_URL: databaseUrl, BENCH_TMP_DIR: tmp },
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

async function startServer(target: 'app' | 'hello' | 'floor', env: Record<string, string>): Promise<Server> {
  const child: ChildProcess = fork(serverScript, [], {
    execArgv: [
      '--import',
      'tsx',
      ...(PROFILE && target === 'app'
        ? ['--cpu-prof', `--cpu-prof-dir=${path.join(resultsDir, 'profiles')}`]
        : []),
    ],
    cwd: path.resolve(benchDir, '..'),
    env: { ...process.env, ...env, BENCH_TARGET: target, LOG_LEVEL: 'silent', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Load

async function check(t: Endpoint, verify: (body: unknown) => string | null) {
  const url = `http://127.0.0.1:${t.port}${t.path}`;
  const res = await fetch(url, { headers: t.headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  const problem = verify(JSON.parse(text));
  if (problem) throw new Error(`GET ${url}: ${problem}: ${text.slice(0, 300)}`);
}

type Endpoint = {
  target: Target;
  label: string;
  port: number;
  path: string;
  headers: Record<string, string>;
};

function options(t: Endpoint, duration: number) {
  return {
    url: `http://127.0.0.1:${t.port}${t.path}`,
    connections: CONNECTIONS,
    headers: t.headers,
    timeout: 10,
    duration,
  };
}

/**
 * Warms every server up, then measures them in interleaved rounds (hello, floor, each route, hello, …) so
 * that a burst of other work on the machine hits them all alike instead of skewing one of them.
 */
async function measureInterleaved(targets: Endpoint[]): Promise<Measurement[]> {
  for (const t of targets) await autocannon(options(t, WARMUP));
  const perTarget = targets.map(() => [] as Result[]);
  const loads = targets.map(() => ({ start: Number.POSITIVE_INFINITY, end: 0 }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, t] of targets.entries()) {
      const start = loadAverage();
      const r: Result = await autocannon(options(t, DURATION / ROUNDS));
      perTarget[i]!.push(r);
      if (round === 0) loads[i]!.start = start;
      loads[i]!.end = loadAverage();
      const rps = Math.round(r.requests.total / r.duration);
      log(
        `  round ${round + 1}/${ROUNDS} ${t.label.padEnd(40)} ${rps} req/s, p99 ${r.latency.p99} ms (load ${start})`,
      );
    }
  }
  return targets.map((t, i) => {
    const results = perTarget[i]!;
    const totalRequests = sum(results.map((r) => r.requests.total));
    const totalSeconds = sum(results.map((r) => r.duration));
    const m: Measurement = {
      target: t.target,
      label: t.label,
      path: t.path,
      requestsPerSecond: Math.round(totalRequests / totalSeconds),
      requestsTotal: totalRequests,
      latencyMs: {
        p50: round2(sum(results.map((r) => r.latency.p50)) / results.length),
        p90: Math.max(...results.map((r) => r.latency.p90)),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        max: Math.max(...results.map((r) => r.latency.max)),
        average: round2(sum(results.map((r) => r.latency.average * r.requests.total)) / totalRequests),
      },
      non2xx: sum(results.map((r) => r.non2xx)),
      errors: sum(results.map((r) => r.errors)),
      timeouts: sum(results.map((r) => r.timeouts)),
      rounds: results.map((r) => Math.round(r.requests.total / r.duration)),
      loadAverage: loads[i]!,
    };
    if (m.non2xx || m.errors || m.timeouts) {
      throw new Error(`${t.label}: ${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts`);
    }
    return m;
  });
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
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
    const hello: Endpoint = {
      target: 'hello',
      label: 'hello-world',
      port: await start('hello'),
      path: '/hello',
      headers: {},
    };
    const floor: Endpoint = {
      target: 'floor',
      label: 'one-query floor',
      port: await start('floor'),
      path: `/floor/${prepared.userId}`,
      headers: {},
    };
    const appPort = await start('app');
    const routes: Endpoint[] = ROUTES.map((r) => ({
      target: 'route',
      label: r.label,
      port: appPort,
      path: r.path,
      headers: { authorization: `Bearer ${prepared.token}` },
    }));
    await check(hello, (b) => ((b as { hello?: string }).hello === 'world' ? null : 'unexpected body'));
    await check(floor, (b) =>
      (b as { data?: { id?: number } }).data?.id === prepared.userId ? null : 'unexpected body',
    );
    for (const [i, route] of routes.entries()) {
      await check(route, (b) => ROUTES[i]!.check(b, prepared.userId));
    }
    log(
      `${engine}: ${CONNECTIONS} connections, ${WARMUP} s warm-up each, then ${ROUNDS} interleaved rounds of ${DURATION / ROUNDS} s`,
    );
    const [h, f, ...measured] = await measureInterleaved([hello, floor, ...routes]);
    return {
      engine,
      hello: h!,
      floor: f!,
      routes: measured.map((r) => ({
        ...r,
        ratioToFloor: round2(r.requestsPerSecond / f!.requestsPerSecond),
        ratioToHello: round2(r.requestsPerSecond / h!.requestsPerSecond),
      })),
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

function table(results: EngineResult[]): string {
  const lines = [
    '| engine | target | req/s | p50 ms | p99 ms | ÷ floor |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    for (const m of [r.hello, r.floor, ...r.routes]) {
      const ratio = 'ratioToFloor' in m ? String(m.ratioToFloor) : '—';
      lines.push(
        `| ${r.engine} | ${m.label} | ${m.requestsPerSecond} | ${ms(m.latencyMs.p50)} | ${ms(m.latencyMs.p99)} | ${ratio} |`,
      );
    }
  }
  return lines.join('\n');
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
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      fillerUsers: FILLER_USERS,
      routes: ROUTES.map((r) => r.path),
      rounds: ROUNDS,
      serverProcess:
        'one child process per server (all three started, measured in interleaved rounds); autocannon in the parent',
    },
    /** Before this run put any load on the machine; the run itself keeps about 2 runnable. */
    loadAverageAtStart,
    goal: { ratioToFloor: GOAL },
    results,
    elapsedSeconds: Math.round((Date.now() - started) / 1000),
  };
  mkdirSync(resultsDir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  const file = path.join(resultsDir, `api-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, 'api-latest.json'), `${JSON.stringify(report, null, 2)}\n`);

  console.log(`\n${table(results)}\n`);
  for (const r of results) {
    for (const route of r.routes) {
      const verdict = route.ratioToFloor >= GOAL ? 'meets' : 'BELOW';
      console.log(
        `${r.engine}: ${route.label} ÷ floor = ${route.ratioToFloor} (${verdict} the ${GOAL} goal)`,
      );
    }
  }
  if (report.loadAverageAtStart > 1) {
    console.log(
      `\nWarning: the 1-minute load average was ${report.loadAverageAtStart} before the run started: other work was`,
    );
    console.log('running on this machine. Repeat the run when it is idle for comparable figures.');
  }
  console.log(`\n${report.machine.cpus} cores, ${report.machine.cpuModel}, Node ${report.machine.node}`);
  console.log(`Results: ${path.relative(process.cwd(), file)} (${report.elapsedSeconds} s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
