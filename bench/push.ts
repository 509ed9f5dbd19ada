/**
 * Notifications-issue figure: the time from an event to its Web Push arriving, with 1,000 subscribers.
 *   npm run bench:push        (BENCH_SUBSCRIBERS=1000; BENCH_PG_URL=postgres://… runs it on a fresh
 *                              PostgreSQL database instead of the embedded one; BENCH_BATCH=10)
 *
 * 1,000 customers, each with one browser subscribed (a Web Push subscription with its own P-256 keys and
 * auth secret), are told about one event: one transaction calls notify() for each of them, as a change
 * that concerns them all would. The clock starts when that transaction commits. The outbox worker runs as
 * the server runs it (same handlers, poll every second, batches of 10): it stores each notification,
 * fans out a push job per subscription, encrypts each message (aes128gcm) and signs it (VAPID). The push
 * service is a local HTTP peer that checks the VAPID signature and decrypts every message, as a browser
 * would, and stamps its arrival. Reported: median, p99 and last arrival after the commit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { pushSubscriptions, users } from '../apps/api/src/db/schema/index.ts';
import { seedReferenceData } from '../apps/api/src/db/seed.ts';
import { startOutboxWorker } from '../apps/api/src/lib/outbox.ts';
import { notificationJobs } from '../apps/api/src/modules/notifications/jobs.ts';
import { notify } from '../apps/api/src/modules/notifications/notify.ts';
import { createWebPushSender, resolveVapidKeys } from '../apps/api/src/modules/notifications/push.ts';
import { startPushPeer } from '../apps/api/test/peers/push-peer.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(benchDir, '../apps/api');
const resultsDir = path.join(benchDir, 'results');
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const PG_URL = process.env.BENCH_PG_URL;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)]!;

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'cubierto-bench-push-'));
  const peer = await startPushPeer();
  // On PostgreSQL, a database of its own, dropped at the end.
  const dbName = `cubierto_bench_push_${process.pid}`;
  const admin = PG_URL ? new pg.Client({ connectionString: PG_URL }) : undefined;
  let databaseUrl: string | undefined;
  if (admin && PG_URL) {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tmp, UPLOADS_DIR: path.join(tmp, 'uploads') },
      apiDir,
    );
    const sender = createWebPushSender(resolveVapidKeys(config));

    // The subscribers: a customer each, with one browser subscribed.
    const stamp = Date.now();
    const created = await database.db
      .insert(users)
      .values(
        Array.from({ length: SUBSCRIBERS }, (_, i) => ({
          name: `Suscriptor ${i + 1}`,
          email: `push.${stamp}.${i}@example.com`,
        })),
      )
      .returning({ id: users.id });
    for (let i = 0; i < created.length; i += 500) {
      await database.db.insert(pushSubscriptions).values(
        created.slice(i, i + 500).map(({ id }) => {
          const s = peer.subscribe();
          return { userId: id, kind: 'web' as const, endpoint: s.endpoint, ...s.keys };
        }),
      );
    }

    const worker = startOutboxWorker({
      db: database.db,
      handlers: notificationJobs(sender),
      ...(process.env.BENCH_BATCH ? { batchSize: Number(process.env.BENCH_BATCH) } : {}),
    });
    // Let the worker's first (empty) pass and its recurring-job set-up happen before the clock starts.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    await database.db.transaction(async (tx) => {
      for (const { id } of created) {
        await notify(tx, {
          userId: id,
          title: 'Novedades de tu cobertura',
          body: 'Actualizamos las condiciones de tu póliza. Tocá para ver el detalle.',
          action: { type: 'Message' },
          key: `bench:${stamp}:${id}`,
        });
      }
    });
    const committed = performance.now();

    const arrived = await peer.waitFor(SUBSCRIBERS, 300_000);
    await worker.stop();
    if (peer.errors.length > 0) throw new Error(`push peer rejected messages: ${peer.errors[0]}`);
    const times = arrived.map((d) => d.receivedAt - committed).sort((a, b) => a - b);
    const result = {
      date: new Date().toISOString().slice(0, 10),
      database: database.kind,
      subscribers: SUBSCRIBERS,
      delivered: arrived.length,
      median_ms: Math.round(percentile(times, 50)),
      p99_ms: Math.round(percentile(times, 99)),
      first_ms: Math.round(times[0]!),
      last_ms: Math.round(times.at(-1)!),
      batch: Number(process.env.BENCH_BATCH ?? 10),
      load_avg: os.loadavg()[0]!.toFixed(1),
    };
    console.log(result);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'push.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await database.close();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    await peer.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
