// Retry policy (architecture rule 9): when a failed request is tried again, and after how long.
// Pure functions plus one loop; sleep and randomness are injected so tests take no time.
import { ApiError } from './errors.js';
import { formatMs, isPermanentNetworkError, mayHaveBeenReceived } from './network.js';

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

/** Methods that are safe to repeat after a network error or a 5xx. */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * True when `error` leaves a write's outcome unknown: a method that is not safe to repeat (POST)
 * failed after the server may have received it (a 5xx, a reset, a timeout), so it may have been
 * recorded. Such a write is never retried, and the user is told how to check.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError) || IDEMPOTENT_METHODS.has(error.method.toUpperCase())) return false;
  // Undo and archive change nothing the second time: running them again is the way to check.
  if (/\/(undo|archive)$/.test(error.path)) return false;
  // 501 and 505: the server does not do this at all, so it did not.
  if (error.kind === 'http') return error.status >= 500 && error.status !== 501 && error.status !== 505;
  return mayHaveBeenReceived(error);
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
  // random() is in [0, 1) by contract; the clamp and floor keep a faulty source below the ceiling.
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return Math.floor(ceiling * r);
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
  /** May ignore `signal`: the loop stops waiting on an abort either way. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  debug?: ((line: string) => void) | undefined;
  signal?: AbortSignal | undefined;
}

function reason(error: unknown): string {
  if (error instanceof ApiError) return error.kind === 'http' ? String(error.status) : error.serverMessage;
  return String(error);
}

/** Sleeps `ms`, but rejects with the abort reason as soon as `signal` aborts, whatever `sleep` does. */
async function wait(sleep: RetryContext['sleep'], ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return sleep(ms);
  signal.throwIfAborted();
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([sleep(ms, signal), aborted]);
  } catch (err) {
    // A signal-aware sleep rejects with its own AbortError; callers expect the signal's reason.
    signal.throwIfAborted();
    throw err;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Runs `attempt` (given its index, 0 for the first try) until it succeeds or the policy says stop;
 * the last error is thrown. An abort of `ctx.signal` ends a wait between tries at once.
 */
export async function withRetry<T>(attempt: (tryIndex: number) => Promise<T>, ctx: RetryContext): Promise<T> {
  for (let retryIndex = 0; ; retryIndex++) {
    try {
      return await attempt(retryIndex);
    } catch (error) {
      const decision = decideRetry(error, ctx.method, retryIndex, ctx.policy, ctx.random);
      if (!decision.retry || ctx.signal?.aborted) throw error;
      ctx.debug?.(`retrying ${ctx.method} ${ctx.path} in ${formatMs(decision.delayMs)} after ${reason(error)}`);
      await wait(ctx.sleep, decision.delayMs, ctx.signal);
    }
  }
}
