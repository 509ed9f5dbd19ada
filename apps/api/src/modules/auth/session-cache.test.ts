/**
 * The session cache answers from memory only while nothing can have ended the session: a revocation, a
 * lock, a deletion or an expiry made by any means (even SQL by hand) and on any instance reaches it through
 * the database's notifications. On PostgreSQL (npm run test:pg) the revoking side is a second database
 * handle with its own pool, as another instance would be.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anotherHandle,
  createTestApp,
  registerCustomer,
  type TestApp,
  until,
} from '../../../test/harness.ts';
import type { Database, ListenHandlers } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';

let t: TestApp;
/** Where the revocations come from: another pool on PostgreSQL, the same (only) handle on PGlite. */
let other: Database;

beforeAll(async () => {
  t = await createTestApp();
  other = await anotherHandle(t);
});

afterAll(async () => {
  if (other !== t.database) await other.close();
  await t.close();
});

async function cachedCustomer(cache: SessionCache) {
  const customer = await registerCustomer(t.app);
  const user = await cache.find(customer.token);
  expect(user).not.toBeNull();
  return { ...customer, user: user as NonNullable<typeof user> };
}

describe('a cached session', () => {
  it('is served without the database until something ends it by hand, then refused', async () => {
    const cache = await createSessionCache(t.database);
    try {
      const customer = await cachedCustomer(cache);
      const sizeBefore = cache.size;
      expect(sizeBefore).toBeGreaterThan(0);
      // Served from memory: the same user object comes back.
      expect(await cache.find(customer.token)).toBe(customer.user);

      await other.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(customer.token)));
      await until(() => cache.size < sizeBefore);
      expect(await cache.find(customer.token)).toBeNull();
    } finally {
      await cache.close();
    }
  });

  it('is refused once its user is locked, and once its row is deleted', async () => {
    const cache = await createSessionCache(t.database);
    try {
      const locked = await cachedCustomer(cache);
      const deleted = await cachedCustomer(cache);
      await other.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, locked.user.userId));
      await other.db.delete(sessions).where(eq(sessions.id, deleted.user.sessionId));
      await until(() => cache.size === 0);
      expect(await cache.find(locked.token)).toBeNull();
      expect(await cache.find(deleted.token)).toBeNull();
    } finally {
      await cache.close();
    }
  });

  it('is dropped by the API at once when the customer signs out, so the next call is 401', async () => {
    const customer = await registerCustomer(t.app);
    const me = () => t.app.inject({ method: 'GET', url: '/api/v4/customers/user', headers: customer.auth });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v4/auth/logout', headers: customer.auth });
    expect(out.statusCode).toBe(204);
    // No waiting for the notification: the instance that signed out forgot before answering.
    expect((await me()).statusCode).toBe(401);
  });

  it('is not served past its session’s expiry or the cache’s own limit', async () => {
    let clock = Date.now();
    const cache = await createSessionCache(t.database, { maxAgeMs: 1000, now: () => clock });
    try {
      const customer = await cachedCustomer(cache);
      clock += 999;
      expect(await cache.find(customer.token)).toBe(customer.user);
      clock += 2;
      // Asked again (a new object), still valid in the database.
      const again = await cache.find(customer.token);
      expect(again).not.toBe(customer.user);
      expect(again?.userId).toBe(customer.user.userId);

      await t.database.db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where id = ${customer.user.sessionId}`,
      );
      await until(() => cache.size === 0);
      expect(await cache.find(customer.token)).toBeNull();
    } finally {
      await cache.close();
    }
  });

  it('keeps nothing while it cannot hear the database, nor a lookup that raced with an eviction', async () => {
    let handlers: ListenHandlers | undefined;
    const deaf: Database = {
      ...t.database,
      listen: async (_channel, given) => {
        handlers = given;
        given.onState(true);
        return async () => undefined;
      },
    };
    const cache = await createSessionCache(deaf);
    try {
      const customer = await cachedCustomer(cache);
      expect(cache.size).toBe(1);
      handlers?.onState(false);
      expect(cache.size).toBe(0);
      await cache.find(customer.token);
      expect(cache.size).toBe(0);

      handlers?.onState(true);
      const lookup = cache.find(customer.token);
      cache.evict(`session:${customer.user.sessionId}`);
      expect(await lookup).not.toBeNull();
      expect(cache.size).toBe(0);
      // A payload it does not understand forgets everything rather than guess.
      await cache.find(customer.token);
      expect(cache.size).toBe(1);
      cache.evict('nonsense');
      expect(cache.size).toBe(0);
    } finally {
      await cache.close();
    }
  });

  it('keeps at most maxEntries sessions, the oldest going first', async () => {
    const cache = await createSessionCache(t.database, { maxEntries: 2 });
    try {
      const first = await cachedCustomer(cache);
      await cachedCustomer(cache);
      await cachedCustomer(cache);
      expect(cache.size).toBe(2);
      expect(await cache.find(first.token)).not.toBe(first.user);
    } finally {
      await cache.close();
    }
  });
});
