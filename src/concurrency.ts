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
