// mapPool (src/concurrency.ts): the bounded pool that log done|fail|skip|undo and export share.
import { describe, expect, it } from 'vitest';
import { mapPool } from '../src/concurrency.js';

describe('mapPool', () => {
  it('mapPool keeps order, runs exactly `limit` at once, and starts nothing after an error', async () => {
    let running = 0;
    let peak = 0;
    let failedAt: number | undefined;
    const started: number[] = [];
    const work = async (n: number) => {
      started.push(n);
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n === 5 ? 0 : 5 + (n % 3)));
      running--;
      if (n === 5) {
        failedAt = started.length;
        throw new Error('boom');
      }
      return n * 10;
    };
    expect(await mapPool([1, 2, 3, 4, 6, 7], 3, work)).toEqual([10, 20, 30, 40, 60, 70]);
    expect(peak).toBe(3);
    peak = 0;
    started.length = 0;
    await expect(mapPool(Array.from({ length: 30 }, (_, i) => i), 4, work)).rejects.toThrow('boom');
    expect(peak).toBe(4);
    // Only the calls already pending (at most limit - 1 besides the failed one) ran on; none started
    // after the failure, and all had settled when mapPool threw.
    expect(started).toHaveLength(failedAt!);
    expect(started.length).toBeLessThanOrEqual(5 + 4);
    expect(running).toBe(0);
  });
});
