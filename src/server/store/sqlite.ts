// The SQLite driver seam. Everything above this file sees one small connection interface (a subset of
// better-sqlite3's: prepare, exec, pragma, close; statements with run, get, all, pluck and raw;
// errors whose `code` names SQLite's result code, such as SQLITE_BUSY) and never a driver itself.
//
// Two drivers stand behind it:
// - node:sqlite, built into Node (unflagged since 22.13; used from 22.16, which added the
//   statement and transaction calls below). No native addon, nothing to compile or download.
// - better-sqlite3, a native addon the user installs, for Node 20 (which has no node:sqlite).
//   Versions before 13 wrap their objects in node::ObjectWrap, whose destructor trips an assertion
//   that Node 24.19 added: the process aborts (exit 134) when it exits. Those are refused there.
// `auto` takes node:sqlite where Node has it, else better-sqlite3. HABITS_SQLITE_DRIVER picks one: it
// is read here, from the process's environment, as it concerns the process (the Node it runs on).
// Both write the same file format: a store opens under either (test/server/store/drivers.test.ts).
import type BetterSqlite3 from 'better-sqlite3';

export type DriverName = 'node:sqlite' | 'better-sqlite3';
export type DriverChoice = DriverName | 'auto';

/** What `run` answers. */
export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/** A prepared statement. Parameters are positional: numbers, strings, bigints, null, bytes. */
export interface Statement {
  run(...params: unknown[]): RunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  /** The same query whose rows are the first column's value. */
  pluck(): Statement;
  /** The same query whose rows are arrays of the columns' values. */
  raw(): Statement;
}

/** An open connection. */
export interface Database {
  /** The driver behind it, for `habits doctor` and the tests. */
  readonly driver: DriverName;
  readonly open: boolean;
  /** Whether a transaction is open on this connection. */
  readonly inTransaction: boolean;
  prepare(sql: string): Statement;
  exec(sql: string): void;
  /** `PRAGMA source`: its rows, or with `simple` the first column of the first row. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  close(): void;
}

/** A loaded driver. */
export interface Driver {
  readonly name: DriverName;
  /** The driver and the SQLite library it runs, e.g. `node:sqlite (SQLite 3.51.3)`. */
  describe(): string;
  /** Opens (creating unless `readOnly`) the file, or an in-memory database for `:memory:`. */
  open(file: string, options?: { readOnly?: boolean }): Database;
  /**
   * Opens a file that cannot be written and has no -wal and -shm files beside it, read-only and
   * without creating them (SQLite would, and leave them behind). A WAL-mode file is read as is.
   */
  openUnwritable(file: string): Database;
}

/** ERR_LOCAL_SERVICE_UNAVAILABLE: no driver can be used here; `reason` says why (src/local.ts words it). */
export type UnavailableReason =
  /** better-sqlite3 is not installed (and Node has no usable node:sqlite). */
  | 'missing'
  /** better-sqlite3's native module does not load here (built for another Node version or platform). */
  | 'native'
  /** better-sqlite3 older than 13 on a Node that makes it abort. */
  | 'aborts'
  /** node:sqlite was asked for, and this Node has none (or one too old). */
  | 'no-node-sqlite'
  /** HABITS_SQLITE_DRIVER holds something else. */
  | 'bad-choice';

export interface UnavailableError extends Error {
  code: 'ERR_LOCAL_SERVICE_UNAVAILABLE';
  reason: UnavailableReason;
  /** The Node version, the driver's version or the variable's value, for the message. */
  detail?: string;
  /** Whether a driver was asked for by name (HABITS_SQLITE_DRIVER), rather than chosen. */
  chosen?: boolean;
}

function unavailable(reason: UnavailableReason, message: string, detail?: string, cause?: unknown): UnavailableError {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), {
    code: 'ERR_LOCAL_SERVICE_UNAVAILABLE' as const,
    reason,
    ...(detail === undefined ? {} : { detail }),
  });
}

/** Marks an unavailable error as the result of a driver asked for by name. */
function asChosen<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((err: unknown) => {
    if ((err as UnavailableError).code === 'ERR_LOCAL_SERVICE_UNAVAILABLE') (err as UnavailableError).chosen = true;
    throw err;
  });
}

