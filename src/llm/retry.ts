import { APIConnectionError, APIError, APIUserAbortError } from 'openai';

export interface BackoffOptions {
  /** First retry waits about this long; doubles each time. Tests set it to a few ms. */
  baseMs: number;
  maxMs: number;
  /** Upper bound on a server's Retry-After, so one bad header cannot park a worker for an hour. */
  maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 20_000, maxRetryAfterMs: 120_000 };

/** 408/409/429/5xx, timeouts and dropped connections are worth another try; 4xx otherwise are our bug. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof APIUserAbortError) return false;
  if (err instanceof APIConnectionError) return true; // includes APIConnectionTimeoutError
  if (err instanceof APIError) {
    const s = err.status;
    if (s === undefined) return false;
    return s === 408 || s === 409 || s === 429 || s >= 500;
  }
  return false;
}

/** Server-requested wait in ms (Retry-After-Ms, Retry-After seconds or HTTP date), if any. */
export function retryAfterMs(err: unknown): number | null {
  if (!(err instanceof APIError) || !err.headers) return null;
  const headers = err.headers as Headers;
  const ms = headers.get('retry-after-ms');
  if (ms && Number.isFinite(parseFloat(ms))) return Math.max(0, parseFloat(ms));
  const ra = headers.get('retry-after');
  if (!ra) return null;
  const secs = parseFloat(ra);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(ra);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

/**
 * Delay before retry number `retry` (1-based). The server's Retry-After wins when present;
 * otherwise exponential backoff with jitter in [50%, 100%] so workers that failed together
 * do not all come back in the same millisecond.
 */
export function retryDelayMs(retry: number, err: unknown, opts: BackoffOptions, random: () => number = Math.random): number {
  const asked = retryAfterMs(err);
  if (asked !== null) return Math.min(asked, opts.maxRetryAfterMs);
  const exp = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, retry - 1));
  return exp * (0.5 + random() * 0.5);
}

export function describeApiError(err: unknown): string {
  if (err instanceof APIError) {
    const kind = err instanceof APIConnectionError ? err.constructor.name : `HTTP ${err.status ?? '?'}`;
    return `${kind}: ${err.message}`;
  }
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
