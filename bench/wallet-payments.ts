/**
 * Paying-issue figure (issues 5 and 22): wallet payments per second on PostgreSQL with 50 concurrent
 * clients, beside PostgreSQL's own TPC-B-like floor measured by `pgbench` on the same server in the same
 * run, then the reconciliation check (every wallet's balance equals the sum of its movements; money is
 * conserved: top-ups = balances + payments, and nothing paid twice).
 *   npm run bench:wallet     (BENCH_DURATION=15 s per pgbench run and for the payments, BENCH_WARMUP=2,
 *                             BENCH_CLIENTS=50, BENCH_PG_URL=…, BENCH_PGBENCH_SCALE=1, BENCH_CPU_PROF=dir
 *                             (the API's CPU profile, written there and summarised: bench/cpu-profile.ts),
 *                             BENCH_KEEP_DB=1, BENCH_DB_PREFIX=cubierto_bench for the scratch databases)
 *
 * The floor: `pgbench -i` into a scratch database, then `pgbench -c 10` and `-c 50` (`-j 2`), each
 * BENCH_DURATION seconds; the floor is the better of the two. PostgreSQL's own transaction — 3 updates,
 * 1 select, 1 insert, sent by a C client — is the most this server commits per second; a payment is
 * a bigger business action sent through the whole API, so the goal is a ratio (≥ 0.3), not parity.
 *
 * The payments: a fresh PostgreSQL database is migrated and seeded; each client is a customer who tops
 * up Mi dinero through the sandbox checkout and holds more unpaid insurances than it can pay in the run
 * (one contracted through the API, the rest copies of it made in SQL to keep the set-up short). The real
 * API runs in a child process (bench/server.ts, pool of 10 as in production, its outbox worker on:
 * BENCH_OUTBOX_WORKER=1, which it had not been until 2026-11-26 18:40 UTC); the
 * clients pay insurances from Mi dinero, one request after another each, all clients at once, for
 * BENCH_DURATION seconds (the first BENCH_WARMUP seconds are not counted). Every paid insurance must
 * have exactly one invoice (issued in the payment's transaction). Half the clients share a
 * wallet with another client, so payments also race for the same balance row. The API process counts
 * its statements (bench/pg-statements.ts): the table of statements per payment is the profile.
 */
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemoCatalog, seedReferenceData } from '../apps/api/src/db/seed.ts';
import { createMemoryRateLimiter } from '../apps/api/src/lib/rate-limiter.ts';
import { registerCustomer } from '../apps/api/test/harness.ts';
import { bagCoverageId, contractInsurance } from '../apps/api/test/purchase.ts';
import { printProfileSummary, summariseProfile } from './cpu-profile.ts';
import type { StatementFigures } from './pg-statements.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(benchDir, '../apps/api');
const resultsDir = path.join(benchDir, 'results');

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
}

const CLIENTS = positive('BENCH_CLIENTS', 50);
const DURATION = positive('BENCH_DURATION', 15);
const WARMUP = Math.min(positive('BENCH_WARMUP', 2), DURATION / 2);
const PGBENCH_SCALE = positive('BENCH_PGBENCH_SCALE', 1);
/** More insurances than a client can pay in the run (about 1,500 payments/s in all). */
const PAYMENTS_EACH = positive('BENCH_PAYMENTS_EACH', Math.max(40, Math.ceil((DURATION * 1500) / CLIENTS)));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The scratch databases' names start with this (BENCH_DB_PREFIX), so that runs side by side keep apart. */
const DB_PREFIX = process.env.BENCH_DB_PREFIX || 'cubierto_bench';
if (!/^[a-z_][a-z0-9_]{0,40}$/.test(DB_PREFIX))
  throw new Error('BENCH_DB_PREFIX must be a lower-case identifier');

