// Opening the store: the SQLite driver loaded on demand (sqlite.ts), pragmas, migrations, the
// derived-data upkeep wired into every write (derived.ts), and the stored API key.
import { existsSync } from 'node:fs';
import { newApiKey } from '../ids.js';
import { flushDerived } from './derived.js';
import { preparePrivateFiles, readOnlyReason } from './files.js';
import { hasDirty } from './repo/derived.js';
import { type IdLookup, idLookup } from './repo/ids.js';
import { migrate, SCHEMA_VERSION } from './schema.js';
import { type Database, type Driver, loadDriver as loadSqlite } from './sqlite.js';
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
  /** The SQLite driver: `auto` (default), `node:sqlite` or `better-sqlite3` (HABITS_SQLITE_DRIVER). */
  driver?: string;
  /** Loads the better-sqlite3 module; replaced only to test the missing-driver path. */
  loadDriver?: () => Promise<unknown>;
  /** Loads node:sqlite; replaced only to test the paths of a Node without it. */
  loadNodeSqlite?: () => unknown;
  /** Told, once the store is open, what was repaired and whether it is read-only. */
  onOpen?: (opened: OpenedFile) => void;
}

/** An error with a code the CLI turns into one line (src/local.ts, storageError). */
function storeError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The driver openStore and inspectStore use (sqlite.ts), or ERR_LOCAL_SERVICE_UNAVAILABLE. */
function driverFor(options: Pick<OpenStoreOptions, 'driver' | 'loadDriver' | 'loadNodeSqlite'>): Promise<Driver> {
  return loadSqlite({
    ...(options.driver !== undefined && { choice: options.driver }),
    ...(options.loadDriver && { loadBetterSqlite3: options.loadDriver }),
    ...(options.loadNodeSqlite && { loadNodeSqlite: options.loadNodeSqlite }),
  });
}

/**
 * Opens (creating if needed) the database at `file`, or an in-memory one for `:memory:`.
 * WAL, foreign keys, a 10 s busy timeout and synchronous=FULL (an acknowledged write survives a crash).
 * A file is created 0600 in a 0700 directory (looser modes are tightened, see files.ts); one that
 * cannot be written is opened read-only, so it can still be read.
 * Throws an error with code ERR_LOCAL_SERVICE_UNAVAILABLE when no SQLite driver can be used here,
 * HABITS_NOT_A_STORE for an SQLite file of another program, HABITS_SCHEMA_NEWER for a file written
 * by a newer version, HABITS_READ_ONLY_OLD_SCHEMA for a read-only file that needs migrating, and
 * SQLite's and the file system's own errors (SQLITE_NOTADB, SQLITE_CORRUPT, EISDIR, EACCES...).
 */
export async function openStore(file: string, options: OpenStoreOptions = {}): Promise<Store> {
  const driver = await driverFor(options);
  const memory = file === ':memory:';
  const repaired = memory ? [] : preparePrivateFiles(file);
  const readOnly = memory ? undefined : readOnlyReason(file);
  const db = readOnly ? openReadOnly(driver, file) : driver.open(file);
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
  /** What `check` found, when one was given. */
  problems?: StoreProblem[];
}

/** A problem a check of the store's records found: where (a JSON path of the caller's), and what. */
export interface StoreProblem {
  field: string;
  message: string;
}

/** The SQLite driver local mode and `habits serve` use here, e.g. `node:sqlite (SQLite 3.51.3)`; throws as openStore does. */
export async function describeDriver(options: Pick<OpenStoreOptions, 'driver' | 'loadDriver' | 'loadNodeSqlite'> = {}): Promise<string> {
  return (await driverFor(options)).describe();
}

/**
 * Loads the SQLite driver (throwing ERR_LOCAL_SERVICE_UNAVAILABLE as openStore does) and, when `file`
 * exists, reads it without writing: its schema version and SQLite's quick check. Undefined when
 * there is no file; nothing is created. The errors are openStore's (HABITS_NOT_A_STORE, SQLITE_*...).
 */
export async function inspectStore(
  file: string,
  options: Pick<OpenStoreOptions, 'driver' | 'loadDriver' | 'loadNodeSqlite'> & {
    habitIds?: readonly string[];
    /** Checks run on the file's records by id (`habits import --dry-run` checks its document so). */
    check?: (holds: IdLookup) => StoreProblem[];
  } = {},
): Promise<StoreInspection | undefined> {
  const driver = await driverFor(options);
  if (!existsSync(file)) return undefined;
  const db = openReadOnly(driver, file);
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    checkSchema(db, file, undefined);
    const check = db.pragma('quick_check', { simple: true }) as string;
    if (check !== 'ok') throw storeError('SQLITE_CORRUPT', `quick_check: ${check}`);
    const has = version > 0 && options.habitIds?.length ? db.prepare('SELECT 1 FROM habits WHERE id = ?') : undefined;
    const present = has ? (options.habitIds ?? []).filter((id) => has.get(id) !== undefined) : [];
    // A file without the schema yet holds nothing.
    const problems = options.check?.(version > 0 ? idLookup(db) : () => false);
    return { schema: version, current: SCHEMA_VERSION, present, ...(problems ? { problems } : {}) };
  } finally {
    db.close();
  }
}

/**
 * Refuses, before anything is written, a file this version must not touch: another program's
 * SQLite database, one written by a newer schema, or a read-only one that needs migrating.
 */
function checkSchema(db: Database, file: string, readOnly: string | undefined): void {
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
 * would leave them behind read-only: unless a writer has them open already, the file is read
 * without them (Driver.openUnwritable).
 */
function openReadOnly(driver: Driver, file: string): Database {
  if (existsSync(`${file}-wal`) && existsSync(`${file}-shm`)) {
    try {
      const db = driver.open(file, { readOnly: true });
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
  return driver.openUnwritable(file);
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