// ---- SQLite's result codes by name, as better-sqlite3 reports them (node:sqlite gives numbers).

/** The primary result codes, by number. */
const PRIMARY = [
  'OK', 'ERROR', 'INTERNAL', 'PERM', 'ABORT', 'BUSY', 'LOCKED', 'NOMEM', 'READONLY', 'INTERRUPT', 'IOERR', 'CORRUPT',
  'NOTFOUND', 'FULL', 'CANTOPEN', 'PROTOCOL', 'EMPTY', 'SCHEMA', 'TOOBIG', 'CONSTRAINT', 'MISMATCH', 'MISUSE', 'NOLFS',
  'AUTH', 'FORMAT', 'RANGE', 'NOTADB', 'NOTICE', 'WARNING',
];

/** Extended result codes: the primary code in the low byte, the n-th extension (from 1) above it. */
const EXTENDED: Record<string, string[]> = {
  OK: ['LOAD_PERMANENTLY'],
  ERROR: ['MISSING_COLLSEQ', 'RETRY', 'SNAPSHOT'],
  IOERR: [
    'READ', 'SHORT_READ', 'WRITE', 'FSYNC', 'DIR_FSYNC', 'TRUNCATE', 'FSTAT', 'UNLOCK', 'RDLOCK', 'DELETE', 'BLOCKED', 'NOMEM',
    'ACCESS', 'CHECKRESERVEDLOCK', 'LOCK', 'CLOSE', 'DIR_CLOSE', 'SHMOPEN', 'SHMSIZE', 'SHMLOCK', 'SHMMAP', 'SEEK',
    'DELETE_NOENT', 'MMAP', 'GETTEMPPATH', 'CONVPATH', 'VNODE', 'AUTH', 'BEGIN_ATOMIC', 'COMMIT_ATOMIC', 'ROLLBACK_ATOMIC',
    'DATA', 'CORRUPTFS', 'IN_PAGE',
  ],
  LOCKED: ['SHAREDCACHE', 'VTAB'],
  BUSY: ['RECOVERY', 'SNAPSHOT', 'TIMEOUT'],
  CANTOPEN: ['NOTEMPDIR', 'ISDIR', 'FULLPATH', 'CONVPATH', 'DIRTYWAL', 'SYMLINK'],
  CORRUPT: ['VTAB', 'SEQUENCE', 'INDEX'],
  READONLY: ['RECOVERY', 'CANTLOCK', 'ROLLBACK', 'DBMOVED', 'CANTINIT', 'DIRECTORY'],
  ABORT: ['ROLLBACK'],
  CONSTRAINT: ['CHECK', 'COMMITHOOK', 'FOREIGNKEY', 'FUNCTION', 'NOTNULL', 'PRIMARYKEY', 'TRIGGER', 'UNIQUE', 'VTAB', 'ROWID', 'PINNED', 'DATATYPE'],
  NOTICE: ['RECOVER_WAL', 'RECOVER_ROLLBACK'],
  WARNING: ['AUTOINDEX'],
  AUTH: ['USER'],
};

/** `SQLITE_BUSY_SNAPSHOT` for 517; `SQLITE_ERROR` for a number it does not know. */
export function resultCodeName(code: number): string {
  const primary = PRIMARY[code & 0xff];
  if (!primary) return 'SQLITE_ERROR';
  const extension = code >> 8 ? EXTENDED[primary]?.[(code >> 8) - 1] : undefined;
  return `SQLITE_${primary}${extension ? `_${extension}` : ''}`;
}

/** node:sqlite's error (code ERR_SQLITE_ERROR, errcode a number) with SQLite's code name, as better-sqlite3 throws it. */
function named(err: unknown): unknown {
  const e = err as { code?: unknown; errcode?: unknown } | null;
  if (e?.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') {
    Object.defineProperty(e, 'code', { value: resultCodeName(e.errcode), writable: true, configurable: true, enumerable: true });
  }
  return err;
}

// ---- node:sqlite

