// Opening the store: better-sqlite3 loaded on demand (it is an optional dependency), pragmas,
// migrations, the derived-data upkeep wired into every write (derived.ts), and the stored API key.
import { existsSync, readFileSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { newApiKey } from '../ids.js';
import { flushDerived } from './derived.js';
import { preparePrivateFiles, readOnlyReason } from './files.js';
import { hasDirty } from './repo/derived.js';
import { migrate, SCHEMA_VERSION } from './schema.js';
import { Store } from './store.js';

/** What openStore found when it opened a file. */
export interface OpenedFile {
  /** Files and directories whose looser modes were tightened: `path (0644 -> 0600)`. */
  repaired: string[];
  /** Why the file cannot be written, when it was opened read-only. */
  readOnly?: string;
}

/** Options of openStore. */
export interface OpenStoreOptions {
  /** Loads the better-sqlite3 module; replaced only to test the missing-driver path. */
  loadDriver?: () => Promise<unknown>;
  /** Told, once the store is open, what was repaired and whether it is read-only. */
  onOpen?: (opened: OpenedFile) => void;
}

/** An error with a code the CLI turns into one line (src/local.ts, storageError). */
function storeError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * ERR_LOCAL_SERVICE_UNAVAILABLE: better-sqlite3 is `missing`, or its `native` module does not load
 * here (built for another Node version, or another platform): the fix differs.
 */
function unavailable(message: string, cause: unknown, reason: 'missing' | 'native'): Error {
  return Object.assign(new Error(message, { cause }), { code: 'ERR_LOCAL_SERVICE_UNAVAILABLE', reason });
}

const NOT_INSTALLED =
  'The local service needs better-sqlite3, which is not installed: run `npm install better-sqlite3` (it builds with a C++ toolchain)';

/** Whether `err` is the native module failing to load (not the package missing). */
function nativeFailure(err: unknown): boolean {
  return /bindings|NODE_MODULE_VERSION|dlopen|invalid ELF|\.node\b/i.test(String((err as Error)?.message)) || (err as { code?: string })?.code === 'ERR_DLOPEN_FAILED';
}

/**
 * better-sqlite3's Database class, its native module loaded (it loads on the first database, so one
 * in memory is opened and closed), or ERR_LOCAL_SERVICE_UNAVAILABLE when either cannot be loaded.
 */
async function loadDriver(options: Pick<OpenStoreOptions, 'loadDriver'>): Promise<typeof BetterSqlite3> {
  let Database: typeof BetterSqlite3;
  try {
    const mod = (await (options.loadDriver ?? (() => import('better-sqlite3')))()) as { default?: typeof BetterSqlite3 };
    if (typeof mod.default !== 'function') throw new Error('better-sqlite3 has no default export');
    Database = mod.default;
    new Database(':memory:').close();
  } catch (err) {
    if (!nativeFailure(err)) throw unavailable(NOT_INSTALLED, err, 'missing');
    const first = String((err as Error).message).split('\n')[0];
    throw unavailable(`The local service could not load better-sqlite3's native module: run \`npm rebuild better-sqlite3\` (${first})`, err, 'native');
  }
  return Database;
}

/**
 * Opens (creating if needed) the database at `file`, or an in-memory one for `:memory:`.
 * WAL, foreign keys, a 10 s busy timeout and synchronous=FULL (an acknowledged write survives a crash).
 * A file is created 0600 in a 0700 directory (looser modes are tightened, see files.ts); one that
 * cannot be written is opened read-only, so it can still be read.
 * Throws an error with code ERR_LOCAL_SERVICE_UNAVAILABLE when better-sqlite3 cannot be loaded,
 * HABITS_NOT_A_STORE for an SQLite file of another program, HABITS_SCHEMA_NEWER for a file written
 * by a newer version, HABITS_READ_ONLY_OLD_SCHEMA for a read-only file that needs migrating, and
 * SQLite's and the file system's own errors (SQLITE_NOTADB, SQLITE_CORRUPT, EISDIR, EACCES...).
 */
export async function openStore(file: string, options: OpenStoreOptions = {}): Promise<Store> {
  const Database = await loadDriver(options);
  const memory = file === ':memory:';
  const repaired = memory ? [] : preparePrivateFiles(file);
  const readOnly = memory ? undefined : readOnlyReason(file);
  const db = readOnly ? openReadOnly(Database, file) : new Database(file);
  try {
    db.pragma('busy_timeout = 10000');
    await untilUnlocked(() => {
      checkSchema(db, file, readOnly);
      if (readOnly) return;
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      migrate(db);
    });
    const store = new Store(file, db, { beforeCommit: flushDerived, pending: hasDirty });
    // A migration (or a write by an older version) may have left derived data to build.
    if (!readOnly && hasDirty(store)) await untilUnlocked(() => store.write(() => undefined));
    options.onOpen?.({ repaired, ...(readOnly ? { readOnly } : {}) });
    return store;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** What `habits doctor` learns of a store file without creating, migrating or writing anything. */
export interface StoreInspection {
  /** The file's schema version, and the one this version writes (an older one is upgraded on the next open). */
  schema: number;
  current: number;
  /** Of the `habitIds` asked about, those the store holds. */
  present: string[];
}

/**
 * Loads better-sqlite3 (throwing ERR_LOCAL_SERVICE_UNAVAILABLE as openStore does) and, when `file`
 * exists, reads it without writing: its schema version and SQLite's quick check. Undefined when
 * there is no file; nothing is created. The errors are openStore's (HABITS_NOT_A_STORE, SQLITE_*...).
 */
export async function inspectStore(file: string, options: Pick<OpenStoreOptions, 'loadDriver'> & { habitIds?: readonly string[] } = {}): Promise<StoreInspection | undefined> {
  const Database = await loadDriver(options);
  if (!existsSync(file)) return undefined;
  const db = openReadOnly(Database, file);
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    checkSchema(db, file, undefined);
    const check = db.pragma('quick_check', { simple: true }) as string;
    if (check !== 'ok') throw storeError('SQLITE_CORRUPT', `quick_check: ${check}`);
    const has = version > 0 && options.habitIds?.length ? db.prepare('SELECT 1 FROM habits WHERE id = ?') : undefined;
    const present = has ? (options.habitIds ?? []).filter((id) => has.get(id) !== undefined) : [];
    return { schema: version, current: SCHEMA_VERSION, present };
  } finally {
    db.close();
  }
}

/**
 * Refuses, before anything is written, a file this version must not touch: another program's
 * SQLite database, one written by a newer schema, or a read-only one that needs migrating.
 */
function checkSchema(db: BetterSqlite3.Database, file: string, readOnly: string | undefined): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw storeError('HABITS_SCHEMA_NEWER', `${file} has schema version ${version}; this version reads up to ${SCHEMA_VERSION}`);
  }
  if (version === 0 && (db.prepare('SELECT count(*) FROM sqlite_master').pluck().get() as number) > 0) {
    throw storeError('HABITS_NOT_A_STORE', `${file} is an SQLite database of another program`);
  }
  if (readOnly && version < SCHEMA_VERSION) {
    throw storeError('HABITS_READ_ONLY_OLD_SCHEMA', `${file} needs schema version ${SCHEMA_VERSION} (it has ${version}), but ${readOnly}`);
  }
}

