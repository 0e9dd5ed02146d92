// Retrying through the client: Retry-After in seconds and as a date, backoff with jitter without it,
// POST retried on 429, giving up, an abort during the wait, and a retried DELETE. Sleep is
// injected (or aborted), so nothing here waits.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { mockClient, rejection } from '../helpers/mock-agent.js';
import type { MockSetup } from '../helpers/mock-agent.js';

const TOO_MANY = { error: 'Too Many Requests', message: 'Rate limit exceeded' };

let m: MockSetup;
afterEach(async () => {
  m.agent.assertNoPendingInterceptors();
  await m.agent.close();
});

describe('429', () => {
  it('Retry-After: 2 sleeps exactly 2000 ms, then succeeds', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits', { status: 429, body: TOO_MANY, headers: { 'content-type': 'application/json', 'retry-after': '2' } });
    m.on('GET', '/v2/habits', { status: 200, body: { data: [] } });
    expect(await m.client.request('GET /habits')).toEqual({ data: [] });
    expect(m.sleeps).toEqual([2000]);
    expect(m.seen).toHaveLength(2);
    expect(m.lines).toContain('retrying GET /habits in 2 s after 429');
  });

  it('Retry-After as an HTTP date waits until then, by the injected clock', async () => {
    m = mockClient({ now: () => new Date('2026-11-22T10:00:00.400Z') });
    const at = 'Sun, 22 Nov 2026 10:00:05 GMT';
    m.on('GET', '/v2/areas', { status: 429, body: TOO_MANY, headers: { 'content-type': 'application/json', 'retry-after': at } });
    m.on('GET', '/v2/areas', { status: 200, body: [] });
    await m.client.request('GET /areas');
    // 4.6 s away, rounded up to whole seconds.
    expect(m.sleeps).toEqual([5_000]);
  });

  it('without Retry-After: full-jitter backoff, growing and capped', async () => {
    m = mockClient({ random: () => 0.999, retry: { retries: 6, baseDelayMs: 500, maxDelayMs: 8_000 } });
    m.on('GET', '/v2/habits', { status: 429, body: TOO_MANY }, 6);
    m.on('GET', '/v2/habits', { status: 200, body: { data: [] } });
    await m.client.request('GET /habits');
    expect(m.sleeps).toEqual([499, 999, 1998, 3996, 7992, 7992]);
  });

  it('without Retry-After: each wait is a random fraction of its ceiling', async () => {
    const draws = [0.1, 0.9, 0.5];
    m = mockClient({ random: () => draws.shift() ?? 0 });
    m.on('GET', '/v2/habits', { status: 429, body: TOO_MANY }, 3);
    m.on('GET', '/v2/habits', { status: 200, body: { data: [] } });
    await m.client.request('GET /habits');
    expect(m.sleeps).toEqual([50, 900, 1000]);
    for (const [i, ms] of m.sleeps.entries()) {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(Math.min(8_000, 500 * 2 ** i));
    }
  });

  it('429 on POST is retried (the server did not act on it), with the same body', async () => {
    m = mockClient();
    m.on('POST', '/v2/habits/h1/logs/complete', { status: 429, body: TOO_MANY, headers: { 'content-type': 'application/json', 'retry-after': '1' } });
    m.on('POST', '/v2/habits/h1/logs/complete', { status: 201, body: { message: 'Completed' } });
    const result = await m.client.request('POST /habits/{habitId}/logs/complete', { params: { habitId: 'h1' }, body: { targetDate: '2026-11-22' } });
    expect(result).toEqual({ message: 'Completed' });
    expect(m.seen.map((s) => [s.method, s.body])).toEqual([
      ['POST', '{"targetDate":"2026-11-22"}'],
      ['POST', '{"targetDate":"2026-11-22"}'],
    ]);
    expect(m.sleeps).toEqual([1000]);
  });

  it('exhausted retries give the 429 ApiError with retryAfterSecs', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 429, body: TOO_MANY, headers: { 'content-type': 'application/json', 'retry-after': '3' } }, 4);
    const error = await rejection(m.client.request('GET /areas'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 429, serverMessage: 'Rate limit exceeded', retryAfterSecs: 3 });
    expect(m.seen).toHaveLength(4);
    expect(m.sleeps).toEqual([3000, 3000, 3000]);
  });

  it('a Retry-After beyond maxRetryAfterMs is not waited out', async () => {
    m = mockClient({ retry: { maxRetryAfterMs: 60_000 } });
    m.on('POST', '/v2/areas', { status: 429, body: TOO_MANY, headers: { 'content-type': 'application/json', 'retry-after': '3600' } });
    const error = await rejection(m.client.request('POST /areas', { body: { name: 'x' } }));
    expect(error).toMatchObject({ status: 429, retryAfterSecs: 3600 });
    expect(m.sleep).not.toHaveBeenCalled();
    expect(m.seen).toHaveLength(1);
  });

  it('retries: 0 turns retrying off', async () => {
    m = mockClient({ retry: { retries: 0 } });
    m.on('GET', '/v2/areas', { status: 429, body: TOO_MANY });
    expect(await rejection(m.client.request('GET /areas'))).toMatchObject({ status: 429, retryAfterSecs: undefined });
    expect(m.sleep).not.toHaveBeenCalled();
  });

  it('503 with Retry-After on GET waits as told', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 503, headers: { 'retry-after': '4' } });
    m.on('GET', '/v2/areas', { status: 200, body: [] });
    await m.client.request('GET /areas');
    expect(m.sleeps).toEqual([4000]);
  });
});

