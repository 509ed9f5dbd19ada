/**
 * More than one machine (PostgreSQL only: npm run test:pg). Two API instances, each with its own
 * connection pool and outbox worker, on one PostgreSQL database and one Redis, requests alternating
 * between them with no stickiness:
 *  - a whole purchase works (register on one, sign in on the other, contract, pay, read it back);
 *  - the login rate limit counts attempts made on both;
 *  - every outbox job runs exactly once, though both workers claim at the same time;
 *  - stopping one instance in the middle of a load of payments loses nothing: the clients retry on the
 *    other with the same idempotency keys and every insurance is paid once, the money adding up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, migrationsFolder, openDatabase } from '../src/db/client.ts';
import { seedDemoCatalog, seedReferenceData } from '../src/db/seed.ts';
import { enqueue, startOutboxWorker } from '../src/lib/outbox.ts';
import { createRedisRateLimiter, type RateLimiter } from '../src/lib/rate-limiter.ts';
import {
  createPostgresDatabase,
  createTestApp,
  createTestDatabase,
  GOOD_PASSWORD,
  registerCustomer,
  registrationCodeFromMailbox,
  usePostgres,
} from './harness.ts';
import {
  bagCoverageId,
  contractInsurance,
  idempotencyKey,
  insuranceOf,
  payThroughSandbox,
} from './purchase.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** How many migrations the journal lists. */
function migrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  return (journal.entries as unknown[]).length;
}

type Instance = { app: FastifyInstance; database: Database; limiter: RateLimiter; running: boolean };
let instances: Instance[] = [];
let drop: (() => Promise<void>) | undefined;

/**
 * The load balancer: each request goes to the next instance still running. It stands in for an app in
 * the test helpers, which only call `inject` (hence the cast).
 */
let turn = 0;
function nextInstance(): Instance {
  const running = instances.filter((i) => i.running);
  if (running.length === 0) throw new Error('no instance running');
  turn += 1;
  return running[turn % running.length]!;
}
const balancer = {
  inject: (options: InjectOptions) => nextInstance().app.inject(options),
} as unknown as FastifyInstance;
/** Both instances have one configuration, so one development mailbox: the code is read there. */
const mailedCode = (email: string) => registrationCodeFromMailbox(instances[0]!.app, email);

