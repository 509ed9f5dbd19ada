/**
 * Prometheus metrics of one instance. buildApp makes the registry (`app.metrics`, so tests read it);
 * server.ts serves it on METRICS_PORT, a port of its own that is never published (`startMetricsServer`).
 * Each metric, and the alert an operator sets on it, is in docs/operations.md.
 *
 * Counted here as requests end: request durations per route, rate-limit rejections (every 429). Read at
 * scrape time: the database pool's use, the outbox queue (due jobs, the oldest one's age, given-up
 * jobs), the last hour's payments by provider and status (from the database, so every instance reports
 * the same numbers: aggregate them with max, not sum), and the in-memory caches' hits and misses.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/** Scrape-time queries give up after this; the metric then keeps its last value. */
const QUERY_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('metrics query timed out')), QUERY_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

type Rows<T> = { rows: T[] };

export function registerMetrics(app: FastifyInstance): Registry {
  const { deps } = app;
  const registry = new Registry();
  // Process figures under their usual names: CPU, resident memory, heap, event-loop lag, handles.
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'cubierto_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (its pattern; unmatched for unknown paths) and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const rejections = new Counter({
    name: 'cubierto_rate_limit_rejections_total',
    help: 'Requests refused with 429 by a rate limit, by route',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  // A callback hook: it runs after every request and never waits for anything.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429) rejections.inc({ route });
    done();
  });

  new Gauge({
    name: 'cubierto_db_pool_connections',
    help: 'Database pool connections by state (max: its size; waiting: requests queued for one). PostgreSQL only',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = deps.database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'max' }, stats.max);
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  // One query feeds the three outbox gauges: a scrape collects them in the same tick, so they share the
  // query in flight; the next scrape reads afresh.
  type OutboxFigures = { due: number; oldest: number; failed: number };
  let outboxRead: Promise<OutboxFigures | undefined> | undefined;
  const outboxFigures = () => {
    outboxRead ??= withTimeout(
      deps.db.execute(sql`
        select
          count(*) filter (where failed_at is null and run_at <= now())::int as due,
          coalesce(extract(epoch from now() - min(run_at) filter (where failed_at is null and run_at <= now())), 0)::float8 as oldest,
          count(*) filter (where failed_at is not null)::int as failed
        from outbox where done_at is null`),
    )
      .then(
        (result) => (result as unknown as Rows<OutboxFigures>).rows[0],
        (error: unknown) => {
          app.log.warn({ err: error }, 'metrics: outbox figures not read');
          return undefined;
        },
      )
      .finally(() => {
        outboxRead = undefined;
      });
    return outboxRead;
  };
  const outboxGauge = (name: string, help: string, value: (figures: OutboxFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const figures = await outboxFigures();
        if (figures) this.set(Math.max(0, value(figures)));
      },
    });
  outboxGauge('cubierto_outbox_due_jobs', 'Outbox jobs due now and not yet done (the queue)', (f) => f.due);
  outboxGauge(
    'cubierto_outbox_oldest_due_age_seconds',
    'How long the oldest due outbox job has been waiting (0 when none is due)',
    (f) => f.oldest,
  );
  outboxGauge(
    'cubierto_outbox_failed_jobs',
    'Outbox jobs given up after their attempts (failed_at set), waiting for an operator',
    (f) => f.failed,
  );

  new Gauge({
    name: 'cubierto_payments_last_hour',
    help: 'Payments created in the last hour by provider (method) and status; the same on every instance',
    labelNames: ['provider', 'status'] as const,
    registers: [registry],
    async collect() {
      try {
        const result = (await withTimeout(
          deps.db.execute(sql`
            select method as provider, status, count(*)::int as n
            from payments where created_at > now() - interval '1 hour'
            group by method, status`),
        )) as unknown as Rows<{ provider: string; status: string; n: number }>;
        this.reset();
        for (const row of result.rows) this.set({ provider: row.provider, status: row.status }, row.n);
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: payment figures not read');
      }
    },
  });

  const caches = { sessions: deps.sessions, profiles: deps.profiles, insurance_lists: deps.insuranceLists };
  new Counter({
    name: 'cubierto_cache_requests_total',
    help: 'Reads of the in-memory caches by cache and result (hit: from memory; miss: from the database)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, { stats }] of Object.entries(caches)) {
        this.inc({ cache, result: 'hit' }, stats.hits);
        this.inc({ cache, result: 'miss' }, stats.misses);
      }
    },
  });

  app.decorate('metrics', registry);
  return registry;
}

/** The metrics' own HTTP server: GET /metrics in Prometheus text format, nothing else. */
export async function startMetricsServer(
  registry: Registry,
  where: { host: string; port: number },
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