describe('an abort during the wait', () => {
  it('ends the request at once, not after the Retry-After (the real sleep, not a fake)', async () => {
    const controller = new AbortController();
    // Aborted as soon as the client announces the retry, i.e. during its 30 s wait.
    m = mockClient({
      sleep: undefined,
      debug: (line) => void (line.startsWith('retrying') && queueMicrotask(() => controller.abort(new Error('gave up')))),
    });
    m.on('GET', '/v2/areas', { status: 429, body: TOO_MANY, headers: { 'content-type': 'application/json', 'retry-after': '30' } });
    await expect(m.client.request('GET /areas', { signal: controller.signal })).rejects.toThrow('gave up');
    expect(m.seen).toHaveLength(1);
  });

  it('ends the request even when the injected sleep never returns', async () => {
    const controller = new AbortController();
    m = mockClient({
      sleep: () => {
        setImmediate(() => controller.abort(new Error('gave up')));
        return new Promise<void>(() => {});
      },
    });
    m.on('GET', '/v2/areas', { status: 503 });
    await expect(m.client.request('GET /areas', { signal: controller.signal })).rejects.toThrow('gave up');
    expect(m.seen).toHaveLength(1);
  });
});

describe('a retried DELETE', () => {
  it('that gets 404 succeeded on an earlier try whose answer was lost', async () => {
    m = mockClient();
    m.on('DELETE', '/v2/habits/h1', { status: 502 });
    m.on('DELETE', '/v2/habits/h1', { status: 404, body: { message: 'Habit not found' } });
    expect(await m.client.request('DELETE /habits/{habitId}', { params: { habitId: 'h1' } })).toEqual({ ok: true });
    expect(m.seen).toHaveLength(2);
    expect(m.lines).toContain('← 404 on a retried DELETE: an earlier try deleted it');
  });

  it('after only 429s (the server did nothing) a 404 is still not found; after a 429 and a 502, gone', async () => {
    m = mockClient();
    m.on('DELETE', '/v2/habits/h1', { status: 429, body: { message: 'slow down' } });
    m.on('DELETE', '/v2/habits/h1', { status: 404, body: { message: 'Habit not found' } });
    expect(await rejection(m.client.request('DELETE /habits/{habitId}', { params: { habitId: 'h1' } }))).toMatchObject({ status: 404 });
    expect(m.seen).toHaveLength(2);
    m.on('DELETE', '/v2/habits/h2', { status: 429, body: { message: 'slow down' } });
    m.on('DELETE', '/v2/habits/h2', { status: 502 });
    m.on('DELETE', '/v2/habits/h2', { status: 404, body: { message: 'Habit not found' } });
    expect(await m.client.request('DELETE /habits/{habitId}', { params: { habitId: 'h2' } })).toEqual({ ok: true });
  });

  it('a 404 on the first try, or on a retried GET, is still not found', async () => {
    m = mockClient();
    m.on('DELETE', '/v2/habits/h1', { status: 404, body: { message: 'Habit not found' } });
    m.on('GET', '/v2/habits/h1', { status: 502 });
    m.on('GET', '/v2/habits/h1', { status: 404, body: { message: 'Habit not found' } });
    expect(await rejection(m.client.request('DELETE /habits/{habitId}', { params: { habitId: 'h1' } }))).toMatchObject({ status: 404 });
    expect(await rejection(m.client.request('GET /habits/{habitId}', { params: { habitId: 'h1' } }))).toMatchObject({ status: 404 });
  });
});
