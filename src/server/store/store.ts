// The SQLite connection: write and read transactions, cached statements and a data version for
// caches. It knows no table but meta; what a write must do before it commits comes in as hooks.
import type { Database, Statement } from './sqlite.js';

/**
 * What the store runs around its transactions. open.ts passes the derived-data upkeep
 * (derived.ts); taking it as hooks keeps this class below the repos that import it.
 */
export interface StoreHooks {
  /** Runs at the end of every write transaction, before it commits. */
  beforeCommit(store: Store): void;
  /** Whether work for beforeCommit was left behind a commit (only a write by an older version). */
  pending(store: Store): boolean;
}

/** Bytes the WAL keeps after a checkpoint (PRAGMA journal_size_limit). */
export const JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024;

const NO_HOOKS: StoreHooks = { beforeCommit: () => {}, pending: () => false };

/** An open database with the service's schema. Create with `openStore`. */
export class Store {
  private readonly statements = new Map<string, Statement>();
  private depth = 0;
  private writes = 0;
  private readonly dataVersion: Statement;

  constructor(
    /** The file it was opened from, or `:memory:`. */
    readonly file: string,
    /** The raw connection, for bulk imports and tooling; the service goes through the methods. */
    readonly db: Database,
    /** What runs around transactions; openStore passes the derived-data upkeep. */
    private readonly hooks: StoreHooks = NO_HOOKS,
  ) {
    // A checkpoint truncates the WAL back to this size, so a burst of writes (or a full disk that
    // made it stop) does not keep its space for good.
    db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
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

  /**
   * Runs `fn` in a `BEGIN IMMEDIATE` transaction: the write lock is taken before the first read.
   * Every write runs beforeCommit (the derived-data upkeep) inside its transaction. Inside another
   * transaction it is a savepoint, so a failed inner write undoes only itself.
   */
  write<T>(fn: () => T): T {
    return this.transaction('IMMEDIATE', () => {
      this.writes++;
      this.depth++;
      try {
        const result = fn();
        this.hooks.beforeCommit(this);
        return result;
      } finally {
        this.depth--;
      }
    });
  }

  /** Runs `fn` in a read transaction, so its queries see one snapshot. */
  read<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    // Only a write by an older version of habits (which has no derived tables to update) leaves
    // work behind its commit; an empty write does it before reading.
    if (this.hooks.pending(this)) this.write(() => undefined);
    return this.transaction('DEFERRED', fn);
  }

  /**
   * `fn` in a transaction that commits when it returns and rolls back when it throws (or when its
   * commit fails: a full disk). Nested, a savepoint. Never across an await: `fn` is synchronous.
   */
  private transaction<T>(mode: 'IMMEDIATE' | 'DEFERRED', fn: () => T): T {
    const db = this.db;
    if (db.inTransaction) {
      db.exec('SAVEPOINT nested');
      let result: T;
      try {
        result = fn();
      } catch (err) {
        // SQLite may have rolled the whole transaction back already (a full disk, an I/O error).
        if (db.inTransaction) db.exec('ROLLBACK TO nested; RELEASE nested');
        throw err;
      }
      db.exec('RELEASE nested');
      return result;
    }
    db.exec(`BEGIN ${mode}`);
    try {
      const result = fn();
      db.exec('COMMIT');
      return result;
    } catch (err) {
      // SQLite may have rolled back already (a full disk, an I/O error).
      if (db.inTransaction) db.exec('ROLLBACK');
      throw err;
    }
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
