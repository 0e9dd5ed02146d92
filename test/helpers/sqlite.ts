// A raw SQLite connection for tests (another program's file, a second writer, an older schema),
// through the driver the store itself uses on this Node (src/server/store/sqlite.ts).
import { type Database, loadDriver } from '../../src/server/index.js';

/** Opens `file` (creating it unless `readOnly`) with this Node's SQLite driver. */
export async function openRaw(file: string, options: { readOnly?: boolean } = {}): Promise<Database> {
  return (await loadDriver()).open(file, options);
}
