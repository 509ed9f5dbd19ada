/**
 * One server under test, run as a child process of bench/api.ts so that the load generator and the
 * server do not share a JavaScript thread. Chosen by BENCH_TARGET:
 *   app    the real API (buildApp) on the prepared database
 *   hello  a bare Fastify hello-world (the HTTP stack alone)
 *   floor  a bare Fastify route doing one indexed select (users by primary key), same database and driver,
 *          its plan kept like the app's hottest queries (named statement on PostgreSQL, kept on PGlite);
 *          and the writes' floor, POST /floor-write: one insert in a transaction (a table of its own)
 * The app clears its read caches (lib/read-cache.ts) before any request that carries `x-bench-uncached`,
 * so bench:api measures first reads and cache hits of one server, on one database.
 * BENCH_OUTBOX_WORKER=1 runs the outbox worker beside the app, as the server does.
 * Listens on 127.0.0.1 on a random port and sends `{ port }` to the parent over IPC; exits on SIGTERM
 * or when the parent goes away.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { type Database, keptPlansOf, openDatabase } from '../apps/api/src/db/client.ts';
import { users } from '../apps/api/src/db/schema/index.ts';
import { type OutboxWorker, startOutboxWorkers } from '../apps/api/src/lib/outbox.ts';
import { storageJobs } from '../apps/api/src/lib/storage-sweep.ts';
import { claimJobs } from '../apps/api/src/modules/claims/jobs.ts';
import { insuranceJobs } from '../apps/api/src/modules/insurances/lifecycle.ts';
import { invoiceJobs } from '../apps/api/src/modules/invoices/arca-job.ts';
import { notificationJobs } from '../apps/api/src/modules/notifications/jobs.ts';
import { paymentJobs } from '../apps/api/src/modules/payments/refunds.ts';
import { referralJobs } from '../apps/api/src/modules/referrals/service.ts';
import { productionEnv } from '../apps/api/test/production-env.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api');

type Target = 'app' | 'hello' | 'floor';

function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

async function main() {
  const target = env('BENCH_TARGET') as Target | undefined;
  if (target !== 'app' && target !== 'hello' && target !== 'floor') {
    throw new Error('BENCH_TARGET must be app, hello or floor');
  }
  const databaseUrl = env('BENCH_DATABASE_URL');
  const dataDir = env('BENCH_DATA_DIR');
  const tmpDir = env('BENCH_TMP_DIR') ?? os.tmpdir();
  let database: Database | undefined;
  let app: FastifyInstance;
  let worker: OutboxWorker | undefined;

  if (target === 'hello') {
    app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
  } else {
    if (!databaseUrl && !dataDir) throw new Error('BENCH_DATABASE_URL or BENCH_DATA_DIR is required');
    // Same pool size as the server's default (openDatabase: 10) for both the app and the floor.
    database = await openDatabase({ databaseUrl, dataDir });
    if (target === 'floor') {
      // The best one query can do through the same data layer: built once, named (so PostgreSQL keeps
      // its plan per connection), one primary-key lookup.
      const findUser = database.db
        .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .limit(1)
        .prepare('bench_floor_user');
      // On PGlite the floor keeps its plan like the app's hottest queries do (db/pglite-plans.ts).
      keptPlansOf(database.db)?.keep(findUser.getQuery().sql);
      // The writes' floor: one row inserted in a transaction, the least any write can cost.
      await database.db.execute(
        sql`create table if not exists bench_floor_writes (id bigserial primary key, user_id integer not null,
            body jsonb not null, created_at timestamptz not null default now())`,
      );
      app = Fastify({ logger: false });
      app.post<{ Body: { user_id?: number } }>('/floor-write', async (request) => {
        const userId = Number(request.body?.user_id ?? 0);
        const id = await database!.db.transaction(async (tx) => {
          const result = await tx.execute<{ id: string }>(
            sql`insert into bench_floor_writes (user_id, body) values (${userId}, ${JSON.stringify(request.body ?? {})}::jsonb) returning id`,
          );
          const rows = Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows;
          return Number(rows[0]?.id);
        });
        return { data: { id } };
      });
      app.get<{ Params: { id: string } }>('/floor/:id', async (request, reply) => {
        const [row] = await findUser.execute({ id: Number(request.params.id) });
        if (!row) return reply.code(404).send({ message: 'not found' });
        return { data: { id: row.id, name: row.name, email: row.email, created_at: row.createdAt } };
      });
    } else {
      // BENCH_APP_MODE=browser (bench:api): the configuration the recorded browser met (the embedded default's,
      // with the sandbox checkout the journey pays with, which production refuses), sign-in limits raised.
      const browserMode = env('BENCH_APP_MODE') === 'browser';
      const config = loadConfig(
        {
          ...(browserMode
            ? {
                NODE_ENV: 'development',
                PAYMENTS_SANDBOX: 'true',
                SEED_DEMO: 'false',
                LOGIN_MAX_PER_IP: '100000',
                LOGIN_MAX_PER_EMAIL: '100000',
              }
            : productionEnv()),
          LOG_LEVEL: 'silent',
          HOST: '127.0.0.1',
          PORT: '0',
          WEB_DIST_DIR: '',
          DATA_DIR: tmpDir,
          UPLOADS_DIR: path.join(tmpDir, 'uploads'),
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        apiDir,
      );
      app = await buildApp({ config, database });
      // First reads on demand: the route read caches are emptied before the request is handled.
      const caches = [app.deps.profiles, app.deps.insuranceLists, app.deps.catalog];
      // A callback hook, so that the bench adds no promise of its own to every request it measures.
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.headers['x-bench-uncached']) for (const cache of caches) cache.evict('all');
        done();
      });
      // BENCH_OUTBOX_WORKER=1 (bench:wallet): the outbox worker the server runs (src/server.ts), with the
      // same handlers, so the jobs a request enqueues are done during the run, as in production.
      if (env('BENCH_OUTBOX_WORKER') === '1') {
        worker = startOutboxWorkers({
          db: database.workerDb,
          handlers: {
            ...insuranceJobs,
            ...referralJobs,
            ...notificationJobs(app.deps.push),
            ...claimJobs(app.deps.storage),
            ...storageJobs(app.deps.storage),
            ...paymentJobs(app.deps.providers),
          },
          // The ARCA authorisations in a lane of their own: they queue on their sequence's lease.
          lanes: [invoiceJobs(app.deps.arca)],
        });
      }
    }
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await worker?.stop();
    await database?.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close());
  process.once('disconnect', () => void close());
  process.send?.({ port: address.port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
