/**
 * Paying-issue figure: wallet payments per second on PostgreSQL with 50 concurrent clients, then the
 * reconciliation check (every wallet's balance equals the sum of its movements; money is conserved).
 *   npx tsx bench/wallet-payments.ts       (BENCH_CLIENTS=50, BENCH_PAYMENTS_EACH=40, BENCH_PG_URL=…)
 *
 * A fresh PostgreSQL database is migrated and seeded; each client is a customer who tops up Mi dinero
 * through the sandbox checkout and holds BENCH_PAYMENTS_EACH unpaid insurances (one contracted through the
 * API, the rest copies of it made in SQL to keep the set-up short). The real API runs in a child process
 * (bench/server.ts, pool of 10 as in production); the clients pay every insurance from Mi dinero, one
 * request after another each, all clients at once. Half the clients share a wallet with another client,
 * so payments also race for the same balance row.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(benchDir, '../apps/api');
const resultsDir = path.join(benchDir, 'results');
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PAYMENTS_EACH = Number(process.env.BENCH_PAYMENTS_EACH ?? 40);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Client = { auth: Record<string, string>; insuranceIds: number[] };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

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
  await database.db.execute(sql`analyze`);
  await app.close();
  await database.close();
  return clients;
}

async function startApi(databaseUrl: string, tmp: string): Promise<{ port: number; stop(): Promise<void> }> {
  const child: ChildProcess = fork(path.join(benchDir, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    cwd: path.resolve(benchDir, '..'),
    env: {
      ...process.env,
      BENCH_TARGET: 'app',
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_TMP_DIR: tmp,
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
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'cubierto-bench-pay-'));
  const name = `cubierto_bench_pay_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    console.log(`Preparing ${CLIENTS} clients × ${PAYMENTS_EACH} insurances on PostgreSQL…`);
    const clients = await prepare(databaseUrl, tmp);
    const api = await startApi(databaseUrl, tmp);
    const base = `http://127.0.0.1:${api.port}/api/v4`;
    const latencies: number[] = [];
    const failures: string[] = [];
    const load = os.loadavg()[0]!;
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, c) => {
        for (const insuranceId of client.insuranceIds) {
          const t0 = performance.now();
          const res = await fetch(`${base}/customers/payments`, {
            method: 'POST',
            headers: {
              ...client.auth,
              'content-type': 'application/json',
              'idempotency-key': `bench-pay-${c}-${insuranceId}`,
            },
            body: JSON.stringify({ insurance_id: insuranceId, method: 'money_wallet' }),
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.status !== 201) failures.push(`${insuranceId}: ${res.status}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await api.stop();

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
          and insurance_id is not null group by insurance_id having count(*) > 1) t)::int as paid_twice`,
    );
    await database.close();
    const c = check!;
    const conserved =
      Number(c.top_ups) === Number(c.balances) + Number(c.paid_from_wallets) &&
      Number(c.paid_from_wallets) === Number(c.premiums_of_paid);
    const sorted = [...latencies].sort((a, b) => a - b);
    const result = {
      at: new Date().toISOString(),
      engine: 'postgres',
      clients: CLIENTS,
      payments: latencies.length,
      failures: failures.length,
      seconds: Number(seconds.toFixed(2)),
      payments_per_second: Math.round(latencies.length / seconds),
      p50_ms: Number(percentile(sorted, 50).toFixed(1)),
      p99_ms: Number(percentile(sorted, 99).toFixed(1)),
      load_average_at_start: Number(load.toFixed(2)),
      reconciliation: {
        wallets: c.wallets,
        unbalanced_wallets: c.unbalanced,
        paid_insurances: c.paid_insurances,
        paid_twice: c.paid_twice,
        top_ups_cents: Number(c.top_ups),
        balances_cents: Number(c.balances),
        paid_from_wallets_cents: Number(c.paid_from_wallets),
        money_conserved: conserved,
      },
    };
    console.table({
      'payments/s': result.payments_per_second,
      'p50 ms': result.p50_ms,
      'p99 ms': result.p99_ms,
      payments: result.payments,
      failures: result.failures,
      'unbalanced wallets': c.unbalanced,
      'paid twice': c.paid_twice,
      'money conserved': conserved,
    });
    mkdirSync(resultsDir, { recursive: true });
    const json = `${JSON.stringify(result, null, 2)}\n`;
    writeFileSync(path.join(resultsDir, `wallet-payments-${result.at.replace(/[:.]/g, '-')}.json`), json);
    writeFileSync(path.join(resultsDir, 'wallet-payments-latest.json'), json);
    const ok =
      failures.length === 0 &&
      c.unbalanced === 0 &&
      c.paid_twice === 0 &&
      c.paid_insurances === CLIENTS * PAYMENTS_EACH &&
      conserved;
    if (!ok) {
      console.error('Reconciliation FAILED', failures.slice(0, 10));
      process.exitCode = 1;
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
