/**
 * Recently checked sessions, kept in this instance's memory so a customer request costs one query (its
 * route's) instead of two: the session lookup was half of the busiest routes' database round trips
 * (bench/README.md).
 *
 * Never at the cost of a revocation: whatever ends a session or locks a user, on any instance and by any
 * means, notifies `cubierto_sessions` at commit (migration 0015's triggers), and every instance drops the
 * entry. While the subscription is not listening (starting, or its connection dropped) nothing is cached
 * and everything cached is forgotten. A lookup that raced with a notification is not cached (generation
 * check), and no entry outlives its session's expiry or `maxAgeMs`.
 */
import type { Database } from '../../db/client.ts';
import { createNotifiedCache } from '../../lib/notified-cache.ts';
import { hashToken } from '../../lib/tokens.ts';
import { type AuthenticatedUser, findSessionUser } from './sessions.ts';

export const SESSIONS_CHANNEL = 'cubierto_sessions';

export type SessionCacheOptions = {
  /** Longest time an entry is trusted without asking the database again. */
  maxAgeMs?: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
};

export type SessionCache = {
  /** The live session behind a bearer token, from memory when it can be trusted, else from the database. */
  find(token: string): Promise<AuthenticatedUser | null>;
  /** Applies one notification payload ('session:<id>' or 'user:<id>'); exported for tests. */
  evict(payload: string): void;
  readonly size: number;
  /** Whether revocations are being heard (nothing is cached otherwise): /readyz asks. */
  readonly listening: boolean;
  /** Lookups answered from memory and from the database (the metrics' hit rate). */
  readonly stats: { hits: number; misses: number };
  close(): Promise<void>;
};

export async function createSessionCache(
  database: Database,
  options: SessionCacheOptions = {},
): Promise<SessionCache> {
  const now = options.now ?? Date.now;
  const cache = await createNotifiedCache<AuthenticatedUser>(database, {
    ...options,
    channel: SESSIONS_CHANNEL,
    kinds: ['session', 'user'],
    concerns: (kind, id, user) => (kind === 'session' ? user.sessionId : user.userId) === id,
  });
  return {
    find: (token) =>
      cache.get(hashToken(token), async () => {
        const found = await findSessionUser(database.db, token, new Date(now()));
        if (!found) return null;
        const { expiresAt, ...user } = found;
        return { value: user, expiresAt: expiresAt.getTime() };
      }),
    evict: cache.evict,
    get size() {
      return cache.size;
    },
    get listening() {
      return cache.listening;
    },
    stats: cache.stats,
    close: cache.close,
  };
}
