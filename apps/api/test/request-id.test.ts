/**
 * Request ids: a well-formed X-Request-Id is kept, anything else replaced by a UUID; the id comes back in
 * the response, is on the request's log lines, and goes with the outbox jobs the request enqueues, whose
 * runs log it.
 */
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { outbox } from '../src/db/schema/index.ts';
import { type JobLog, runDueJobs } from '../src/lib/outbox.ts';
import { createMemoryRateLimiter } from '../src/lib/rate-limiter.ts';
import { notificationJobs } from '../src/modules/notifications/jobs.ts';
import { NOTIFY_JOB } from '../src/modules/notifications/notify.ts';
import { createTestApp, registerCustomer, type TestApp } from './harness.ts';
import { createBusiness } from './imports.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
/** The same database served by an app that logs (JSON lines, as in production) into `lines`. */
let logged: FastifyInstance;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  logged = await buildApp({
    config: t.config,
    database: t.database,
    logger: { level: 'info', stream },
    overrides: { rateLimiter: createMemoryRateLimiter(), mailer: { send: async () => undefined } },
  });
  await logged.ready();
});
afterAll(async () => {
  await logged?.close();
  await t?.close();
});

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id and sends it back', async () => {
    for (const id of ['9f1c2d3e-aaaa-4bbb-8ccc-0123456789ab', 'lb.7Hq2:req-42', 'a']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v4/common/contexts',
        headers: { 'x-request-id': id },
      });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('replaces a missing or malformed X-Request-Id with a new UUID', async () => {
    const ids: string[] = [];
    for (const given of [
      undefined,
      'con espacios',
      'x'.repeat(129),
      '<script>',
      'ñandú',
      '-empieza-con-guion',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v4/common/contexts',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(UUID);
      ids.push(String(id));
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers with the id even when the request fails', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v4/customers/user',
      headers: { 'x-request-id': 'sin-sesion-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('sin-sesion-1');
  });

  it('is on the log lines of the request', async () => {
    await logged.inject({
      method: 'GET',
      url: '/api/v4/common/contexts',
      headers: { 'x-request-id': 'log-me-7' },
    });
    const mine = lines.filter((line) => line.reqId === 'log-me-7');
    expect(mine.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
  });

  it('goes with the outbox jobs the request enqueues, and the worker logs it', async () => {
    const owner = await registerCustomer(t.app);
    const member = await registerCustomer(t.app);
    const business = await createBusiness(t.app, owner.auth);
    const res = await logged.inject({
      method: 'POST',
      url: `/api/v4/customers/entities/${business.id}/members`,
      headers: { ...owner.auth, 'x-request-id': 'invite-req-1' },
      payload: { email: member.email },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [job] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, NOTIFY_JOB), eq(outbox.requestId, 'invite-req-1')));
    expect(job).toBeDefined();

    const jobLines: Array<{ level: string; fields: Record<string, unknown>; msg: unknown }> = [];
    const collect = (level: string) => (fields: unknown, msg?: unknown) =>
      void jobLines.push({ level, fields: fields as Record<string, unknown>, msg });
    const log = {
      info: collect('info'),
      warn: collect('warn'),
      error: collect('error'),
    } as unknown as JobLog;
    // The member has no device: the job stores the notification and pushes nothing.
    const result = await runDueJobs(t.database.db, { handlers: notificationJobs(t.app.deps.push), log });
    expect(result.done).toBeGreaterThanOrEqual(1);
    const ours = jobLines.filter((line) => line.fields.reqId === 'invite-req-1');
    expect(ours.map((line) => line.msg)).toContain('job done');
    expect(ours[0]?.fields.job).toMatchObject({ id: job!.id, kind: NOTIFY_JOB });
  });
});
