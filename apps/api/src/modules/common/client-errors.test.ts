import { Writable } from 'node:stream';
import { CLIENT_ERROR_LIMITS } from '@cubierto/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDir, createTestDatabase } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.ts';
import { CLIENT_ERRORS_PER_MINUTE } from './client-errors.ts';

type LogLine = { level: number; msg: string; reqId?: string; client_error?: Record<string, unknown> };
const lines: LogLine[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
    done();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '', LOG_LEVEL: 'info' }, apiDir);
  app = await buildApp({
    config,
    database: created.database,
    logger: { level: 'info', stream },
    overrides: { rateLimiter: createMemoryRateLimiter() },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
});

const report = {
  kind: 'handled',
  site: 11,
  name: 'ApiError',
  message: 'HTTP 500',
  status: 500,
  error_code: 'internal',
  url: '/home?tab=1',
  release: '2.1.11',
};

function post(payload: unknown, ip: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v4/common/client-errors',
    payload: payload as object,
    remoteAddress: ip,
    headers: { 'user-agent': 'Vitest Browser', ...headers },
  });
}

describe('POST /common/client-errors', () => {
  it('logs the report as one warning with the request id of its request', async () => {
    const res = await post(report, '10.0.0.1');
    expect(res.statusCode).toBe(204);
    const logged = lines.find((line) => line.msg === 'client error reported');
    expect(logged).toMatchObject({
      level: 40,
      client_error: { ...report, user_agent: 'Vitest Browser' },
    });
    const incoming = lines.find((line) => line.msg === 'incoming request' && line.reqId === logged?.reqId);
    expect(logged?.reqId).toBeTruthy();
    expect(incoming).toBeDefined();
  });

  it('refuses what is not a report: unknown fields, wrong kinds, oversized strings', async () => {
    for (const body of [
      { ...report, extra: 1 },
      { ...report, kind: 'other' },
      { ...report, message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) },
      { kind: 'error', url: '/' },
    ]) {
      const res = await post(body, '10.0.0.2');
      expect(res.statusCode).toBe(422);
      expect(res.json().error_code).toBe('validation_failed');
    }
  });

  it('refuses a body over 16 KiB with 413 before reading it', async () => {
    const res = await post({ ...report, stack: 'y'.repeat(CLIENT_ERROR_LIMITS.body) }, '10.0.0.3');
    expect(res.statusCode).toBe(413);
    expect(res.json().error_code).toBe('payload_too_large');
  });

  it('takes a limited number of reports per address and minute', async () => {
    for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i += 1) {
      expect((await post(report, '10.0.0.4')).statusCode).toBe(204);
    }
    const refused = await post(report, '10.0.0.4');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await post(report, '10.0.0.5')).statusCode).toBe(204);
  });
});
