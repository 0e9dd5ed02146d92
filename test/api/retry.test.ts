// The retry policy as pure functions, and the loop on its own.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import type { ApiErrorKind } from '../../src/api/errors.js';
import { DEFAULT_RETRY_POLICY, backoffDelay, decideRetry, outcomeUnknown, parseRetryAfter, withRetry } from '../../src/api/retry.js';

const policy = DEFAULT_RETRY_POLICY;
const half = () => 0.5;

function err(kind: ApiErrorKind, status: number, extra: { retryAfterSecs?: number; cause?: unknown } = {}): ApiError {
  return new ApiError({ kind, status, method: 'GET', path: '/habits', serverMessage: 'x', ...extra });
}

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00.000Z');
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2);
    expect(parseRetryAfter(' 120 ', now)).toBe(120);
    expect(parseRetryAfter('0', now)).toBe(0);
  });
  it('reads an HTTP date relative to now, rounding up; a past date is 0', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now + 500)).toBe(30);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0);
  });
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('12abc', now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((i) => backoffDelay(i, policy, half))).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
  });
  it('is a random fraction of the ceiling (full jitter)', () => {
    expect(backoffDelay(2, policy, () => 0)).toBe(0);
    expect(backoffDelay(2, policy, () => 0.25)).toBe(500);
    expect(backoffDelay(2, policy, () => 0.9999)).toBe(1999);
  });
  it('stays below the ceiling even when the random source breaks its [0, 1) contract', () => {
    expect(backoffDelay(0, policy, () => 1)).toBe(499);
    expect(backoffDelay(10, policy, () => 7)).toBe(7999);
    expect(backoffDelay(0, policy, () => -1)).toBe(0);
  });
});

describe('decideRetry', () => {
  it('retries 429 for every method', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      expect(decideRetry(err('http', 429), method, 0, policy, half)).toEqual({ retry: true, delayMs: 250 });
    }
  });
  it('honours Retry-After, and gives up at once when it is beyond maxRetryAfterMs', () => {
    expect(decideRetry(err('http', 429, { retryAfterSecs: 2 }), 'POST', 0, policy, half)).toEqual({ retry: true, delayMs: 2000 });
    expect(decideRetry(err('http', 429, { retryAfterSecs: 60 }), 'GET', 0, policy, half)).toEqual({ retry: true, delayMs: 60_000 });
    expect(decideRetry(err('http', 429, { retryAfterSecs: 61 }), 'GET', 0, policy, half)).toEqual({ retry: false });
  });
  it('retries 5xx and network errors only for idempotent methods', () => {
    for (const e of [err('http', 500), err('http', 502), err('http', 503), err('http', 504), err('network', 0)]) {
      expect(decideRetry(e, 'GET', 0, policy, half).retry).toBe(true);
      expect(decideRetry(e, 'PUT', 0, policy, half).retry).toBe(true);
      expect(decideRetry(e, 'DELETE', 0, policy, half).retry).toBe(true);
      expect(decideRetry(e, 'POST', 0, policy, half).retry).toBe(false);
    }
  });
  it('never retries timeouts, 4xx other than 429, 501/505, or permanent network failures', () => {
    expect(decideRetry(err('timeout', 0), 'GET', 0, policy, half).retry).toBe(false);
    for (const s of [400, 401, 403, 404, 409, 422, 501, 505]) {
      expect(decideRetry(err('http', s), 'GET', 0, policy, half).retry).toBe(false);
    }
    for (const code of ['ENOTFOUND', 'CERT_HAS_EXPIRED', 'ERR_SSL_WRONG_VERSION_NUMBER', 'DEPTH_ZERO_SELF_SIGNED_CERT']) {
      expect(decideRetry(err('network', 0, { cause: Object.assign(new Error(code), { code }) }), 'GET', 0, policy, half).retry).toBe(false);
    }
    expect(decideRetry(err('network', 0, { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }), 'GET', 0, policy, half).retry).toBe(true);
  });
  it('stops after the configured number of retries', () => {
    expect(decideRetry(err('http', 429), 'GET', 2, policy, half).retry).toBe(true);
    expect(decideRetry(err('http', 429), 'GET', 3, policy, half).retry).toBe(false);
  });
  it('does not retry errors that are not ApiErrors (bugs, aborts)', () => {
    expect(decideRetry(new TypeError('bug'), 'GET', 0, policy, half).retry).toBe(false);
  });
});

describe('DEFAULT_RETRY_POLICY', () => {
  it('is 3 retries, 500 ms doubling up to 8 s, Retry-After honoured up to 60 s', () => {
    expect(DEFAULT_RETRY_POLICY).toEqual({ retries: 3, baseDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60_000 });
  });
});

