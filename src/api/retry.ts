// Retry policy (architecture rule 9): when a failed request is tried again, and after how long.
// Pure functions plus one loop; sleep and randomness are injected so tests take no time.
import { ApiError } from './errors.js';
import { formatDuration, isPermanentNetworkError } from './network.js';
import { IDEMPOTENT_METHODS } from './routes.js';

/** Knobs of the policy. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** First backoff step; doubles per retry. */
  baseDelayMs: number;
  /** Ceiling of one backoff step. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the error goes to the user at once. */
  maxRetryAfterMs: number;
}

/** Defaults: 3 retries, 500 ms doubling up to 8 s with full jitter, Retry-After honoured up to 60 s. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** Fills unset knobs with the defaults; negative or non-finite values are refused. */
export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY };
  for (const key of Object.keys(DEFAULT_RETRY_POLICY) as (keyof RetryPolicy)[]) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value < 0) throw new TypeError(`retry.${key} must be a number >= 0`);
    policy[key] = key === 'retries' ? Math.floor(value) : value;
  }
  return policy;
}

/**
 * Seconds to wait from a Retry-After value, given as delta-seconds or an HTTP date. Undefined when
 * absent or unreadable; a date in the past gives 0.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** Exponential backoff with full jitter: a random wait in [0, min(max, base * 2^retryIndex)). */
export function backoffDelay(retryIndex: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling * r);
}

/** What to do after a failed attempt. */
export type RetryDecision = { retry: true; delayMs: number } | { retry: false };

/**
 * Decides whether to retry after `error` on attempt `retryIndex` (0 for the first retry):
 * - 429 for any method, since the server did not act on it; Retry-After is honoured, unless it is
 *   beyond `maxRetryAfterMs`, in which case we give up at once;
 * - 5xx (but not 501/505) and network errors only for idempotent methods;
 * - never a timeout (it already spent the user's whole budget), a 4xx, or a permanent network error.
 */
export function decideRetry(
  error: unknown,
  method: string,
  retryIndex: number,
  policy: RetryPolicy,
  random: () => number,
): RetryDecision {
  if (!(error instanceof ApiError) || retryIndex >= policy.retries) return { retry: false };
  const idempotent = IDEMPOTENT_METHODS.has(method.toUpperCase());
  let eligible: boolean;
  if (error.kind === 'http') {
    const s = error.status;
    eligible = s === 429 || (idempotent && s >= 500 && s <= 599 && s !== 501 && s !== 505);
  } else {
    eligible = error.kind === 'network' && idempotent && !isPermanentNetworkError(error);
  }
  if (!eligible) return { retry: false };
  if (error.retryAfterSecs !== undefined) {
    const delayMs = Math.round(error.retryAfterSecs * 1000);
    return delayMs > policy.maxRetryAfterMs ? { retry: false } : { retry: true, delayMs };
  }
  return { retry: true, delayMs: backoffDelay(retryIndex, policy, random) };
}

/** What the loop needs besides the attempt itself. */
export interface RetryContext {
  method: string;
  /** Path for the debug line, e.g. `/habits`. */
  path: string;
  policy: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  debug?: ((line: string) => void) | undefined;
  signal?: AbortSignal | undefined;
}

function reason(error: unknown): string {
  if (error instanceof ApiError) return error.kind === 'http' ? String(error.status) : error.serverMessage;
  return String(error);
}

/** Runs `attempt` until it succeeds or the policy says stop; the last error is thrown. */
export async function withRetry<T>(attempt: () => Promise<T>, ctx: RetryContext): Promise<T> {
  for (let retryIndex = 0; ; retryIndex++) {
    try {
      return await attempt();
    } catch (error) {
      const decision = decideRetry(error, ctx.method, retryIndex, ctx.policy, ctx.random);
      if (!decision.retry || ctx.signal?.aborted) throw error;
      ctx.debug?.(`retrying ${ctx.method} ${ctx.path} in ${formatDuration(decision.delayMs)} after ${reason(error)}`);
      await ctx.sleep(decision.delayMs);
      ctx.signal?.throwIfAborted();
    }
  }
}
