/**
 * A process killed in the middle of payments leaves nothing half-done (issue "Paying", faults).
 *
 * The real server runs as a child process on a database that outlives it (a PGlite data folder, or a
 * PostgreSQL database under `npm run test:pg`). Customers with money in Mi dinero pay their insurances
 * from it, many at once; once some payments have answered, the server is killed with SIGKILL, so others
 * are cut off mid-flight. The database is then read as it was left: every wallet's balance is the sum of
 * its movements, every paid insurance has exactly one approved payment and one debit, no wallet payment
 * is left unapproved. A restarted server then takes every request again with its idempotency key: each
 * insurance ends paid exactly once and the money adds up to the peso.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseOptions, openDatabase } from '../src/db/client.ts';
import { seedDemoCatalog, seedReferenceData } from '../src/db/seed.ts';
import { createMemoryRateLimiter } from '../src/lib/rate-limiter.ts';
import { freePort } from './free-port.ts';
import { apiDir, createPostgresDatabase, registerCustomer, usePostgres } from './harness.ts';
import { bagCoverageId, contractInsurance } from './purchase.ts';
import { childNodeEnv, migratedDataDir } from './server-process.ts';

const CUSTOMERS = 20;
const INSURANCES_EACH = 3;
const TOP_UP_CENTS = 50_000_000;
/** The server is killed once this many payments have answered. */
const KILL_AFTER = 3;

type Order = { auth: Record<string, string>; insuranceId: number; key: string };

const work = mkdtempSync(path.join(tmpdir(), 'cubierto-crash-'));
let target: DatabaseOptions;
let dropPostgres: (() => Promise<void>) | undefined;
let orders: Order[] = [];
let premiumsCents = 0;

const serverEnv = (port: number): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL')),
  ...childNodeEnv(),
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  WEB_DIST_DIR: '',
  UPLOADS_DIR: path.join(work, 'uploads'),
  DATA_DIR: path.join(work, 'data'),
  ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  SEED_DEMO: 'false',
  OUTBOX_WORKER: 'false',
});

/** Starts `src/server.ts` and waits until it answers. */
async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  // Node itself, as `npm start` runs it (Node 24 strips the types): a wrapper command would run the server
  // in a grandchild that a SIGKILL of its parent leaves alive.
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: apiDir,
    env: serverEnv(port),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}/api/v4`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${base}/common/contexts`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

function pay(base: string, order: Order): Promise<number> {
  return fetch(`${base}/customers/payments`, {
    method: 'POST',
    headers: { ...order.auth, 'content-type': 'application/json', 'idempotency-key': order.key },
    body: JSON.stringify({ insurance_id: order.insuranceId, method: 'money_wallet' }),
  }).then((res) => res.status);
}

/** What a crash must never leave: each query lists the rows that break a rule (all must be empty). */
async function brokenRules() {
  const database = await openDatabase(target);
  try {
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    return {
      balanceIsNotSumOfMovements: await rows(sql`
        select w.id from wallets w
        left join (select wallet_id, sum(amount_cents) as total from wallet_movements group by wallet_id) m
          on m.wallet_id = w.id
        where w.balance_cents <> coalesce(m.total, 0)`),
      paidWithoutApprovedPayment: await rows(sql`
        select i.id from insurances i
        where (i.paid_at is not null) <> exists (
          select 1 from payments p where p.insurance_id = i.id and p.status = 'approved')`),
      paidTwice: await rows(sql`
        select insurance_id from payments where status = 'approved' and insurance_id is not null
        group by insurance_id having count(*) > 1`),
      walletPaymentWithoutOneDebit: await rows(sql`
        select p.id from payments p
        where p.method in ('money_wallet', 'credit_wallet')
          and (p.status <> 'approved'
            or (select count(*) from wallet_movements m where m.payment_id = p.id) <> 1)`),
    };
  } finally {
    await database.close();
  }
}

const NO_BROKEN_RULES = {
  balanceIsNotSumOfMovements: [],
  paidWithoutApprovedPayment: [],
  paidTwice: [],
  walletPaymentWithoutOneDebit: [],
};

