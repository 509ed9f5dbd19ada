/**
 * Per-IP limits hold whatever X-Forwarded-For a client sends (issue "Safe in production"): the header is
 * believed only from the proxies TRUST_PROXY names, by number of hops or by address.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from './harness.ts';
import { productionEnv } from './production-env.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const LIMIT = 3;

/** Wrong passwords for new e-mails each time (so only the per-IP limit can refuse), from `forwardedFor`. */
async function wrongLogin(app: FastifyInstance, forwardedFor: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v4/auth/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: uniqueEmail('proxy'), password: 'Incorrecta-2025' },
  });
  return res.statusCode;
}

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  t = await createTestApp({ env: { LOGIN_MAX_PER_IP: String(LIMIT), ...env } });
  return t.app;
}

describe('the client address behind proxies', () => {
  it('by default (production included) a rotated X-Forwarded-For does not escape the per-IP login limit', async () => {
    const app = await appWith(productionEnv());
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 2; i++) statuses.push(await wrongLogin(app, `203.0.113.${i}`));
    expect(statuses.slice(0, LIMIT)).toEqual([401, 401, 401]);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  }, 120_000);

  it('TRUST_PROXY=1: the address one hop back is the client, whatever it put before it', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++) statuses.push(await wrongLogin(app, `198.51.100.${i}, 203.0.113.7`));
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect(await wrongLogin(app, '198.51.100.1, 203.0.113.8')).toBe(401);
  }, 120_000);

  it('TRUST_PROXY as CIDR ranges: believed from a proxy in them, ignored from anyone else', async () => {
    // app.inject comes from 127.0.0.1: a proxy in 127.0.0.0/8, not in 10.0.0.0/8.
    const trusted = await appWith({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.0/8' });
    const behind: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++)
      behind.push(await wrongLogin(trusted, `198.51.100.${i}, 203.0.113.9`));
    expect(behind).toEqual([401, 401, 401, 429]);
    expect(await wrongLogin(trusted, '203.0.113.10')).toBe(401);
    await t?.close();

    const elsewhere = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    const direct: number[] = [];
    for (let i = 1; i <= LIMIT + 1; i++) direct.push(await wrongLogin(elsewhere, `203.0.113.${i}`));
    expect(direct).toEqual([401, 401, 401, 429]);
  }, 120_000);
});
