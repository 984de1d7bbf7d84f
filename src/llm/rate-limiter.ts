/**
 * Requests-per-minute limiter for LLM calls.
 *
 * Scope: per process. Every `Llm` in one process that talks to the same endpoint shares
 * one bucket (see `sharedRateLimiter`), so in-process workers cannot overrun it together.
 * Separate worker processes each get their own bucket: with N processes the endpoint can
 * see up to N x DOCINTEL_LLM_RPM, so set the variable to (budget / processes). A truly
 * global bucket would need shared state (a table or Redis key) that this module does not
 * own; the 429 + Retry-After handling in the client is the backstop when the sum is too high.
 */
export class RateLimiter {
  private tokens: number;
  private last: number;
  private blockedUntil = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly perMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly capacity: number;

  constructor(
    readonly rpm: number,
    opts: { burst?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
  ) {
    if (!(rpm > 0)) throw new Error(`rpm must be positive, got ${rpm}`);
    this.perMs = rpm / 60_000;
    // A burst of one second's worth keeps a cold start fast without front-loading a whole minute.
    this.capacity = Math.max(1, opts.burst ?? Math.ceil(rpm / 60));
    this.now = opts.now ?? (() => performance.now());
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.tokens = this.capacity;
    this.last = this.now();
  }

  /** Resolves when one request may be sent. Callers are served first come, first served. */
  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.take());
    // A rejected turn must not wedge everyone queued behind it.
    this.queue = turn.catch(() => {});
    return turn;
  }

  /**
   * After a 429 with Retry-After, hold every caller in this process, not just the one that
   * got the 429: the others would only collect 429s of their own.
   */
  pauseFor(ms: number): void {
    if (ms > 0) this.blockedUntil = Math.max(this.blockedUntil, this.now() + ms);
  }

  private async take(): Promise<void> {
    for (;;) {
      const now = this.now();
      if (now < this.blockedUntil) {
        await this.sleep(this.blockedUntil - now);
        continue;
      }
      this.tokens = Math.min(this.capacity, this.tokens + (now - this.last) * this.perMs);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.sleep(Math.ceil((1 - this.tokens) / this.perMs));
    }
  }
}

const shared = new Map<string, RateLimiter>();

/** One limiter per (endpoint, rpm) per process. */
export function sharedRateLimiter(endpoint: string, rpm: number): RateLimiter {
  const key = `${endpoint}|${rpm}`;
  let limiter = shared.get(key);
  if (!limiter) {
    limiter = new RateLimiter(rpm);
    shared.set(key, limiter);
  }
  return limiter;
}
