import type { Redis } from 'ioredis';

/** What the LLM client needs from a limiter: wait for a turn, and hold everyone after a 429. */
export interface Limiter {
  acquire(): Promise<void>;
  pauseFor(ms: number): void;
}

/**
 * A requests-per-window limit shared by every worker process on one Redis: each request takes a
 * slot with INCR on the current window's key; when the window is full the caller sleeps until the
 * next one. A 429's Retry-After is shared the same way through a pause key.
 */
export class RedisRateLimiter implements Limiter {
  private readonly windowMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly limit: number,
    opts: { windowMs?: number; sleep?: (ms: number) => Promise<void> } = {},
  ) {
    if (!(limit > 0)) throw new Error(`limit must be positive, got ${limit}`);
    this.windowMs = opts.windowMs ?? 60_000;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  async acquire(): Promise<void> {
    for (;;) {
      const paused = await this.redis.pttl(`${this.key}:pause`);
      if (paused > 0) {
        await this.sleep(paused);
        continue;
      }
      const now = Date.now();
      const window = Math.floor(now / this.windowMs);
      const slotKey = `${this.key}:w:${window}`;
      const [[, used]] = (await this.redis.multi().incr(slotKey).pexpire(slotKey, this.windowMs * 2).exec()) as [[null, number], unknown];
      if (used <= this.limit) return;
      await this.sleep((window + 1) * this.windowMs - now + 5);
    }
  }

  pauseFor(ms: number): void {
    if (ms > 0) void this.redis.set(`${this.key}:pause`, '1', 'PX', Math.ceil(ms)).catch(() => {});
  }
}
