import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from '../src/llm/redis-rate-limiter.ts';
import { REDIS_URL, uniquePrefix } from './helpers/app.ts';

describe('LLM rate limit shared through Redis by all worker processes', () => {
  const a = new Redis(REDIS_URL);
  const b = new Redis(REDIS_URL);
  const key = uniquePrefix('rate');

  afterAll(async () => {
    const keys = await a.keys(`${key}*`);
    if (keys.length) await a.del(...keys);
    a.disconnect();
    b.disconnect();
  });

  it('never lets two limiters together exceed the per-window limit', async () => {
    const windowMs = 400;
    // Two connections stand for two worker processes sharing one budget.
    const limiters = [new RedisRateLimiter(a, key, 3, { windowMs }), new RedisRateLimiter(b, key, 3, { windowMs })];
    const windows: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        await limiters[i % 2]!.acquire();
        windows.push(Math.floor(Date.now() / windowMs));
      }),
    );
    const perWindow = new Map<number, number>();
    for (const w of windows) perWindow.set(w, (perWindow.get(w) ?? 0) + 1);
    expect(windows).toHaveLength(8);
    for (const n of perWindow.values()) expect(n).toBeLessThanOrEqual(3);
    expect(perWindow.size).toBeGreaterThanOrEqual(3);
  });

  it('shares a Retry-After pause with every process', async () => {
    const pauseKey = `${key}-pause`;
    const one = new RedisRateLimiter(a, pauseKey, 100);
    const two = new RedisRateLimiter(b, pauseKey, 100);
    one.pauseFor(300);
    await new Promise((r) => setTimeout(r, 20));
    const t0 = Date.now();
    await two.acquire();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(200);
  });
});
