/**
 * Files on an S3-compatible store shared by the API instances (s3rver started here, on both database
 * engines): a file uploaded through one instance is read through another, which has a local disk of
 * its own; the orphaned-files sweep lists and deletes through the shared store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { files } from '../src/db/schema/index.ts';
import { createMemoryRateLimiter } from '../src/lib/rate-limiter.ts';
import { sweepOrphanedFiles } from '../src/lib/storage-sweep.ts';
import { uploadPhoto } from './contracting.ts';
import { anotherHandle, apiDir, createTestApp, registerCustomer, type TestApp } from './harness.ts';
import { type S3Peer, startS3Peer } from './peers/s3-peer.ts';

let peer: S3Peer;
let t: TestApp;
let second: { app: FastifyInstance; database: Database; dir: string };

beforeAll(async () => {
  peer = await startS3Peer();
  t = await createTestApp({ env: peer.env('shared') });
  // Another instance: same database and bucket, its own (empty) uploads folder.
  const dir = mkdtempSync(path.join(tmpdir(), 'cubierto-uploads-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '',
      UPLOADS_DIR: dir,
      DATA_DIR: dir,
      ...peer.env('shared'),
    },
    apiDir,
  );
  const database = await anotherHandle(t);
  const app = await buildApp({ config, database, overrides: { rateLimiter: createMemoryRateLimiter() } });
  await app.ready();
  second = { app, database, dir };
});

afterAll(async () => {
  await second?.app.close();
  if (second && second.database !== t.database) await second.database.close();
  await t?.close();
  await peer?.close();
  if (second) rmSync(second.dir, { recursive: true, force: true });
});

describe('files on a store shared by the instances', () => {
  it('stores through the S3 driver on both instances', () => {
    expect(t.app.deps.storage.kind).toBe('s3');
    expect(second.app.deps.storage.kind).toBe('s3');
  });

  it('serves through one instance the photo uploaded through the other, with its type and nosniff', async () => {
    const customer = await registerCustomer(t.app);
    const id = await uploadPhoto(t.app, customer.auth);
    const url = `/api/v4/customers/uploads/${id}`;
    const first = await t.app.inject({ method: 'GET', url, headers: customer.auth });
    const other = await second.app.inject({ method: 'GET', url, headers: customer.auth });
    expect(first.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-type']).toBe(first.headers['content-type']);
    expect(other.headers['x-content-type-options']).toBe('nosniff');
    expect(other.rawPayload.equals(first.rawPayload)).toBe(true);
    // Another customer still cannot read it, whichever instance they ask.
    const stranger = await registerCustomer(second.app);
    expect((await second.app.inject({ method: 'GET', url, headers: stranger.auth })).statusCode).toBe(404);
  });

  it('sweeps the day-old files no row points at from the shared store, keeping the others', async () => {
    const customer = await registerCustomer(t.app);
    const id = await uploadPhoto(t.app, customer.auth);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    const orphan = 'uploads/huerfano-de-un-pedido-fallido.png';
    await t.app.deps.storage.put(orphan, Buffer.from('sin fila'), 'image/png');
    // Beside the stored files but in no folder the API writes: never swept.
    const other = 'backups/no-es-un-archivo-subido.txt';
    await t.app.deps.storage.put(other, Buffer.from('otra cosa'));

    // Today both are too young to go.
    expect(await sweepOrphanedFiles({ db: second.database.db, storage: second.app.deps.storage })).toBe(0);
    expect(await t.app.deps.storage.get(orphan)).not.toBeNull();

    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    const removed = await sweepOrphanedFiles(
      { db: second.database.db, storage: second.app.deps.storage },
      inTwoDays,
    );
    expect(removed).toBe(1);
    expect(await t.app.deps.storage.get(orphan)).toBeNull();
    expect(await t.app.deps.storage.get(other)).not.toBeNull();
    expect(await t.app.deps.storage.get(row!.storageKey)).not.toBeNull();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v4/customers/uploads/${id}`,
      headers: customer.auth,
    });
    expect(res.statusCode).toBe(200);
  });
});
