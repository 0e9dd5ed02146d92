// The SQLite store: opening (with better-sqlite3 loaded on demand), pragmas, migrations,
// transactions (each write brings its derived data up to date, derived.ts) and cached statements.
import type BetterSqlite3 from 'better-sqlite3';
import { newApiKey } from '../ids.js';
import { flushDerived } from './derived.js';
import { hasDirty } from './repo/derived.js';
import { migrate } from './schema.js';

type Statement = BetterSqlite3.Statement<unknown[], unknown>;

/** An open database with the service's schema. Create with `openStore`. */
export class Store {
  private readonly statements = new Map<string, Statement>();
  private readonly writeTransaction: BetterSqlite3.Transaction<(fn: () => unknown) => unknown>;
  private readonly readTransaction: BetterSqlite3.Transaction<(fn: () => unknown) => unknown>;
  private depth = 0;
  private writes = 0;
  private readonly dataVersion: Statement;

  constructor(
    /** The file it was opened from, or `:memory:`. */
    readonly file: string,
    /** The raw connection, for bulk imports and tooling; the service goes through the methods. */
    readonly db: BetterSqlite3.Database,
  ) {
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
    // Every write brings the derived data it touched up to date before it commits.
    this.writeTransaction = db.transaction((fn: () => unknown) => {
      this.writes++;
      this.depth++;
      try {
        const result = fn();
        flushDerived(this);
        return result;
      } finally {
        this.depth--;
      }
    });
    this.readTransaction = db.transaction((fn: () => unknown) => fn());
  }

  /**
   * A value that changes whenever the data may have changed: a write through this connection, or a
   * commit through any other (PRAGMA data_version). Keys caches of whole answers.
   */
  version(): string {
    return `${this.dataVersion.get() as number}.${this.writes}`;
  }

  /** True inside `write`: derived data may lag the rows until the write ends. */
  get writing(): boolean {
    return this.depth > 0;
  }

  /** A prepared statement, compiled once per connection. */
  prepare(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Runs `fn` in a `BEGIN IMMEDIATE` transaction: the write lock is taken before the first read. */
  write<T>(fn: () => T): T {
    return this.writeTransaction.immediate(fn) as T;
  }

  /** Runs `fn` in a read transaction, so its queries see one snapshot. */
  read<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    // Only a write by an older version of habits (which has no derived tables to update) leaves
    // derived_dirty entries behind its commit; bring them up to date before reading.
    if (hasDirty(this)) this.write(() => undefined);
    return this.readTransaction.deferred(fn) as T;
  }

  /** A value from the meta table. */
  getMeta(key: string): string | undefined {
    const row = this.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  /** Closes the connection (checkpointing the WAL); idempotent. */
  close(): void {
    if (this.db.open) this.db.close();
  }
}

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
    const store = new Store(file, db);
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