describe('withRetry', () => {
  it('retries until success, sleeping the decided delays and logging each retry', async () => {
    const results: (() => Promise<string>)[] = [
      () => Promise.reject(err('http', 503)),
      () => Promise.reject(err('network', 0)),
      () => Promise.resolve('done'),
    ];
    const sleep = vi.fn(async (_ms: number) => {});
    const lines: string[] = [];
    const value = await withRetry(() => (results.shift() ?? (() => Promise.reject(new Error('too many'))))(), {
      method: 'GET', path: '/habits', policy, sleep, random: half, debug: (l) => lines.push(l),
    });
    expect(value).toBe('done');
    expect(sleep.mock.calls).toEqual([[250], [500]]);
    expect(lines).toEqual(['retrying GET /habits in 250 ms after 503', 'retrying GET /habits in 500 ms after x']);
  });

  it('throws the last error once the policy says stop', async () => {
    const attempt = vi.fn(() => Promise.reject(err('http', 500)));
    const sleep = vi.fn(async () => {});
    await expect(withRetry(attempt, { method: 'GET', path: '/x', policy, sleep, random: half })).rejects.toMatchObject({ status: 500 });
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(sleep).toHaveBeenCalledTimes(3);
  });

  it('passes each attempt its index, 0 for the first try', async () => {
    const attempt = vi.fn((tryIndex: number) => (tryIndex < 2 ? Promise.reject(err('http', 503)) : Promise.resolve(tryIndex)));
    expect(await withRetry(attempt, { method: 'GET', path: '/x', policy, sleep: async () => {}, random: half })).toBe(2);
    expect(attempt.mock.calls).toEqual([[0], [1], [2]]);
  });

  it('an abort ends the wait at once, even when the sleep ignores the signal and never ends', async () => {
    const controller = new AbortController();
    const attempt = vi.fn(() => Promise.reject(err('http', 429, { retryAfterSecs: 30 })));
    const sleep = vi.fn((_ms: number) => {
      setImmediate(() => controller.abort(new Error('stop')));
      return new Promise<void>(() => {});
    });
    await expect(withRetry(attempt, { method: 'GET', path: '/x', policy, sleep, random: half, signal: controller.signal })).rejects.toThrow('stop');
    expect(sleep.mock.calls).toEqual([[30_000, controller.signal]]);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('an abort during a signal-aware sleep rejects with the abort reason, not the error of the sleep', async () => {
    const controller = new AbortController();
    const attempt = vi.fn(() => Promise.reject(err('http', 503)));
    const sleep = (_ms: number, signal?: AbortSignal) => new Promise<void>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new Error('AbortError from the timer')));
      setImmediate(() => controller.abort(new Error('user pressed Ctrl-C')));
    });
    await expect(withRetry(attempt, { method: 'GET', path: '/x', policy, sleep, random: half, signal: controller.signal }))
      .rejects.toThrow('user pressed Ctrl-C');
  });
});

describe('outcomeUnknown', () => {
  const err = (method: string, init: { kind: 'http' | 'network' | 'timeout'; status?: number; code?: string; path?: string }) =>
    new ApiError({
      kind: init.kind, status: init.status ?? 0, method, path: init.path ?? '/habits', serverMessage: 'x',
      cause: init.code ? Object.assign(new Error('x'), { code: init.code }) : undefined,
    });

  it('a POST after a 5xx, a reset or a timeout: unknown', () => {
    expect(outcomeUnknown(err('POST', { kind: 'http', status: 500 }))).toBe(true);
    expect(outcomeUnknown(err('POST', { kind: 'network', code: 'ECONNRESET' }))).toBe(true);
    expect(outcomeUnknown(err('POST', { kind: 'timeout', code: 'UND_ERR_HEADERS_TIMEOUT' }))).toBe(true);
  });

  it('not for a request that never left, a 4xx, 501, an idempotent method, undo or archive', () => {
    expect(outcomeUnknown(err('POST', { kind: 'network', code: 'ECONNREFUSED' }))).toBe(false);
    expect(outcomeUnknown(err('POST', { kind: 'timeout', code: 'UND_ERR_CONNECT_TIMEOUT' }))).toBe(false);
    expect(outcomeUnknown(err('POST', { kind: 'http', status: 429 }))).toBe(false);
    expect(outcomeUnknown(err('POST', { kind: 'http', status: 501 }))).toBe(false);
    expect(outcomeUnknown(err('PUT', { kind: 'http', status: 500 }))).toBe(false);
    expect(outcomeUnknown(err('POST', { kind: 'http', status: 500, path: '/habits/h1/logs/undo' }))).toBe(false);
    expect(outcomeUnknown(new Error('x'))).toBe(false);
  });
});
