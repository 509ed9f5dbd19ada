/**
 * Fixed-window counters for rate limits: in memory on the embedded default, in Redis when REDIS_URL is
 * set so that several API instances share one count. Redis is never waited on: while it is unreachable
 * or slow, each instance counts in its own memory (logged once when it happens and once when it ends).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };
export type RateLimiter = {
  /** Counts one hit on `key`; allowed while the count in the current window is ≤ max. */
  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Forgets a key (a successful login clears its counter). */
  reset(key: string): Promise<void>;
  /** Throws when the shared store (Redis) cannot be reached; absent for the in-memory limiter. */
  check?(): Promise<void>;
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

/**
 * One round trip that cannot be cut in half: the increment and the window's expiry are set together
 * (a counter left without expiry by a crash between two commands would lock its key for good).
 * Returns the count and the milliseconds left in the window.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** How long a request may wait on Redis before the instance counts in memory instead. */
const REDIS_TIMEOUT_MS = 250;

type RedisWithHit = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

export function createRedisRateLimiter(
  url: string,
  prefix = 'cubierto:rl:',
  log?: FastifyBaseLogger,
): RateLimiter {
  const redis = new Redis(url, {
    // Never queue a command while disconnected and never retry one: the memory limiter answers instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: REDIS_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  }) as RedisWithHit;
  redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const memory = createMemoryRateLimiter();
  let degraded = false;
  const degrade = (error: unknown) => {
    if (degraded) return;
    degraded = true;
    log?.warn(
      { err: error instanceof Error ? { message: error.message } : undefined },
      'Redis unreachable: rate limits count in this instance’s memory until it is back',
    );
  };
  redis.on('error', degrade);
  redis.on('ready', () => {
    if (!degraded) return;
    degraded = false;
    log?.info('Redis reachable again: rate limits count in Redis');
  });

  /** Settles once the first connection is made, or after the timeout: requests wait on nothing else. */
  const firstConnection = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_TIMEOUT_MS);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const isReady = async (): Promise<boolean> => {
    if (redis.status !== 'ready') await firstConnection;
    return redis.status === 'ready';
  };

  return {
    async hit(key, max, windowSeconds) {
      if (!(await isReady())) {
        degrade(new Error(`Redis connection is ${redis.status}`));
        return memory.hit(key, max, windowSeconds);
      }
      try {
        const [count, ttl] = await redis.rateLimitHit(prefix + key, windowSeconds * 1000);
        return { allowed: count <= max, count, retryAfterSeconds: Math.ceil(ttl / 1000) };
      } catch (error) {
        degrade(error);
        return memory.hit(key, max, windowSeconds);
      }
    },
    async reset(key) {
      await memory.reset(key);
      if (redis.status !== 'ready') return;
      await redis.del(prefix + key).catch(degrade);
    },
    async check() {
      if (redis.status !== 'ready') throw new Error(`Redis connection is ${redis.status}`);
      await redis.ping();
    },
    async close() {
      await memory.close();
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
