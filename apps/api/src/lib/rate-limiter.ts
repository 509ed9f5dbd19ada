/**
 * Fixed-window counters for rate limits: in memory on the embedded default, in Redis when REDIS_URL is
 * set so that several API instances share one count.
 */
import { Redis } from 'ioredis';

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };
export type RateLimiter = {
  /** Counts one hit on `key`; allowed while the count in the current window is ≤ max. */
  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Forgets a key (a successful login clears its e-mail counter). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, max, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      if (windows.size > 100_000) {
        for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      }
      return {
        allowed: w.count <= max,
        count: w.count,
        retryAfterSeconds: Math.ceil((w.resetAt - t) / 1000),
      };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisRateLimiter(url: string, prefix = 'cubierto:rl:'): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(key, max, windowSeconds) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      let ttl = Number(results?.[1]?.[1] ?? -1);
      if (ttl < 0) {
        await redis.pexpire(k, windowSeconds * 1000);
        ttl = windowSeconds * 1000;
      }
      return { allowed: count <= max, count, retryAfterSeconds: Math.ceil(ttl / 1000) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
