/**
 * Traces: one HTTP request to pay an insurance is one trace, from the HTTP server span through Fastify's
 * route, the manual payment-service span, down to the PostgreSQL queries of the payment's transaction.
 * The in-memory exporter receives the spans. On PGlite (the default run) the queries are not node-postgres
 * and get no spans; the rest of the trace is the same. CUBIERTO_TEST_DB=postgres checks the queries too.
 */
import { createRequire } from 'node:module';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '../src/lib/telemetry.ts';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
// Started before the app is built. In production src/instrument.ts runs before anything is imported; here
// the test worker may have loaded pg and http already, and requiring them again lets the instrumentations
// patch them in place (their prototypes are shared with every importer).
tracing = startTracing({ exporter, immediate: true, serviceName: 'cubierto-test' });
createRequire(import.meta.url)('node:http');
createRequire(import.meta.url)('pg');

const { createTestApp, registerCustomer, usePostgres } = await import('./harness.ts');
const { seedDemoCatalog } = await import('../src/db/seed.ts');
const { bagCoverageId, contractInsurance } = await import('./purchase.ts');

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await t?.close();
  await tracing.shutdown();
});

function ancestors(span: ReadableSpan, byId: Map<string, ReadableSpan>): ReadableSpan[] {
  const chain: ReadableSpan[] = [];
  let parent = span.parentSpanContext?.spanId;
  while (parent) {
    const next = byId.get(parent);
    if (!next) break;
    chain.push(next);
    parent = next.parentSpanContext?.spanId;
  }
  return chain;
}

describe('traces', () => {
  it('follow a payment from the HTTP request through the payment service to the database', async () => {
    const customer = await registerCustomer(t.app);
    const insurance = await contractInsurance(t.app, customer.auth, await bagCoverageId(t.app));
    exporter.reset();

    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const res = await fetch(`http://127.0.0.1:${address.port}/api/v4/customers/payments`, {
      method: 'POST',
      headers: {
        ...customer.auth,
        'content-type': 'application/json',
        'idempotency-key': `trace-${insurance.id}-${Date.now()}`,
      },
      body: JSON.stringify({ insurance_id: insurance.id, method: 'sandbox' }),
    });
    expect(res.status).toBe(201);

    const spans = exporter.getFinishedSpans();
    const server = spans.find(
      (s) => s.kind === SpanKind.SERVER && s.attributes['http.route'] === '/api/v4/customers/payments',
    );
    const fallback = spans.filter((s) => s.kind === SpanKind.SERVER).map((s) => s.name);
    expect(server, `server spans: ${fallback.join(', ')}`).toBeDefined();
    const traceId = server!.spanContext().traceId;
    const trace = spans.filter((s) => s.spanContext().traceId === traceId);
    const byId = new Map(trace.map((s) => [s.spanContext().spanId, s]));

    // Fastify's handler span sits under the HTTP server span; the manual span under the handler.
    const payment = trace.find((s) => s.name === 'payments.payInsurance');
    expect(payment).toBeDefined();
    expect(payment!.attributes['cubierto.insurance_id']).toBe(insurance.id);
    const chain = ancestors(payment!, byId);
    expect(chain.some((s) => s.name.startsWith('handler'))).toBe(true);
    expect(chain.at(-1)).toBe(server);

    const queries = trace.filter(
      (s) => s.attributes['db.system.name'] === 'postgresql' || s.attributes['db.system'] === 'postgresql',
    );
    if (usePostgres) {
      // The payment's transaction: the locked insurance row, the payment inserted, the commit.
      const underPayment = queries.filter((q) => ancestors(q, byId).includes(payment!));
      const statements = underPayment.map((q) =>
        String(q.attributes['db.query.text'] ?? q.attributes['db.statement'] ?? q.name),
      );
      expect(
        statements.some((q) => /for update/i.test(q)),
        statements.join('\n'),
      ).toBe(true);
      expect(
        statements.some((q) => /insert into "payments"/i.test(q)),
        statements.join('\n'),
      ).toBe(true);
      expect(queries.every((q) => ancestors(q, byId).at(-1) === server)).toBe(true);
    } else {
      // PGlite runs in this process without node-postgres: nothing to instrument.
      expect(queries).toEqual([]);
    }
  });

  it('carry no credential from the URL (a reset link’s token, an OAuth code and state)', async () => {
    exporter.reset();
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    await fetch(
      `http://127.0.0.1:${address.port}/api/v4/common/contexts?token=SECRET-1&code=SECRET-2&state=SECRET-3`,
    );
    const spans = exporter.getFinishedSpans();
    expect(spans.some((s) => s.attributes['http.route'] === '/api/v4/common/contexts')).toBe(true);
    const attributes = JSON.stringify(spans.map((s) => s.attributes));
    expect(attributes).toContain('token=');
    expect(attributes).not.toContain('SECRET');
  });
});
