import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function behavesAsAFixedWindow(name: string, make: () => RateLimiter) {
  describe(name, () => {
    const limiter = make();
    afterAll(() => limiter.close());
    const key = `test:${name}:${process.pid}:${Date.now()}`;

    it('allows up to max hits in a window, then refuses with a retry time', async () => {
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit(key, 3, 60));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
      expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    it('forgets a key on reset', async () => {
      await limiter.reset(key);
      expect((await limiter.hit(key, 3, 60)).count).toBe(1);
    });
  });
}

behavesAsAFixedWindow('memory', () => createMemoryRateLimiter());
behavesAsAFixedWindow('redis', () => createRedisRateLimiter(redisUrl, 'cubierto-test:'));

describe('shared counts', () => {
  it('two API instances on one Redis share the same count', async () => {
    const a = createRedisRateLimiter(redisUrl, 'cubierto-test:');
    const b = createRedisRateLimiter(redisUrl, 'cubierto-test:');
    const key = `shared:${process.pid}:${Date.now()}`;
    await a.hit(key, 2, 60);
    await b.hit(key, 2, 60);
    expect((await a.hit(key, 2, 60)).allowed).toBe(false);
    await a.close();
    await b.close();
  });

  it('opens a new window once the old one has passed', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    expect((await limiter.hit('k', 1, 10)).allowed).toBe(true);
    expect((await limiter.hit('k', 1, 10)).allowed).toBe(false);
    now += 10_001;
    expect((await limiter.hit('k', 1, 10)).allowed).toBe(true);
  });
});
