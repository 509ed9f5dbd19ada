/**
 * The start script's tracing (`node --import ./src/instrument.ts src/server.ts`): the real server process,
 * with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP/HTTP receiver (the protocol's JSON encoding, as
 * @opentelemetry/exporter-trace-otlp-http sends it), exports one trace per request: the HTTP server span,
 * Fastify's spans and, on PostgreSQL, the query's span. A SIGTERM flushes what is left and exits 0.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { apiDir, createPostgresDatabase, until, usePostgres } from './harness.ts';
import { childNodeEnv, migratedDataDir } from './server-process.ts';

type ExportedSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; scope: string };

const received: ExportedSpan[] = [];
let receiver: Server;
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;
let dropDatabase: (() => Promise<void>) | undefined;
let output = '';

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        type Payload = {
          resourceSpans: Array<{
            scopeSpans: Array<{ scope: { name: string }; spans: Omit<ExportedSpan, 'scope'>[] }>;
          }>;
        };
        const payload = JSON.parse(body) as Payload;
        for (const resource of payload.resourceSpans)
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans) received.push({ ...span, scope: scope.scope.name });
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const otlp = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  dataDir = mkdtempSync(path.join(tmpdir(), 'cubierto-instrument-'));
  let databaseUrl: string | undefined;
  if (usePostgres) {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else {
    // Migrating is not what this test is about: the server starts on a migrated database (the run's copy).
    await migratedDataDir(dataDir);
  }
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', './src/instrument.ts', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      ...childNodeEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(dataDir, 'uploads'),
      WEB_DIST_DIR: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      OUTBOX_WORKER: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      SHUTDOWN_GRACE_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await until(async () => {
    if (server.exitCode !== null) throw new Error(`the server exited: ${output}`);
    return fetch(`${baseUrl}/api/v4/common/contexts`).then(
      (res) => res.ok,
      () => false,
    );
  }, 90_000);
});

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await new Promise((resolve) => receiver?.close(resolve));
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the start script with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('exports the trace of a request over OTLP/HTTP and flushes on SIGTERM', async () => {
    const res = await fetch(`${baseUrl}/api/v4/common/provinces`);
    expect(res.status).toBe(200);
    let http: ExportedSpan | undefined;
    await until(() => {
      http = received.find(
        (span) =>
          span.scope === '@opentelemetry/instrumentation-http' &&
          span.name === 'GET /api/v4/common/provinces',
      );
      return http !== undefined;
    }, 10_000);
    const trace = received.filter((span) => span.traceId === http!.traceId);
    // Fastify's request span under the HTTP span, its handler under it.
    expect(trace.some((span) => span.scope === '@fastify/otel' && span.parentSpanId === http!.spanId)).toBe(
      true,
    );
    expect(trace.some((span) => span.scope === '@fastify/otel' && span.name.startsWith('handler'))).toBe(
      true,
    );
    const queries = trace.filter((span) => span.scope === '@opentelemetry/instrumentation-pg');
    // node-postgres is instrumented; PGlite (the default run) has no driver to instrument.
    if (usePostgres) expect(queries.length).toBeGreaterThan(0);
    else expect(queries).toEqual([]);

    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
