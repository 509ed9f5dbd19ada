/**
 * Probes for the orchestrator and the load balancer, on the public port, outside /api/v4, JSON only:
 *  - GET /livez: the process answers (restart it when this fails);
 *  - GET /readyz: the instance can serve (send it traffic while this answers 200): the database answers,
 *    its migrations are applied, the LISTEN connections that keep the in-memory caches honest are up,
 *    Redis answers when it is configured, the file storage answers. It turns 503 as soon as the instance
 *    starts draining (SIGTERM, server.ts), while requests are still served, so the balancer stops
 *    sending new ones before the server stops accepting them.
 * Each check has its own deadline, so a hung dependency makes the probe fail rather than hang.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder } from '../db/client.ts';

export const READY_CHECK_TIMEOUT_MS = 2_000;

export type CheckResult = 'ok' | 'fail' | 'skipped';
export type Lifecycle = {
  /** True from the moment the instance starts stopping: /readyz answers 503. */
  readonly draining: boolean;
  startDraining(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** How many migrations this version of the code ships (the journal drizzle-kit writes). */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function withDeadline(check: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  try {
    const passed = await Promise.race([check().then((value) => value !== false), deadline]);
    return passed ? 'ok' : 'fail';
  } catch {
    return 'fail';
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance): void {
  const { deps } = app;
  let draining = false;
  app.decorate<Lifecycle>('lifecycle', {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  });
  const shipped = shippedMigrations();
  /** Migrations never come undone: once found applied, no need to ask again. */
  let migrated = false;

  const checks: Record<string, () => Promise<CheckResult>> = {
    database: () =>
      withDeadline(async () => {
        await deps.db.execute(sql`select 1`);
      }),
    migrations: () =>
      withDeadline(async () => {
        if (migrated) return true;
        const result = (await deps.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: Array<{ n: number }> };
        // A newer instance of a rolling deploy may have applied more than this one ships.
        migrated = (result.rows[0]?.n ?? 0) >= shipped;
        return migrated;
      }),
    listen: async () =>
      deps.sessions.listening && deps.profiles.listening && deps.insuranceLists.listening ? 'ok' : 'fail',
    redis: () =>
      deps.config.redisUrl && deps.rateLimiter.check
        ? withDeadline(() => deps.rateLimiter.check?.() ?? Promise.resolve())
        : Promise.resolve('skipped'),
    storage: () => withDeadline(() => deps.storage.check()),
  };

  const quiet = { logLevel: 'warn' as const, schema: { hide: true } };
  app.get('/livez', quiet, async () => ({ status: 'ok' }));
  app.get('/readyz', quiet, async (_request, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => checks[name]!()));
    const byName = Object.fromEntries(names.map((name, i) => [name, results[i]]));
    const failed = results.includes('fail');
    const status = draining ? 'draining' : failed ? 'fail' : 'ok';
    return reply
      .status(status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status, checks: byName });
  });
}
