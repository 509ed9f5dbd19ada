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
import { hashToken } from '../../lib/tokens.ts';
import { type AuthenticatedUser, findSessionUser } from './sessions.ts';

export const SESSIONS_CHANNEL = 'cubierto_sessions';

type Entry = { user: AuthenticatedUser; expiresAt: number; cachedUntil: number };

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
  close(): Promise<void>;
};

export async function createSessionCache(
  database: Database,
  options: SessionCacheOptions = {},
): Promise<SessionCache> {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const byHash = new Map<string, Entry>();
  let listening = false;
  /** Bumped by every eviction: a lookup that began before one may hold what it evicted. */
  let generation = 0;

  const evict = (payload: string) => {
    generation += 1;
    const [kind, raw] = payload.split(':');
    const id = Number(raw);
    if ((kind !== 'session' && kind !== 'user') || !Number.isInteger(id)) {
      byHash.clear();
      return;
    }
    for (const [hash, entry] of byHash) {
      if ((kind === 'session' ? entry.user.sessionId : entry.user.userId) === id) byHash.delete(hash);
    }
  };

  const stop = await database.listen(SESSIONS_CHANNEL, {
    onMessage: evict,
    onState: (state) => {
      listening = state;
      generation += 1;
      byHash.clear();
    },
  });

  return {
    async find(token) {
      const hash = hashToken(token);
      const at = now();
      const hit = byHash.get(hash);
      if (hit) {
        if (listening && at < hit.cachedUntil && at < hit.expiresAt) return hit.user;
        byHash.delete(hash);
      }
      const startedAt = generation;
      const found = await findSessionUser(database.db, token, new Date(at));
      if (found && listening && startedAt === generation) {
        if (byHash.size >= maxEntries) {
          const oldest = byHash.keys().next();
          if (!oldest.done) byHash.delete(oldest.value);
        }
        const { expiresAt, ...user } = found;
        byHash.set(hash, { user, expiresAt: expiresAt.getTime(), cachedUntil: at + maxAgeMs });
        return user;
      }
      if (!found) return null;
      const { expiresAt: _expiresAt, ...user } = found;
      return user;
    },
    evict,
    get size() {
      return byHash.size;
    },
    close: stop,
  };
}
