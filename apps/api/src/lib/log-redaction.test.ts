/**
 * No secret in the logs (issue "Safe in production"): the real app's pino output, captured through the
 * logger's stream option, never holds a token from a URL's query or a credential header.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDir, createTestDatabase } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedReferenceData } from '../db/seed.ts';
import { REDACTED, redactText, redactUrl } from './log-redaction.ts';
import { createMemoryRateLimiter } from './rate-limiter.ts';

let app: FastifyInstance;
let drop: () => Promise<void>;
let logged = '';

beforeAll(async () => {
  const created = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cubierto-logs-'));
  drop = async () => {
    await created.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await seedReferenceData(created.database.db);
  const config = loadConfig(
    { NODE_ENV: 'test', WEB_DIST_DIR: '', LOG_LEVEL: 'info', DATA_DIR: dataDir, UPLOADS_DIR: dataDir },
    apiDir,
  );
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  app = await buildApp({
    config,
    database: created.database,
    overrides: { rateLimiter: createMemoryRateLimiter() },
    logger: { level: 'info', stream },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
});

describe('request logs', () => {
  it('never hold a token from the query string or a credential header', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/v4/common/contexts?token=SECRET-1&access_token=SECRET-2&code=SECRET-3&state=SECRET-4&page=1',
      headers: {
        authorization: 'Bearer SECRET-5',
        cookie: 'session=SECRET-6',
        'idempotency-key': 'SECRET-7',
      },
    });
    await app.inject({ method: 'GET', url: '/reset-password?token=SECRET-8' });
    await app.inject({ method: 'GET', url: '/api/v4/customers/users/me?refresh_token=SECRET-9' });
    // A page address or an error text reported by the browser.
    const reported = await app.inject({
      method: 'POST',
      url: '/api/v4/common/client-errors',
      payload: {
        kind: 'error',
        message: 'Failed to fetch /api/v4/auth/reset-password?token=SECRET-12',
        stack: 'at https://app.cubierto.example/business-invitation?token=SECRET-13&x=1:10:5',
        url: '/reset-password?token=SECRET-14',
      },
    });
    expect(reported.statusCode).toBe(204);
    // Anything that logs a request's headers gets the credentials censored.
    app.log.info(
      { req: { headers: { authorization: 'Bearer SECRET-10' } }, headers: { 'x-ops-token': 'SECRET-11' } },
      'headers',
    );

    expect(logged).toContain('/api/v4/common/contexts?token=[REDACTED]&access_token=[REDACTED]');
    expect(logged).toContain('page=1');
    expect(logged).toContain('/reset-password?token=[REDACTED]');
    expect(logged).toContain('client error reported');
    expect(logged).toContain('business-invitation?token=[REDACTED]&x=1');
    expect(logged).not.toContain('SECRET');
  });
});

describe('redactText', () => {
  it('redacts token-like parameters of the URLs inside a text', () => {
    expect(redactText('GET https://a.example/cb?code=abc&state=def&lang=es failed')).toBe(
      `GET https://a.example/cb?code=${REDACTED}&state=${REDACTED}&lang=es failed`,
    );
    expect(redactText('nothing to hide here: a=b')).toBe('nothing to hide here: a=b');
  });
});

describe('redactUrl', () => {
  it('replaces only the values of token-like parameters, whatever their case or escaping', () => {
    expect(redactUrl('/x?Token=a&page=2&id_token=b&sig=c&filter[name][like]=d')).toBe(
      `/x?Token=${REDACTED}&page=2&id_token=${REDACTED}&sig=${REDACTED}&filter[name][like]=d`,
    );
    expect(redactUrl('/x?%74oken=a&reset_token=b&code')).toBe(
      `/x?%74oken=${REDACTED}&reset_token=${REDACTED}&code`,
    );
    expect(redactUrl('/api/v4/common/contexts')).toBe('/api/v4/common/contexts');
  });
});