type Client = { auth: Record<string, string>; insuranceIds: number[] };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * One request through a keep-alive agent of node:http, answering its status once the body is read. The
 * load generator shares the two cores with the API and the database, and fetch (undici) took it 2–3
 * times the CPU of node:http per request (2026-11-27, 50 clients against a bare server in the same
 * process: 0.68–0.86 ms against 0.26–0.34 ms, the server's share included): CPU that pgbench's C client
 * does not take from its server.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function post(
  port: number,
  pathname: string,
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Statistics for the tables the setup filled in bulk (the insurances copied in SQL), and none for the others.
 * A table analysed while empty or small is planned as such: every plan made on it during the run (each
 * connection's foreign-key checks, the ledger trigger's query, its named statements' generic plans) then
 * reads it whole, a sequential scan per row inserted into a table that grows by thousands of rows in the
 * run, and keeps doing so until autovacuum analyses it again, which a run of seconds never sees
 * (2026-11-27: the notifications, invoices, wallet movements and outbox rows read 12 million rows in 2,168
 * payments). A table never analysed is planned as a table of some pages, with its indexes, as production's
 * full tables are.
 */
async function analyzeFilledTables(database: Database): Promise<void> {
  const tables = await rows<{ name: string }>(
    database,
    sql`select quote_ident(relname) as name from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r'`,
  );
  for (const { name } of tables) {
    const [filled] = await rows<{ filled: boolean }>(
      database,
      sql`select count(*) >= ${ANALYZED_FROM_ROWS} as filled
          from (select 1 from ${sql.raw(name)} limit ${ANALYZED_FROM_ROWS}) as first_rows`,
    );
    if (filled?.filled) await database.db.execute(sql`analyze ${sql.raw(name)}`);
  }
}

/** The rows from which a table the setup filled is analysed (the insurances: 22,500 with 50 clients). */
const ANALYZED_FROM_ROWS = 1_000;

/** Customers (two clients per customer), money in Mi dinero and unpaid insurances. */
async function prepare(databaseUrl: string, tmp: string): Promise<Client[]> {
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  await seedReferenceData(database.db);
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '',
      DATA_DIR: tmp,
      UPLOADS_DIR: path.join(tmp, 'uploads'),
      DATABASE_URL: databaseUrl,
      // The setup registers every customer from one address.
      REGISTER_MAX_PER_IP: '100000',
    },
    apiDir,
  );
  const app = await buildApp({ config, database, overrides: { rateLimiter: createMemoryRateLimiter() } });
  await app.ready();
  await seedDemoCatalog(database.db, app.deps.storage);
  const coverage = await bagCoverageId(app);
  const clients: Client[] = [];
  const customers = Math.ceil(CLIENTS / 2);
  for (let n = 0; n < customers; n += 1) {
    // The code mailed to the address comes from the development mailbox (no SMTP_URL here).
    const { auth } = await registerCustomer(app, {
      name: 'Bench Cliente',
      email: `bench.${n}@example.com`,
      // Each account its own DNI (a DNI belongs to one account).
      dni: String(30_123_456 + n),
    });
    const first = await contractInsurance(app, auth, coverage);
    const each = Math.min(2, CLIENTS - n * 2);
    const copies = PAYMENTS_EACH * each - 1;
    const copied = await rows<{ id: number }>(
      database,
      sql`insert into insurances (number, user_id, coverage_id, policy_id, taker_entity_id,
            billing_entity_id, starts_on, ends_on, net_cents, surcharges_cents, taxes_cents, total_cents,
            verification_code)
          select i.number || '-' || g, i.user_id, i.coverage_id, i.policy_id, i.taker_entity_id,
            i.billing_entity_id, i.starts_on, i.ends_on, i.net_cents, i.surcharges_cents, i.taxes_cents,
            i.total_cents, md5(i.verification_code || g)
          from insurances i, generate_series(1, ${copies}) g where i.id = ${first.id}
          returning id`,
    );
    const ids = [first.id, ...copied.map((row) => row.id)];
    const need = first.premium.total_cents * ids.length;
    for (let paid = 0; paid < need; paid += 5_000_000_00) {
      const topUp = await app.inject({
        method: 'POST',
        url: '/api/v4/customers/money-wallet/top-ups',
        headers: { ...auth, 'idempotency-key': `bench-top-up-${n}-${paid}` },
        payload: { amount_cents: Math.max(100_00, Math.min(5_000_000_00, need - paid)), method: 'sandbox' },
      });
      const checkout = new URL(topUp.json<{ data: { checkout_url: string } }>().data.checkout_url);
      await app.inject({ method: 'POST', url: `${checkout.pathname}/approve` });
    }
    for (let k = 0; k < each; k += 1) {
      clients.push({ auth, insuranceIds: ids.slice(k * PAYMENTS_EACH, (k + 1) * PAYMENTS_EACH) });
    }
  }
  await analyzeFilledTables(database);
  await app.close();
  await database.close();
  return clients;
}

/** The `pgbench` of the server's own version: `pg_config --bindir`, or Debian's versioned folders. */
function findPgbench(): string {
  const candidates: string[] = [];
  if (process.env.BENCH_PGBENCH) candidates.push(process.env.BENCH_PGBENCH);
  try {
    const bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    candidates.push(path.join(bindir, 'pgbench'));
  } catch {
    // No pg_config: try the versioned paths below.
  }
  for (const version of [17, 16, 15, 14, 13]) candidates.push(`/usr/lib/postgresql/${version}/bin/pgbench`);
  candidates.push('pgbench');
  for (const candidate of candidates) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // Not this one.
    }
  }
  throw new Error('pgbench not found (install postgresql-contrib or set BENCH_PGBENCH)');
}