/**
 * Opens a file that cannot be written. In WAL mode SQLite needs -wal and -shm files beside it, and
 * would leave them behind read-only: unless a writer has them open already, the store is read from
 * a copy in memory instead.
 */
function openReadOnly(Database: typeof BetterSqlite3, file: string): BetterSqlite3.Database {
  if (existsSync(`${file}-wal`) && existsSync(`${file}-shm`)) {
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        db.prepare('SELECT count(*) FROM sqlite_master').get();
        return db;
      } catch (err) {
        db.close();
        throw err;
      }
    } catch (err) {
      const code = String((err as { code?: unknown }).code ?? '');
      if (!code.startsWith('SQLITE_READONLY') && !code.startsWith('SQLITE_CANTOPEN')) throw err;
    }
  }
  const bytes = readFileSync(file);
  // The header's read and write versions: 2 is WAL, which an in-memory copy cannot use.
  if (bytes.length >= 100 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return new Database(bytes, { readonly: true });
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
  // Read first: a read-only store can be served with the key it holds.
  const stored = store.getMeta('api_key');
  if (stored) return { key: stored, generated: false };
  return store.write(() => {
    const existing = store.getMeta('api_key');
    if (existing) return { key: existing, generated: false };
    const key = newApiKey();
    store.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('api_key', key);
    return { key, generated: true };
  });
}
