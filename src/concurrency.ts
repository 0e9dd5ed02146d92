// Bounded parallelism for commands that send one request per item (bulk marks, export): fast, and
// far below the service's limit of 500 requests a minute.

/**
 * Runs `work` on each item with at most `limit` calls pending at once; the results keep the items'
 * order. After the first error no new item starts, and the error is thrown once the calls already
 * pending have settled, so nothing runs on after this returns.
 */
export async function mapPool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        results[i] = await work(items[i] as T, i);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.err;
  return results;
}

/**
 * Paces requests to at most `limit` started in any `windowMs` (a sliding window): the first
 * `limit` go at once, and each later one waits until the one `limit` before it is a window old.
 * `now` and `sleep` are injected, so tests move a clock instead of waiting.
 */
export class Pacer {
  private readonly starts: number[] = [];
  /** Milliseconds waited in all, for reports. */
  waitedMs = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** Resolves when one more request may start, and counts it as started. */
  async next(): Promise<void> {
    for (;;) {
      const t = this.now();
      while (this.starts.length > 0 && this.starts[0]! <= t - this.windowMs) this.starts.shift();
      if (this.starts.length < this.limit) {
        this.starts.push(t);
        return;
      }
      const wait = this.starts[0]! + this.windowMs - t;
      this.waitedMs += wait;
      await this.sleep(wait);
    }
  }
}