/** The part of node:sqlite this file uses (its types are not in @types/node 20). */
interface NodeStatement {
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  setReturnArrays(enabled: boolean): void;
}
interface NodeDatabase {
  readonly isOpen: boolean;
  readonly isTransaction: boolean;
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  close(): void;
}
interface NodeSqlite {
  DatabaseSync: new (path: string | URL, options?: { readOnly?: boolean }) => NodeDatabase;
  StatementSync: { prototype: object };
}

class NodeSqliteStatement implements Statement {
  private arrays?: NodeStatement;
  private plucked?: Statement;
  private rows?: Statement;

  constructor(
    private readonly db: NodeDatabase,
    private readonly sql: string,
    private readonly stmt: NodeStatement,
    private readonly mode: 'objects' | 'arrays' | 'pluck' = 'objects',
  ) {}

  run(...params: unknown[]): RunResult {
    try {
      const r = this.stmt.run(...params);
      return { changes: Number(r.changes), lastInsertRowid: r.lastInsertRowid };
    } catch (err) {
      throw named(err);
    }
  }

  get(...params: unknown[]): unknown {
    let row: unknown;
    try {
      row = this.stmt.get(...params);
    } catch (err) {
      throw named(err);
    }
    return this.mode === 'pluck' && row !== undefined ? (row as unknown[])[0] : row;
  }

  all(...params: unknown[]): unknown[] {
    let rows: unknown[];
    try {
      rows = this.stmt.all(...params);
    } catch (err) {
      throw named(err);
    }
    return this.mode === 'pluck' ? rows.map((row) => (row as unknown[])[0]) : rows;
  }

  /** A second statement of the same SQL that answers arrays, shared by pluck() and raw(). */
  private arrayStatement(): NodeStatement {
    if (!this.arrays) {
      try {
        this.arrays = this.db.prepare(this.sql);
      } catch (err) {
        throw named(err);
      }
      this.arrays.setReturnArrays(true);
    }
    return this.arrays;
  }

  pluck(): Statement {
    if (this.mode !== 'objects') return this;
    return (this.plucked ??= new NodeSqliteStatement(this.db, this.sql, this.arrayStatement(), 'pluck'));
  }

  raw(): Statement {
    if (this.mode !== 'objects') return this;
    return (this.rows ??= new NodeSqliteStatement(this.db, this.sql, this.arrayStatement(), 'arrays'));
  }
}

class NodeSqliteDatabase implements Database {
  readonly driver = 'node:sqlite';

  constructor(private readonly db: NodeDatabase) {}

  get open(): boolean {
    return this.db.isOpen;
  }

  get inTransaction(): boolean {
    return this.db.isOpen && this.db.isTransaction;
  }

  prepare(sql: string): Statement {
    try {
      return new NodeSqliteStatement(this.db, sql, this.db.prepare(sql));
    } catch (err) {
      throw named(err);
    }
  }

  exec(sql: string): void {
    try {
      this.db.exec(sql);
    } catch (err) {
      throw named(err);
    }
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const stmt = this.prepare(`PRAGMA ${source}`);
    return options.simple ? stmt.pluck().get() : stmt.all();
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

/**
 * node:sqlite when this Node has it, with the calls used here (22.16 and later), else undefined.
 * Node 22 warns on its first load that it is experimental; that warning is for developers, and is
 * kept from the user's stderr.
 */
function loadNodeSqlite(): NodeSqlite | undefined {
  const emitWarning = process.emitWarning;
  let mod: NodeSqlite | undefined;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]): void {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    const text = typeof warning === 'string' ? warning : warning.message;
    if ((type === 'ExperimentalWarning' || (warning as Error).name === 'ExperimentalWarning') && /sqlite/i.test(text)) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    mod = process.getBuiltinModule?.('node:sqlite') as NodeSqlite | undefined;
  } catch {
    mod = undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
  if (!mod?.DatabaseSync || !('setReturnArrays' in mod.StatementSync.prototype)) return undefined;
  // isTransaction is a property of each connection, not of the prototype.
  const probe = new mod.DatabaseSync(':memory:');
  const usable = typeof probe.isTransaction === 'boolean';
  probe.close();
  return usable ? mod : undefined;
}

function nodeSqliteDriver(mod: NodeSqlite): Driver {
  const open = (path: string | URL, readOnly: boolean): Database => {
    try {
      return new NodeSqliteDatabase(new mod.DatabaseSync(path, readOnly ? { readOnly: true } : {}));
    } catch (err) {
      throw named(err);
    }
  };
  return {
    name: 'node:sqlite',
    describe() {
      const db = open(':memory:', false);
      try {
        return `node:sqlite (SQLite ${String(db.prepare('SELECT sqlite_version()').pluck().get())})`;
      } finally {
        db.close();
      }
    },
    open: (file, options = {}) => open(file, options.readOnly === true),
    // immutable=1: SQLite reads the file without locks and without -wal and -shm files (a WAL-mode
    // file included), as it would a file on read-only media.
    openUnwritable: (file) => {
      const url = new URL('file:');
      url.pathname = file;
      url.searchParams.set('immutable', '1');
      return open(url, true);
    },
  };
}

// ---- better-sqlite3

class BetterStatement implements Statement {
  private arrays?: BetterSqlite3.Statement;
  private plucked?: Statement;
  private rows?: Statement;

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly stmt: BetterSqlite3.Statement,
  ) {}

