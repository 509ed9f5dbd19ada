import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startSilentPeer, unusedLocalUrl } from '../../test/peers/unreachable-peer.ts';
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

describe('Redis in trouble', () => {
  const quietLog = () => {
    const warnings: string[] = [];
    const log = {
      warn: (_: unknown, message: string) => warnings.push(message),
      info: () => {},
    } as unknown as FastifyBaseLogger;
    return { log, warnings };
  };

  it('sets the window’s expiry in the same atomic script as the increment', async () => {
    const limiter = createRedisRateLimiter(redisUrl, 'cubierto-test:');
    const observer = new Redis(redisUrl);
    const monitor = await observer.monitor();
    const key = `atomic:${process.pid}:${Date.now()}`;
    const seen: Array<{ command: string; source: string }> = [];
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (args.some((a) => a.includes(key))) seen.push({ command: args[0]!.toLowerCase(), source });
    });
    await limiter.hit(key, 3, 60);
    await limiter.hit(key, 3, 60);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = [...seen];
    const reader = observer.duplicate();
    const ttl = await reader.pttl(`cubierto-test:${key}`);
    reader.disconnect();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // What the app sent itself: only scripts; INCR and PEXPIRE ran inside them, never on their own.
    const sentByApp = sent.filter((s) => s.source !== 'lua').map((s) => s.command);
    expect(sentByApp.length).toBeGreaterThan(0);
    expect(sentByApp.every((c) => c === 'evalsha' || c === 'eval')).toBe(true);
    expect(sent.filter((s) => s.source === 'lua').map((s) => s.command)).toContain('pexpire');
    monitor.disconnect();
    observer.disconnect();
    await limiter.close();
  });

  it('with Redis unreachable answers at once from memory, still limiting, and logs it once', async () => {
    const { log, warnings } = quietLog();
    const port = new URL(await unusedLocalUrl()).port;
    const limiter = createRedisRateLimiter(`redis://127.0.0.1:${port}`, 'cubierto-test:', log);
    const started = Date.now();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('down', 3, 60));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(warnings).toEqual([
      'Redis unreachable: rate limits count in this instance’s memory until it is back',
    ]);
    await limiter.close();
  });

  it('with Redis accepting connections but never answering, no request waits more than a moment', async () => {
    const { log, warnings } = quietLog();
    const silent = await startSilentPeer();
    const limiter = createRedisRateLimiter(silent.url.replace('http:', 'redis:'), 'cubierto-test:', log);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      expect((await limiter.hit('hangs', 2, 60)).allowed).toBe(i < 2);
      waits.push(Date.now() - started);
    }
    expect(Math.max(...waits)).toBeLessThan(600);
    expect(warnings).toHaveLength(1);
    await limiter.close();
    await silent.close();
  });
});
