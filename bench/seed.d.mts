// Types of seed.mjs, for the tests that seed a store as the benchmark does.
import type * as server from '../src/server/index.js';

/** Seeds `file` (closed afterwards, its WAL checkpointed) and returns the habit ids and the log count. */
export function seedStore(
  serverModule: typeof server,
  file: string,
  options: { habits: number; days: number; logDays?: number; key: string },
): Promise<{ file: string; ids: string[]; logs: number }>;
