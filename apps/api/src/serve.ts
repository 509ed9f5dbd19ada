/**
 * What the process runs once its configuration is read (server.ts): open the database, migrate, seed,
 * start the workers, listen. On the embedded default one port serves the API, the built web app and the
 * API reference at /docs.
 */
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_CUSTOMER, seedDemoCatalog, seedDemoData, seedReferenceData } from './db/seed.ts';
import { flushTraces } from './instrument.ts';
import { startMetricsServer } from './lib/metrics.ts';
import { ensureOpsToken } from './lib/ops-token.ts';
import { startOutboxWorkers } from './lib/outbox.ts';
import { outboxJobs } from './lib/outbox-prune.ts';
import { stopGracefully } from './lib/shutdown.ts';
import { storageJobs } from './lib/storage-sweep.ts';
import { claimJobs } from './modules/claims/jobs.ts';
import { insuranceJobs } from './modules/insurances/lifecycle.ts';
import { invoiceJobs } from './modules/invoices/arca-job.ts';
import { notificationJobs } from './modules/notifications/jobs.ts';
import { paymentJobs } from './modules/payments/refunds.ts';
import { referralJobs } from './modules/referrals/service.ts';

export async function serve(config: Config): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => console.error('database connection lost (the pool reconnects):', error.message),
  });
  await database.migrate();
  await seedReferenceData(database.db);
  const app = await buildApp({ config, database, opsToken: ensureOpsToken(config) });
  if (config.seedDemo) {
    await seedDemoData(database.db);
    await seedDemoCatalog(database.db, app.deps.storage);
  }
  const worker = config.outboxWorker
    ? startOutboxWorkers({
        // Its own connections on PostgreSQL (Database.workerDb): jobs do not wait behind requests.
        db: database.workerDb,
        handlers: {
          ...insuranceJobs,
          ...referralJobs,
          ...notificationJobs(app.deps.push),
          ...claimJobs(app.deps.storage),
          ...storageJobs(app.deps.storage),
          ...outboxJobs,
          ...paymentJobs(app.deps.providers),
        },
        // The ARCA authorisations in a lane of their own: they queue on their sequence's lease.
        lanes: [invoiceJobs(app.deps.arca)],
        log: app.log.child({ name: 'outbox' }),
      })
    : undefined;
  // Prometheus metrics on a port of their own, never the public one.
  const metrics = config.metrics ? await startMetricsServer(app.metrics, config.metrics) : undefined;
  const close = (signal: string) =>
    stopGracefully({
      app,
      signal,
      graceMs: config.shutdown.graceMs,
      timeoutMs: config.shutdown.timeoutMs,
      afterClose: [
        async () => worker?.stop(),
        async () => metrics?.close(),
        () => database.close(),
        () => flushTraces(),
      ],
    });
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  const lines = ['', `  Cubierto is running on ${config.publicUrl} (${where})`];
  if (config.apiDocs) lines.push(`  API reference:  ${config.publicUrl}/docs`);
  if (config.seedDemo) lines.push(`  Demo customer:  ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
  console.log(`${lines.join('\n')}\n`);
}