beforeAll(async () => {
  if (usePostgres) {
    const created = await createPostgresDatabase();
    target = { databaseUrl: created.url };
    dropPostgres = created.drop;
  } else {
    target = { dataDir: path.join(work, 'data') };
    // The crash is the subject, not migrating: the data folder starts as the run's migrated copy.
    await migratedDataDir(target.dataDir!);
  }

  // Customers, money in Mi dinero and unpaid insurances, made in this process, which then lets go.
  const database = await openDatabase(target);
  await database.migrate();
  await seedReferenceData(database.db);
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '',
      UPLOADS_DIR: path.join(work, 'uploads'),
      // The registration codes' mailbox, and every customer registered from one address.
      DATA_DIR: work,
      REGISTER_MAX_PER_IP: '100000',
    },
    apiDir,
  );
  const app = await buildApp({ config, database, overrides: { rateLimiter: createMemoryRateLimiter() } });
  await app.ready();
  await seedDemoCatalog(database.db, app.deps.storage);
  const coverage = await bagCoverageId(app);
  for (let n = 0; n < CUSTOMERS; n += 1) {
    const customer = await registerCustomer(app);
    const topUp = await app.inject({
      method: 'POST',
      url: '/api/v4/customers/money-wallet/top-ups',
      headers: { ...customer.auth, 'idempotency-key': `crash-top-up-${String(n).padStart(6, '0')}` },
      payload: { amount_cents: TOP_UP_CENTS, method: 'sandbox' },
    });
    const checkout = new URL(topUp.json().data.checkout_url);
    await app.inject({ method: 'POST', url: `${checkout.pathname}/approve` });
    for (let k = 0; k < INSURANCES_EACH; k += 1) {
      const insurance = await contractInsurance(app, customer.auth, coverage);
      premiumsCents += insurance.premium.total_cents;
      orders.push({
        auth: customer.auth,
        insuranceId: insurance.id,
        key: `crash-payment-${String(insurance.id).padStart(6, '0')}`,
      });
    }
  }
  await app.close();
  await database.close();
  // Interleave customers, so that payments of one wallet race each other and those of others.
  orders = orders.sort((a, b) => (a.insuranceId % INSURANCES_EACH) - (b.insuranceId % INSURANCES_EACH));
}, 180_000);

afterAll(async () => {
  await dropPostgres?.();
  rmSync(work, { recursive: true, force: true });
});

describe('a server killed in the middle of wallet payments', () => {
  it('leaves every payment whole or not at all, and a restart finishes them once', async () => {
    const first = await startServer();
    let answered = 0;
    const killed = new Promise<void>((resolve) => {
      first.child.once('exit', () => resolve());
    });
    // Eight clients, each sending its next payment when the last one answers: at any moment eight are
    // in flight, so the kill after the third answer lands in the middle of several.
    const statuses: number[] = new Array(orders.length).fill(-1);
    let next = 0;
    const client = async () => {
      while (next < orders.length) {
        const index = next++;
        const status = await pay(first.base, orders[index]!).catch(() => 0);
        statuses[index] = status;
        if (status === 0) return;
        answered += 1;
        if (answered === KILL_AFTER) first.child.kill('SIGKILL');
      }
    };
    const attempts = Array.from({ length: 8 }, client);
    await Promise.all(attempts);
    await killed;
    const completed = statuses.filter((status) => status === 201).length;
    // Some finished before the kill and some were cut off: the crash did land in the middle.
    expect(completed).toBeGreaterThanOrEqual(KILL_AFTER - 1);
    expect(statuses.filter((status) => status === 0).length).toBeGreaterThan(0);

    expect(await brokenRules()).toEqual(NO_BROKEN_RULES);

    // The clients retry with the same keys: what was done is answered again, the rest is done now.
    const second = await startServer();
    try {
      const retried = await Promise.all(orders.map((order) => pay(second.base, order)));
      expect(retried.every((status) => status === 201 || status === 200)).toBe(true);
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    }

    expect(await brokenRules()).toEqual(NO_BROKEN_RULES);
    const database = await openDatabase(target);
    try {
      const [totals] = (
        (await database.db.execute(sql`
          select
            (select count(*) from insurances where paid_at is not null)::int as paid,
            (select coalesce(sum(balance_cents), 0) from wallets where kind = 'money')::bigint as balances
        `)) as unknown as { rows: Array<{ paid: number; balances: string | number }> }
      ).rows;
      expect(totals?.paid).toBe(orders.length);
      expect(Number(totals?.balances)).toBe(CUSTOMERS * TOP_UP_CENTS - premiumsCents);
    } finally {
      await database.close();
    }
  }, 180_000);
});
