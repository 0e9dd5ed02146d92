// Opening the store: better-sqlite3 loaded on demand (it is an optional dependency), pragmas,
// migrations, the derived-data upkeep wired into every write (derived.ts), and the stored API key.
import type BetterSqlite3 from 'better-sqlite3';
import { newApiKey } from '../ids.js';
import { flushDerived } from './derived.js';
import { hasDirty } from './repo/derived.js';
import { migrate } from './schema.js';
import { Store } from './store.js';

/** Options of openStore. */
export interface OpenStoreOptions {
  /** Loads the better-sqlite3 module; replaced only to test the missing-driver path. */
  loadDriver?: () => Promise<unknown>;
}

function unavailable(message: string, cause: unknown): Error {
  return Object.assign(new Error(message, { cause }), { code: 'ERR_LOCAL_SERVICE_UNAVAILABLE' });
}

const NOT_INSTALLED =
  'The local service needs better-sqlite3, which is not installed: run `npm install better-sqlite3` (it builds with a C++ toolchain)';

/**
 * Opens (creating if needed) the database at `file`, or an in-memory one for `:memory:`.
 * WAL, foreign keys, a 10 s busy timeout and synchronous=FULL (an acknowledged write survives a crash).
 * Throws an error with code ERR_LOCAL_SERVICE_UNAVAILABLE when better-sqlite3 cannot be loaded.
 */
export async function openStore(file: string, options: OpenStoreOptions = {}): Promise<Store> {
  let Database: typeof BetterSqlite3;
  try {
    const mod = (await (options.loadDriver ?? (() => import('better-sqlite3')))()) as { default?: typeof BetterSqlite3 };
    if (typeof mod.default !== 'function') throw new Error('better-sqlite3 has no default export');
    Database = mod.default;
  } catch (err) {
    throw unavailable(NOT_INSTALLED, err);
  }
  let db: BetterSqlite3.Database;
  try {
    db = new Database(file);
  } catch (err) {
    const text = String((err as Error).message);
    if (/bindings|NODE_MODULE_VERSION|dlopen|invalid ELF|\.node\b/i.test(text) || (err as { code?: string }).code === 'ERR_DLOPEN_FAILED') {
      throw unavailable(`The local service could not load better-sqlite3's native module: run \`npm rebuild better-sqlite3\` (${text.split('\n')[0]})`, err);
    }
    throw err;
  }
  try {
    db.pragma('busy_timeout = 10000');
    await untilUnlocked(() => {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      migrate(db);
    });
    const store = new Store(file, db, { beforeCommit: flushDerived, pending: hasDirty });
    // A migration (or a write by an older version) may have left derived data to build.
    if (hasDirty(store)) await untilUnlocked(() => store.write(() => undefined));
    return store;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Runs the idempotent set-up of a connection, again while the file is locked. SQLite does not call
 * the busy handler for every conflict: two processes switching a fresh file to WAL at the same
 * moment get SQLITE_BUSY at once (a cron job and a terminal starting together).
 */
async function untilUnlocked(setUp: () => void, limitMs = 10_000): Promise<void> {
  const started = Date.now();
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    try {
      return setUp();
    } catch (err) {
      const code = String((err as { code?: unknown }).code ?? '');
      const locked = code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
      if (!locked || Date.now() - started > limitMs) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));
    }
  }
}

/**
 * The API key stored with the data, generating and storing one on first use. `generated` tells
 * whether this call created it (so `habits serve` prints it once).
 */
export function getOrCreateApiKey(store: Store): { key: string; generated: boolean } {
  return store.write(() => {
    const existing = store.getMeta('api_key');
    if (existing) return { key: existing, generated: false };
    const key = newApiKey();
    store.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('api_key', key);
    return { key, generated: true };
  });
}
