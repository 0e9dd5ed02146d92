// A fixed-window request limit per API key (production: 500 requests per minute per account).
// The window opens with a key's first request and resets `windowMs` later.

/** `limit` requests per `windowMs` per key. */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

/** Whether a request may pass, and what the rate-limit headers say. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  resetSecs: number;
}

/** Fixed windows per key, kept in memory. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: RateLimitOptions) {}

  /** Counts one request of `key` at `nowMs` unless the window is full. */
  hit(key: string, nowMs: number): RateDecision {
    const { limit, windowMs } = this.options;
    let window = this.windows.get(key);
    if (!window || nowMs >= window.start + windowMs || nowMs < window.start) {
      window = { start: nowMs, count: 0 };
      this.windows.set(key, window);
    }
    const allowed = window.count < limit;
    if (allowed) window.count++;
    return {
      allowed,
      limit,
      remaining: limit - window.count,
      resetSecs: Math.max(1, Math.ceil((window.start + windowMs - nowMs) / 1000)),
    };
  }
}
