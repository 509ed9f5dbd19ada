/**
 * Prometheus metrics: after real requests, the exposition text read from the metrics server (its own
 * port) shows request durations per route, rate-limit rejections, cache hits and misses, the outbox
 * queue, the last hour's payments by provider and status, the database pool (PostgreSQL) and the
 * process figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalog } from '../src/db/seed.ts';
import { startMetricsServer } from '../src/lib/metrics.ts';
import { enqueue } from '../src/lib/outbox.ts';
import { createTestApp, GOOD_PASSWORD, registerCustomer, type TestApp, usePostgres } from './harness.ts';
import { bagCoverageId, contractInsurance, startPayment } from './purchase.ts';

let t: TestApp;
let server: Awaited<ReturnType<typeof startMetricsServer>>;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_MAX_PER_EMAIL: '1' } });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  server = await startMetricsServer(t.app.metrics, { host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample line (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics', () => {
  it('count requests per route pattern and status, unknown paths under one label', async () => {
    const before = await scrape();
    const series =
      'cubierto_http_request_duration_seconds_count{method="GET",route="/api/v4/common/contexts",status_code="200"}';
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/v4/common/contexts' });
    await t.app.inject({ method: 'GET', url: '/api/v4/no-existe-1' });
    await t.app.inject({ method: 'GET', url: '/api/v4/no-existe-2' });
    const text = await scrape();
    expect((sample(text, series) ?? 0) - (sample(before, series) ?? 0)).toBe(3);
    expect(
      sample(
        text,
        'cubierto_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(2);
    expect(text).toContain(
      'cubierto_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v4/common/contexts",status_code="200"}',
    );
  });

  it('count rate-limit rejections by route', async () => {
    const customer = await registerCustomer(t.app);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v4/auth/login',
        payload: { email: customer.email, password },
      });
    await login('Equivocada-1');
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(429);
    expect(sample(await scrape(), 'cubierto_rate_limit_rejections_total{route="/api/v4/auth/login"}')).toBe(
      1,
    );
  });

  it('count the hits and misses of the in-memory caches', async () => {
    const customer = await registerCustomer(t.app);
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v4/customers/user',
        headers: customer.auth,
      });
      expect(res.statusCode).toBe(200);
    }
    const text = await scrape();
    const grew = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    expect(grew('cubierto_cache_requests_total{cache="profiles",result="miss"}')).toBe(1);
    expect(grew('cubierto_cache_requests_total{cache="profiles",result="hit"}')).toBe(2);
    expect(grew('cubierto_cache_requests_total{cache="sessions",result="hit"}')).toBeGreaterThanOrEqual(2);
  });

  it('show the outbox queue: due jobs and how long the oldest has waited', async () => {
    await enqueue(t.database.db, {
      kind: 'metrics.test-job',
      runAt: new Date(Date.now() - 90_000),
      key: 'metrics-test-job',
    });
    const text = await scrape();
    expect(sample(text, 'cubierto_outbox_due_jobs')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cubierto_outbox_oldest_due_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'cubierto_outbox_failed_jobs')).toBe(0);
  });

  it("show the last hour's payments by provider and status", async () => {
    const customer = await registerCustomer(t.app);
    const coverage = await bagCoverageId(t.app);
    const insurance = await contractInsurance(t.app, customer.auth, coverage);
    await startPayment(t.app, customer.auth, insurance.id, 'sandbox');
    expect(sample(await scrape(), 'cubierto_payments_last_hour{provider="sandbox",status="pending"}')).toBe(
      1,
    );
  });

  it('show the database pool on PostgreSQL, and the process figures', async () => {
    const text = await scrape();
    if (usePostgres) {
      expect(sample(text, 'cubierto_db_pool_connections{state="max"}')).toBe(10);
      expect(sample(text, 'cubierto_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('cubierto_db_pool_connections{');
    }
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('are served on their own port only, at /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    const publicPort = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(publicPort.statusCode).toBe(404);
  });
});