describe.skipIf(!usePostgres)('two API instances on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    const created = await createTestDatabase({ poolSize: 10 });
    drop = created.drop;
    await seedReferenceData(created.database.db);
    // The configuration of an ordinary test app, with Redis for the rate limits of both instances.
    const template = await createTestApp();
    const config = template.config;
    await template.close();
    const prefix = `cubierto:test:${process.pid}:${Date.now()}:`;
    const second = await openDatabase({ databaseUrl: created.url, poolSize: 10 });
    instances = await Promise.all(
      [created.database, second].map(async (database) => {
        const limiter = createRedisRateLimiter(REDIS_URL, prefix);
        const app = await buildApp({ config, database, overrides: { rateLimiter: limiter } });
        await app.ready();
        return { app, database, limiter, running: true };
      }),
    );
    await seedDemoCatalog(created.database.db, instances[0]!.app.deps.storage);
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) {
      // Closing the app closes its rate limiter's Redis connection too.
      if (instance.running) await instance.app.close();
      if (instance !== instances[0]) await instance.database.close();
    }
    await drop?.();
  });

  it('two instances starting together on an empty database both migrate it, once', async () => {
    const created = await createPostgresDatabase();
    const url = created.url;
    const both = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })));
    try {
      await Promise.all(both.map((database) => database.migrate()));
      const [row] = (
        (await both[0]!.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows;
      expect(row?.n).toBe(migrationCount());
    } finally {
      await Promise.all(both.map((database) => database.close()));
      await created.drop();
    }
  });

  it('a whole purchase works with every request on another instance than the last', async () => {
    const customer = await registerCustomer(balancer, {}, { codeFor: mailedCode });
    const login = await balancer.inject({
      method: 'POST',
      url: '/api/v4/auth/login',
      payload: { email: customer.email, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().access_token}` };
    const insurance = await contractInsurance(balancer, auth, await bagCoverageId(balancer));
    await payThroughSandbox(balancer, auth, insurance.id);
    for (let n = 0; n < 2; n += 1)
      expect((await insuranceOf(balancer, auth, insurance.id)).status).toBe('vigente');
  });

  it('the login rate limit counts the attempts made on both instances', async () => {
    const customer = await registerCustomer(balancer, {}, { codeFor: mailedCode });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const res = await balancer.inject({
        method: 'POST',
        url: '/api/v4/auth/login',
        payload: { email: customer.email, password: 'Contraseña-Equivocada-1' },
      });
      statuses.push(res.statusCode);
    }
    // Five wrong passwords per e-mail (the default), whichever instance heard them; the sixth is refused.
    expect(statuses.slice(0, 5).every((s) => s === 401 || s === 422)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('every outbox job runs exactly once with both workers claiming', async () => {
    const ran: number[] = [];
    const byWorker = [0, 0];
    const kind = `test.count.${Date.now()}`;
    const workers = instances.map((instance, w) =>
      startOutboxWorker({
        db: instance.database.db,
        pollMs: 5,
        batchSize: 7,
        handlers: {
          [kind]: {
            async run(payload) {
              ran.push((payload as { n: number }).n);
              byWorker[w]! += 1;
            },
          },
        },
      }),
    );
    const jobs = 300;
    for (let n = 0; n < jobs; n += 1) await enqueue(instances[n % 2]!.database.db, { kind, payload: { n } });
    const deadline = Date.now() + 60_000;
    while (ran.length < jobs && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(workers.map((w) => w.stop()));

    expect(ran.length).toBe(jobs);
    expect(new Set(ran).size).toBe(jobs);
    expect(byWorker.every((count) => count > 0)).toBe(true);
    const [left] = (
      (await instances[0]!.database.db.execute(
        sql`select count(*)::int as n from outbox where kind = ${kind} and done_at is null`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    expect(left?.n).toBe(0);
  }, 90_000);

  it('stopping one instance in the middle of payments loses nothing', async () => {
    const coverage = await bagCoverageId(balancer);
    const customer = await registerCustomer(balancer, {}, { codeFor: mailedCode });
    const orders: Array<{ id: number; total: number; key: Record<string, string> }> = [];
    for (let n = 0; n < 24; n += 1) {
      const insurance = await contractInsurance(balancer, customer.auth, coverage);
      orders.push({ id: insurance.id, total: insurance.premium.total_cents, key: idempotencyKey() });
    }
    const need = orders.reduce((sum, o) => sum + o.total, 0);
    const topUp = await balancer.inject({
      method: 'POST',
      url: '/api/v4/customers/money-wallet/top-ups',
      headers: { ...customer.auth, ...idempotencyKey() },
      payload: { amount_cents: need, method: 'sandbox' },
    });
    await balancer.inject({
      method: 'POST',
      url: `${new URL(topUp.json().data.checkout_url).pathname}/approve`,
    });

    const pay = (order: (typeof orders)[number]) => (instance: Instance) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/v4/customers/payments',
        headers: { ...customer.auth, ...order.key },
        payload: { insurance_id: order.id, method: 'money_wallet' },
      });
    let retried = 0;
    const served = [0, 0];
    const stopping = instances[1]!;
    const results = await Promise.all(
      orders.map(async (order, n) => {
        await new Promise((r) => setTimeout(r, n * 15));
        const attempt = pay(order);
        const instance = nextInstance();
        served[instances.indexOf(instance)]! += 1;
        if (instance === stopping && served[1] === 4) {
          // The fourth request it takes is its last: it is taken out of the balancer and shut down.
          stopping.running = false;
          void stopping.app.close();
        }
        let res: LightMyRequestResponse | undefined;
        try {
          res = await attempt(instance);
        } catch {
          res = undefined;
        }
        if (!res || res.statusCode >= 500) {
          // The balancer saw the instance go: the same request, same key, on the one left.
          retried += 1;
          res = await attempt(instances[0]!);
        }
        return res.statusCode;
      }),
    );
    expect(results.every((status) => status === 201 || status === 200)).toBe(true);
    // Both served part of the load; what was in flight on the one stopping finished there (a graceful
    // stop), anything refused was retried on the other; the SIGKILL test covers a process that dies.
    expect(served.every((count) => count > 0)).toBe(true);
    expect(served[0]).toBeGreaterThan(served[1]!);
    expect(retried).toBeGreaterThanOrEqual(0);

    const db = instances[0]!.database.db;
    const ids = sql.join(
      orders.map((o) => sql`${o.id}`),
      sql`, `,
    );
    const [check] = (
      (await db.execute(sql`
        select
          (select count(*) from insurances where id in (${ids}) and paid_at is not null)::int as paid,
          (select count(*) from payments where insurance_id in (${ids}) and status = 'approved')::int as payments,
          (select balance_cents from wallets w where w.kind = 'money'
            and w.user_id = (select user_id from insurances where id = ${orders[0]!.id})) as balance
      `)) as unknown as { rows: Array<{ paid: number; payments: number; balance: string | number }> }
    ).rows;
    expect({ ...check, balance: Number(check?.balance) }).toEqual({
      paid: orders.length,
      payments: orders.length,
      balance: 0,
    });
  }, 120_000);
});
