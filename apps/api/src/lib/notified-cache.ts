/**
 * A read cache in this instance's memory that the database keeps honest: triggers notify a channel at
 * commit whenever a row the cached values come from changes (by a route, an operator, another instance or
 * SQL by hand), with a payload '<kind>:<id>', and every instance drops the entries that payload concerns.
 *
 * While the subscription is not listening (starting, or its connection dropped) nothing is cached and
 * everything cached is forgotten. A load that raced with a notification is not cached (generation check).
 * A payload of a kind the cache does not know, or without an integer id, clears everything. No entry
 * outlives `maxAgeMs`, nor its own `expiresAt`.
 */
import type { Database } from '../db/client.ts';

export type NotifiedCacheOptions<V> = {
  channel: string;
  /** The payload kinds this cache understands; any other clears it. */
  kinds: readonly string[];
  /** Whether the row named by a payload ('user', 42) is one the value was read from. */
  concerns: (kind: string, id: number, value: V) => boolean;
  /** Longest time an entry is trusted without asking the database again. */
  maxAgeMs?: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
};

/** What a load found: the value, and when it stops being true whatever happens (a session's expiry). */
export type Loaded<V> = { value: V; expiresAt?: number } | null;

export type NotifiedCache<V> = {
  /** The value under `key`, from memory when it can be trusted, else from `load` (and then kept). */
  get(key: string, load: () => Promise<Loaded<V>>): Promise<V | null>;
  /** Applies one notification payload; exported for tests. */
  evict(payload: string): void;
  readonly size: number;
  /** Whether the LISTEN subscription is up (nothing is cached while it is not): /readyz asks. */
  readonly listening: boolean;
  /** Reads answered from memory and from the database since start (the metrics' hit rate). */
  readonly stats: { hits: number; misses: number };
  close(): Promise<void>;
};

type Entry<V> = { value: V; cachedUntil: number };

export async function createNotifiedCache<V>(
  database: Database,
  options: NotifiedCacheOptions<V>,
): Promise<NotifiedCache<V>> {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  let listening = false;
  /** Bumped by every eviction: a load that began before one may hold what it evicted. */
  let generation = 0;
  const stats = { hits: 0, misses: 0 };

  const evict = (payload: string) => {
    generation += 1;
    const [kind = '', raw] = payload.split(':');
    const id = Number(raw);
    if (!options.kinds.includes(kind) || !Number.isInteger(id)) {
      entries.clear();
      return;
    }
    for (const [key, entry] of entries) {
      if (options.concerns(kind, id, entry.value)) entries.delete(key);
    }
  };

  const stop = await database.listen(options.channel, {
    onMessage: evict,
    onState: (state) => {
      listening = state;
      generation += 1;
      entries.clear();
    },
  });

  return {
    async get(key, load) {
      const at = now();
      const hit = entries.get(key);
      if (hit) {
        if (listening && at < hit.cachedUntil) {
          stats.hits += 1;
          return hit.value;
        }
        entries.delete(key);
      }
      stats.misses += 1;
      const startedAt = generation;
      const found = await load();
      if (!found) return null;
      if (listening && startedAt === generation) {
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(key, {
          value: found.value,
          cachedUntil: Math.min(at + maxAgeMs, found.expiresAt ?? Infinity),
        });
      }
      return found.value;
    },
    evict,
    get size() {
      return entries.size;
    },
    get listening() {
      return listening;
    },
    stats,
    close: stop,
  };
}