  run(...params: unknown[]): RunResult {
    const r = this.stmt.run(...params);
    return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  }

  get(...params: unknown[]): unknown {
    return this.stmt.get(...params);
  }

  all(...params: unknown[]): unknown[] {
    return this.stmt.all(...params);
  }

  // better-sqlite3's pluck() and raw() switch the statement itself; each gets one of its own here,
  // so the views do not change one another.
  pluck(): Statement {
    return (this.plucked ??= new BetterStatement(this.db, this.db.prepare(this.stmt.source).pluck()));
  }

  raw(): Statement {
    this.arrays ??= this.db.prepare(this.stmt.source).raw(true);
    return (this.rows ??= new BetterStatement(this.db, this.arrays));
  }
}

class BetterDatabase implements Database {
  readonly driver = 'better-sqlite3';

  constructor(private readonly db: BetterSqlite3.Database) {}

  get open(): boolean {
    return this.db.open;
  }

  get inTransaction(): boolean {
    return this.db.open && this.db.inTransaction;
  }

  prepare(sql: string): Statement {
    return new BetterStatement(this.db, this.db.prepare(sql));
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    return this.db.pragma(source, { simple: options.simple === true });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

/** Whether `err` is the native module failing to load (not the package missing). */
function nativeFailure(err: unknown): boolean {
  return /bindings|NODE_MODULE_VERSION|dlopen|invalid ELF|\.node\b/i.test(String((err as Error)?.message)) || (err as { code?: string })?.code === 'ERR_DLOPEN_FAILED';
}

/** Node 24.19 and later abort at exit under better-sqlite3 before 13 (its ObjectWrap destructors). */
export function abortsUnder(nodeVersion: string, driverVersion: string): boolean {
  const [major = 0, minor = 0] = nodeVersion.replace(/^v/, '').split('.').map(Number);
  const driverMajor = Number(driverVersion.split('.')[0]);
  const strictNode = major > 24 || (major === 24 && minor >= 19);
  return strictNode && Number.isFinite(driverMajor) && driverMajor < 13;
}

async function betterSqliteDriver(load: () => Promise<unknown>, nodeVersion: string): Promise<Driver> {
  let Database: typeof BetterSqlite3;
  let version = '';
  try {
    // A replaced loader (tests) may name the version; better-sqlite3 itself does not export it.
    const mod = (await load()) as { default?: typeof BetterSqlite3; version?: string };
    if (typeof mod.default !== 'function') throw new Error('better-sqlite3 has no default export');
    Database = mod.default;
    version = mod.version ?? betterSqliteVersion();
    if (abortsUnder(nodeVersion, version)) {
      throw unavailable('aborts', `better-sqlite3 ${version} aborts the process on Node ${nodeVersion}`, version);
    }
    // The native module loads with the first database.
    new Database(':memory:').close();
  } catch (err) {
    if ((err as UnavailableError).code === 'ERR_LOCAL_SERVICE_UNAVAILABLE') throw err;
    if (!nativeFailure(err)) throw unavailable('missing', 'The local service needs better-sqlite3, which is not installed', undefined, err);
    const first = String((err as Error).message).split('\n')[0];
    throw unavailable('native', `The local service could not load better-sqlite3's native module (${first})`, version, err);
  }
  return {
    name: 'better-sqlite3',
    describe() {
      const db = new Database(':memory:');
      try {
        return `better-sqlite3 ${version || '(version unknown)'} (SQLite ${String(db.prepare('SELECT sqlite_version()').pluck().get())})`;
      } finally {
        db.close();
      }
    },
    open: (file, options = {}) => new BetterDatabase(options.readOnly ? new Database(file, { readonly: true, fileMustExist: true }) : new Database(file)),
    // A copy in memory: better-sqlite3 opens no URI file names. The header's read and write
    // versions say WAL (2), which an in-memory copy cannot use: they become 1.
    openUnwritable: (file) => {
      const bytes = readFile(file);
      if (bytes.length >= 100 && bytes[18] === 2 && bytes[19] === 2) {
        bytes[18] = 1;
        bytes[19] = 1;
      }
      return new BetterDatabase(new Database(bytes, { readonly: true }));
    },
  };
}

function readFile(file: string): Buffer {
  const { readFileSync } = process.getBuiltinModule('node:fs');
  return readFileSync(file);
}

/** better-sqlite3's version, from its package.json, as this module resolves it ('' if unknown). */
function betterSqliteVersion(): string {
  try {
    const { createRequire } = process.getBuiltinModule('node:module');
    const pkg = createRequire(import.meta.url)('better-sqlite3/package.json') as { version?: string };
    return pkg.version ?? '';
  } catch {
    return '';
  }
}

// ---- choosing

export interface LoadOptions {
  /** `auto`, or one driver; by default HABITS_SQLITE_DRIVER's value, else `auto`. */
  choice?: string;
  /** Loads the better-sqlite3 module; replaced only in tests. */
  loadBetterSqlite3?: () => Promise<unknown>;
  /** Loads node:sqlite; replaced only in tests (undefined: this Node has none). */
  loadNodeSqlite?: () => unknown;
  /** The Node version to judge by (default this process's). */
  nodeVersion?: string;
}

const cache = new Map<string, Promise<Driver>>();

/**
 * The driver to use: the one `choice` names, or with `auto` node:sqlite where this Node has it,
 * else better-sqlite3. Throws ERR_LOCAL_SERVICE_UNAVAILABLE (see UnavailableReason) when none can be used.
 */
export function loadDriver(options: LoadOptions = {}): Promise<Driver> {
  const custom = options.loadBetterSqlite3 || options.loadNodeSqlite || options.nodeVersion;
  const choice = (options.choice ?? process.env.HABITS_SQLITE_DRIVER ?? '').trim().toLowerCase() || 'auto';
  if (custom) return pick(choice, options);
  let found = cache.get(choice);
  if (!found) {
    found = pick(choice, options);
    cache.set(choice, found);
    // A failure is not kept: a later call may find a driver installed since.
    found.catch(() => cache.delete(choice));
  }
  return found;
}

async function pick(choice: string, options: LoadOptions): Promise<Driver> {
  const nodeVersion = options.nodeVersion ?? process.versions.node;
  const better = (): Promise<Driver> => betterSqliteDriver(options.loadBetterSqlite3 ?? (() => import('better-sqlite3')), nodeVersion);
  const builtIn = (): NodeSqlite | undefined => (options.loadNodeSqlite ? (options.loadNodeSqlite() as NodeSqlite | undefined) : loadNodeSqlite());
  if (choice === 'node:sqlite') {
    return asChosen(async () => {
      const mod = builtIn();
      if (!mod) throw unavailable('no-node-sqlite', `node:sqlite is not available in Node ${nodeVersion}`, nodeVersion);
      return nodeSqliteDriver(mod);
    });
  }
  if (choice === 'better-sqlite3') return asChosen(better);
  if (choice !== 'auto') throw unavailable('bad-choice', `unknown SQLite driver "${choice}"`, choice);
  const mod = builtIn();
  if (mod) return nodeSqliteDriver(mod);
  return better();
}