type PgbenchRun = { clients: number; tps: number; latency_ms: number; transactions: number };

function runPgbench(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`pgbench ${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });
}

/**
 * PostgreSQL's own TPC-B-like transaction on the same server: `pgbench -i` into a scratch database
 * (dropped at the end), then 10 and 50 clients for DURATION seconds each.
 */
async function pgbenchFloor(admin: pg.Client): Promise<PgbenchRun[]> {
  const bin = findPgbench();
  const name = `${DB_PREFIX}_pgbench_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const conninfo = url.toString();
  try {
    await runPgbench(bin, ['-i', '-q', '-s', String(PGBENCH_SCALE), conninfo]);
    const runs: PgbenchRun[] = [];
    for (const clients of [10, 50]) {
      const out = await runPgbench(bin, [
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(Math.max(1, Math.round(DURATION))),
        '-n',
        conninfo,
      ]);
      const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
      const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? Number.NaN);
      const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0);
      if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps:\n${out}`);
      runs.push({ clients, tps: Math.round(tps), latency_ms: latency, transactions });
      console.log(`pgbench -c ${clients}: ${Math.round(tps)} tps, latency ${latency} ms`);
    }
    return runs;
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}

async function startApi(
  databaseUrl: string,
  tmp: string,
  statementsFile: string,
): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const cpuProfile = process.env.BENCH_CPU_PROF;
  const child: ChildProcess = fork(path.join(benchDir, 'server.ts'), [], {
    execArgv: [
      // The young generation `npm start` gives the API (see apps/api/package.json).
      '--max-semi-space-size=16',
      '--import',
      'tsx',
      '--import',
      path.join(benchDir, 'pg-statements.ts'),
      ...(cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfile}`] : []),
    ],
    cwd: path.resolve(benchDir, '..'),
    env: {
      ...process.env,
      BENCH_TARGET: 'app',
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_TMP_DIR: tmp,
      BENCH_STATEMENTS_FILE: statementsFile,
      // The outbox worker on, as in production (BENCH_OUTBOX_WORKER=0 to leave the jobs undone).
      BENCH_OUTBOX_WORKER: process.env.BENCH_OUTBOX_WORKER ?? '1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the API did not start in 60 s')), 60_000);
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (message.port) resolve(message.port);
      else reject(new Error('no port'));
    });
  });
  return {
    port,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU time so far (user + system), in ms, from /proc (Linux); null where there is none. */
function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The CPU time so far of every PostgreSQL backend connected to the payments' database, by pid. */
async function backendCpu(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = cpuMsOf(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

/** Statements per payment, by statement: the profile of the measured run. */
function statementProfile(file: string, payments: number) {
  const all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StatementFigures[]) : [];
  const calls = all.reduce((sum, s) => sum + s.calls, 0);
  const rows = all
    .filter((s) => s.calls >= payments / 10)
    .map((s) => ({
      per_payment: Number((s.calls / payments).toFixed(2)),
      mean_ms: Number((s.totalMs / s.calls).toFixed(2)),
      ms_per_payment: Number((s.totalMs / payments).toFixed(2)),
      statement: s.text.length > 150 ? `${s.text.slice(0, 147)}…` : s.text,
    }));
  return {
    statements_per_payment: Number((calls / payments).toFixed(1)),
    transactions_per_payment: Number(
      // By their end: a hot transaction's begin goes with its first statement (db/client.ts), uncounted.
      (
        all.filter((s) => /^(commit|rollback)$/i.test(s.text)).reduce((sum, s) => sum + s.calls, 0) / payments
      ).toFixed(2),
    ),
    statements: rows,
  };
}

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'cubierto-bench-pay-'));
  const name = `${DB_PREFIX}_pay_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const statementsFile = path.join(tmp, 'statements.json');
  try {
    const loadBefore = os.loadavg();
    console.log(`pgbench floor (TPC-B-like, scale ${PGBENCH_SCALE}, ${DURATION} s per run)…`);
    const floorRuns = await pgbenchFloor(admin);
    const floor = Math.max(...floorRuns.map((run) => run.tps));

    await admin.query(`create database ${name}`);
    console.log(`Preparing ${CLIENTS} clients × ${PAYMENTS_EACH} insurances on PostgreSQL…`);
    const clients = await prepare(databaseUrl, tmp);
    const api = await startApi(databaseUrl, tmp, statementsFile);
    console.log(`Paying from ${CLIENTS} clients for ${DURATION} s…`);
    const latencies: number[] = [];
    const failures: string[] = [];
    let paid = 0;
    let short = 0;
    const load = os.loadavg()[0]!;
    // Where the CPU goes (issue 22: Node or the database?): the API process's and the payments'
    // database backends' CPU time over the whole run of payments, per payment.
    const apiCpuBefore = cpuMsOf(api.pid);
    // The load generator's own CPU (this process), on the same two cores as the API and the database.
    const clientCpuBefore = process.cpuUsage();
    const backendsBefore = await backendCpu(admin, name);
    const started = performance.now();
    const measuredFrom = started + WARMUP * 1000;
    const until = started + DURATION * 1000;
    await Promise.all(
      clients.map(async (client, c) => {
        for (const insuranceId of client.insuranceIds) {
          if (performance.now() >= until) return;
          const t0 = performance.now();
          const status = await post(
            api.port,
            '/api/v4/customers/payments',
            { ...client.auth, 'idempotency-key': `bench-pay-${c}-${insuranceId}` },
            JSON.stringify({ insurance_id: insuranceId, method: 'money_wallet' }),
          );
          const t1 = performance.now();
          if (status === 201) paid += 1;
          else failures.push(`${insuranceId}: ${status}`);
          // Payments answered within the measured window, whenever they were sent: counting only those
          // sent and answered inside it (before 2026-11-26 18:50 UTC) left out up to a latency's worth
          // at each end, which with latencies of seconds under load was a quarter of a 10-second run.
          if (t1 >= measuredFrom && t1 <= until) latencies.push(t1 - t0);
        }
        short += 1;
      }),
    );
    const seconds = (until - measuredFrom) / 1000;
    const apiCpuAfter = cpuMsOf(api.pid);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const backendsAfter = await backendCpu(admin, name);
    // A backend the pool opened during the run counts from zero.
    const backendCpuMs = [...backendsAfter].reduce(
      (sum, [pid, ms]) => sum + ms - (backendsBefore.get(pid) ?? 0),
      0,
    );
    const cpuPerPayment = (ms: number | null) =>
      ms === null || paid === 0 ? null : Number((ms / paid).toFixed(2));
    const cpu = {
      api_ms_per_payment: cpuPerPayment(
        apiCpuBefore === null || apiCpuAfter === null ? null : apiCpuAfter - apiCpuBefore,
      ),
      database_ms_per_payment: cpuPerPayment(backendsAfter.size > 0 ? backendCpuMs : null),
      database_backends: backendsAfter.size,
      load_generator_ms_per_payment: cpuPerPayment((clientCpu.user + clientCpu.system) / 1000),
    };
    agent.destroy();
    await api.stop();
    // BENCH_CPU_PROF=dir: the API process wrote its profile as it exited (its pid in the file's name).
    const profileDir = process.env.BENCH_CPU_PROF;
    const profileFile =
      profileDir &&
      readdirSync(profileDir).find((name) => name.includes(`.${api.pid}.`) && name.endsWith('.cpuprofile'));
    if (profileDir && profileFile) printProfileSummary(summariseProfile(path.join(profileDir, profileFile)));
    if (short > 0) console.warn(`${short} clients ran out of insurances: raise BENCH_PAYMENTS_EACH`);
    const profile = statementProfile(statementsFile, paid + failures.length);
    const database = await openDatabase({ databaseUrl });
    const [check] = await rows<{
      wallets: number;
      unbalanced: number;
      top_ups: string;
      balances: string;
      paid_from_wallets: string;
      premiums_of_paid: string;
      paid_insurances: number;
      paid_twice: number;
      invoices_not_one: number;
      jobs_done: number;
      jobs_waiting: number;
      jobs_due: number;
      jobs_given_up: number;
    }>(
      database,
      sql`select
        (select count(*) from wallets)::int as wallets,
        (select count(*) from wallets w where w.balance_cents <> (
          select coalesce(sum(m.amount_cents), 0) from wallet_movements m where m.wallet_id = w.id))::int
          as unbalanced,
        (select coalesce(sum(amount_cents), 0) from payments
          where purpose = 'money_top_up' and status = 'approved')::bigint as top_ups,
        (select coalesce(sum(balance_cents), 0) from wallets where kind = 'money')::bigint as balances,
        (select coalesce(-sum(amount_cents), 0) from wallet_movements where kind = 'insurance_payment')::bigint
          as paid_from_wallets,
        (select coalesce(sum(total_cents), 0) from insurances where paid_at is not null)::bigint
          as premiums_of_paid,
        (select count(*) from insurances where paid_at is not null)::int as paid_insurances,
        (select count(*) from (select insurance_id from payments where status = 'approved'
          and insurance_id is not null group by insurance_id having count(*) > 1) t)::int as paid_twice,
        (select count(*) from payments p where p.status = 'approved' and p.insurance_id is not null
          and (select count(*) from invoices i where i.payment_id = p.id and i.kind = 'invoice') <> 1)::int
          as invoices_not_one,
        (select count(*) from outbox where done_at is not null)::int as jobs_done,
        (select count(*) from outbox where done_at is null and failed_at is null)::int as jobs_waiting,
        (select count(*) from outbox where done_at is null and failed_at is null and run_at <= now())::int
          as jobs_due,
        (select count(*) from outbox where failed_at is not null)::int as jobs_given_up`,
    );
    await database.close();
    const c = check!;
    const conserved =
      Number(c.top_ups) === Number(c.balances) + Number(c.paid_from_wallets) &&
      Number(c.paid_from_wallets) === Number(c.premiums_of_paid);
    const sorted = [...latencies].sort((a, b) => a - b);
    const perSecond = Math.round(latencies.length / seconds);
    const ratio = (tps: number) => Number((perSecond / tps).toFixed(3));
    const result = {
      at: new Date().toISOString(),
      engine: 'postgres',
      clients: CLIENTS,
      duration_s: DURATION,
      warmup_s: WARMUP,
      load_average_before: loadBefore.map((n) => Number(n.toFixed(2))),
      load_average_at_start: Number(load.toFixed(2)),
      load_average_at_end: os.loadavg().map((n) => Number(n.toFixed(2))),
      pgbench: { scale: PGBENCH_SCALE, runs: floorRuns, floor_tps: floor },
      payments: paid,
      measured_payments: latencies.length,
      failures: failures.length,
      seconds: Number(seconds.toFixed(2)),
      payments_per_second: perSecond,
      ratio_to_floor: ratio(floor),
      ratio_to_pgbench: Object.fromEntries(floorRuns.map((run) => [`c${run.clients}`, ratio(run.tps)])),
      p50_ms: Number(percentile(sorted, 50).toFixed(1)),
      p99_ms: Number(percentile(sorted, 99).toFixed(1)),
      cpu,
      profile,
      reconciliation: {
        wallets: c.wallets,
        unbalanced_wallets: c.unbalanced,
        paid_insurances: c.paid_insurances,
        paid_twice: c.paid_twice,
        payments_without_exactly_one_invoice: c.invoices_not_one,
        top_ups_cents: Number(c.top_ups),
        balances_cents: Number(c.balances),
        paid_from_wallets_cents: Number(c.paid_from_wallets),
        money_conserved: conserved,
      },
      // The outbox as the run left it (the worker runs beside the API, as in production): the jobs the
      // payments enqueued (notifications, the insurance in force, the invoices' ARCA authorisation, whose
      // peer is a closed port here, so those wait for their retry) done, still waiting, given up.
      // `due`: the waiting ones whose time has come (the worker's backlog); the others wait for a retry or
      // for a date of their own.
      outbox: { done: c.jobs_done, waiting: c.jobs_waiting, due: c.jobs_due, given_up: c.jobs_given_up },
    };
    console.log(
      `\nStatements per payment: ${profile.statements_per_payment} ` +
        `(transactions per payment: ${profile.transactions_per_payment}), the API process's:`,
    );
    console.table(profile.statements);
    console.table({
      ...Object.fromEntries(floorRuns.map((run) => [`pgbench -c ${run.clients} tps`, run.tps])),
      [`payments/s (${CLIENTS} clients)`]: result.payments_per_second,
      'ratio to the floor': result.ratio_to_floor,
      'p50 ms': result.p50_ms,
      'p99 ms': result.p99_ms,
      'API CPU ms / payment': cpu.api_ms_per_payment,
      'database CPU ms / payment': cpu.database_ms_per_payment,
      'load generator CPU ms / payment': cpu.load_generator_ms_per_payment,
      payments: result.payments,
      failures: result.failures,
      'unbalanced wallets': c.unbalanced,
      'paid twice': c.paid_twice,
      'payments without exactly one invoice': c.invoices_not_one,
      'money conserved': conserved,
      'outbox jobs done / waiting (due)': `${c.jobs_done} / ${c.jobs_waiting} (${c.jobs_due})`,
    });
    mkdirSync(resultsDir, { recursive: true });
    const json = `${JSON.stringify(result, null, 2)}\n`;
    writeFileSync(path.join(resultsDir, `wallet-payments-${result.at.replace(/[:.]/g, '-')}.json`), json);
    writeFileSync(path.join(resultsDir, 'wallet-payments-latest.json'), json);
    const ok =
      failures.length === 0 &&
      c.unbalanced === 0 &&
      c.paid_twice === 0 &&
      c.invoices_not_one === 0 &&
      c.paid_insurances === paid &&
      conserved;
    if (!ok) {
      console.error('Reconciliation FAILED', failures.slice(0, 10));
      process.exitCode = 1;
    }
  } finally {
    // BENCH_KEEP_DB=1 keeps the payments' database to look at its plans (EXPLAIN ANALYZE) afterwards.
    if (process.env.BENCH_KEEP_DB === '1') console.log(`Kept the database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
