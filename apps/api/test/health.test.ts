/**
 * Health probes and the graceful stop: /livez and /readyz answer JSON on the public port and /readyz
 * fails on each dependency that cannot be reached; SIGTERM turns /readyz 503 at once while requests are
 * still served for the grace period; the deadline cuts a stop that hangs; unknown API, probe-like and
 * dotted paths are a JSON 404, never the web app's index.html.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { createRedisRateLimiter } from '../src/lib/rate-limiter.ts';
import { stopGracefully } from '../src/lib/shutdown.ts';
import { freePort } from './free-port.ts';
import { apiDir, createTestApp, type TestApp, until, usePostgres } from './harness.ts';
import { childNodeEnv, migratedDataDir } from './server-process.ts';

const work = mkdtempSync(path.join(tmpdir(), 'cubierto-health-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(work, 'dist'));
  writeFileSync(path.join(work, 'dist', 'index.html'), '<!doctype html><title>Cubierto</title>');
  t = await createTestApp({ env: { WEB_DIST_DIR: path.join(work, 'dist') } });
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the probes', () => {
  it('/livez answers that the process is up, as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 with every check when the instance can serve', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', listen: 'ok', redis: 'skipped', storage: 'ok' },
    });
  });

  it('/readyz is 503 while the file storage cannot be reached', async () => {
    const s3Down = await createTestApp({
      env: {
        STORAGE_URL: 's3://cubierto/files',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'x',
        S3_SECRET_ACCESS_KEY: 'y',
      },
    });
    try {
      const res = await s3Down.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'fail', checks: { storage: 'fail', database: 'ok' } });
    } finally {
      await s3Down.close();
    }
  });

  it('/readyz is 503 while the configured Redis cannot be reached', async () => {
    const url = 'redis://127.0.0.1:9';
    const redisDown = await createTestApp({
      env: { REDIS_URL: url },
      overrides: { rateLimiter: createRedisRateLimiter(url) },
    });
    try {
      const res = await redisDown.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'fail', checks: { redis: 'fail', storage: 'ok' } });
    } finally {
      await redisDown.close();
    }
  });

  it('/readyz is 503 on a database whose migrations were not applied', async () => {
    const database = await openDatabase(usePostgres && t.databaseUrl ? { databaseUrl: t.databaseUrl } : {});
    // A fresh PGlite has no migrations; on PostgreSQL, the same database looks unmigrated once its
    // migrations table is out of reach.
    const app = await buildApp({ config: t.config, database });
    try {
      if (usePostgres) {
        await database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to moved_away`);
      }
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ checks: { migrations: 'fail', database: 'ok' } });
    } finally {
      if (usePostgres) {
        await database.db.execute(sql`alter table drizzle.moved_away rename to __drizzle_migrations`);
      }
      await app.close();
      await database.close();
    }
  });

  it.skipIf(!usePostgres)(
    '/readyz is 503 while the LISTEN connection is down, 200 once it is back',
    async () => {
      await until(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200);
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`,
      );
      await until(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 503);
      const down = await t.app.inject({ method: 'GET', url: '/readyz' });
      if (down.statusCode === 503) expect(down.json().checks.listen).toBe('fail');
      await until(
        async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
        5000,
      );
    },
  );

  it('/readyz turns 503 as soon as the instance drains, while everything else is still served', async () => {
    const other = await createTestApp();
    try {
      other.app.lifecycle.startDraining();
      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('draining');
      expect((await other.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await other.app.inject({ method: 'GET', url: '/api/v4/common/contexts' })).statusCode).toBe(
        200,
      );
    } finally {
      await other.close();
    }
  });
});

describe('paths nothing serves', () => {
  it.each(['/healthz', '/metrics', '/api/v4/nope', '/api/otra', '/foo.php', '/wp-login.php', '/.env'])(
    '%s is a JSON 404, not the web app',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error_code).toBe('not_found');
    },
  );

  it('a client-side route of the web app still gets its index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/customers/insurances/5' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Cubierto</title>');
  });
});

describe('the stop deadline', () => {
  it('ends the process with code 1 when a step of the stop hangs past the deadline', async () => {
    const other = await createTestApp();
    const codes: number[] = [];
    const stopped = stopGracefully({
      app: other.app,
      signal: 'SIGTERM',
      graceMs: 50,
      timeoutMs: 400,
      afterClose: [() => new Promise<void>(() => {})],
      exit: (code) => codes.push(code),
    });
    await until(() => codes.length > 0, 3000);
    expect(codes).toEqual([1]);
    void stopped;
    await other.close();
  });
});

describe.skipIf(usePostgres)('SIGTERM on the real server', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('answers 503 on /readyz at once, keeps serving for the grace period, then ends cleanly', async () => {
    const port = await freePort();
    const dir = path.join(work, 'server');
    // Migrating is not what this test is about: the server starts on a migrated database (the run's copy).
    await migratedDataDir(dir);
    child = spawn(process.execPath, ['src/server.ts'], {
      cwd: apiDir,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL')),
        ...childNodeEnv(),
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST_DIR: '',
        DATA_DIR: dir,
        UPLOADS_DIR: path.join(dir, 'uploads'),
        SEED_DEMO: 'false',
        OUTBOX_WORKER: 'true',
        SHUTDOWN_GRACE_MS: '4000',
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    const status = (url: string) =>
      fetch(`${base}${url}`).then(
        (res) => res.status,
        () => 0,
      );
    await until(async () => (await status('/readyz')) === 200, 60_000);

    const signalled = Date.now();
    child.kill('SIGTERM');
    // Within the grace period (no timing asserted: a busy machine delivers the signal late), the probe
    // already says 'draining' while the instance still serves.
    await until(async () => (await status('/readyz')) === 503, 3000);
    expect(await status('/livez')).toBe(200);
    expect(await status('/api/v4/common/contexts')).toBe(200);

    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(4000);
  }, 90_000);
});
