// Local mode: the local service started in-process on an ephemeral loopback port with a random
// per-process key. Commands reach it through the same HTTP client as a remote server.
import { existsSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { creationBlocker } from './config/paths.js';
import { CliError, EXIT, FailureError, UsageError } from './errors.js';
import type { Store, StoreInspection } from './server/index.js';
import { ApiError } from './api/errors.js';
import { isRead, type Middleware } from './api/pipeline.js';

/** A running in-process local service. */
export interface LocalService {
  baseUrl: string;
  apiKey: string;
  /** The SQLite file holding the data. */
  file: string;
  /** Why the file cannot be written, when it was opened read-only (reads work, writes do not). */
  readOnly?: string;
  /** The last storage error a request met (a full disk, a damaged file), already told as one line. */
  fault(): CliError | undefined;
  close(): Promise<void>;
}

const REMOTE_WORKS = 'the remote client works without it';
const BETTER_SQLITE3 = '`npm install -g better-sqlite3@12` beside a global habits (it needs a C++ toolchain)';

/**
 * The message for a Node with no usable SQLite driver (src/server/store/sqlite.ts): Node 20 without
 * better-sqlite3, a copy of it that does not load here (built for another Node version, after an
 * upgrade or an nvm switch), or a driver HABITS_SQLITE_DRIVER asks for that cannot be used.
 */
export function unavailable(err: unknown): CliError | undefined {
  const e = err as { code?: string; reason?: string; cause?: unknown; detail?: string; chosen?: boolean } | undefined;
  if (e?.code !== 'ERR_LOCAL_SERVICE_UNAVAILABLE') return undefined;
  const node = process.versions.node;
  const unset = 'unset HABITS_SQLITE_DRIVER to let habits choose';
  switch (e.reason) {
    case 'bad-choice':
      return new UsageError(`HABITS_SQLITE_DRIVER: unknown SQLite driver "${e.detail ?? ''}"`, 'use auto, node:sqlite or better-sqlite3');
    case 'no-node-sqlite':
      return new FailureError(`node:sqlite is not available in Node ${node}: it needs Node 22.16 or later`, 'local_unavailable', `${unset}, or upgrade Node`);
    case 'aborts':
      return new FailureError(
        `better-sqlite3 ${e.detail ?? ''} aborts the process on Node ${node}, so the local service will not use it`,
        'local_unavailable',
        `${unset} (node:sqlite is built into this Node), or install better-sqlite3 13 or later`,
      );
    case 'native':
      return new FailureError(
        `the local service could not load better-sqlite3's native module: ${nativeDetail(String((e.cause as Error | undefined)?.message ?? ''))}`,
        'local_unavailable',
        `rebuild it for Node ${node}: \`npm rebuild better-sqlite3\` (it needs a C++ toolchain)${e.chosen ? `, or ${unset}` : ', or use Node 22 or 24, which have SQLite built in'}; ${REMOTE_WORKS}`,
      );
    default:
      if (e.chosen) {
        const builtIn = hasNodeSqlite(node) ? ' (node:sqlite is built into this Node)' : '';
        return new FailureError('HABITS_SQLITE_DRIVER asks for better-sqlite3, which is not installed', 'local_unavailable', `${unset}${builtIn}, or install ${BETTER_SQLITE3}`);
      }
      return new FailureError(
        `the local service needs Node 22.16 or later (SQLite is built in), or better-sqlite3 on Node ${node}`,
        'local_unavailable',
        `upgrade Node to 22 or 24, or install ${BETTER_SQLITE3}; ${REMOTE_WORKS}`,
      );
  }
}

/** Whether Node `version` has the node:sqlite the local service uses (22.16 and later). */
export function hasNodeSqlite(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 16);
}

/**
 * Why a native module did not load, in a few words: Node's `NODE_MODULE_VERSION 115 … requires
 * NODE_MODULE_VERSION 127` becomes "it was built for another Node version (module version 115;
 * this Node needs 127)"; anything else, its first line.
 */
export function nativeDetail(message: string): string {
  const versions = [...message.matchAll(/NODE_MODULE_VERSION\s+(\d+)/g)].map((m) => m[1]);
  if (versions.length === 2) return `it was built for another Node version (module version ${versions[0]}; this Node needs ${versions[1]})`;
  return (message.split('\n')[0] ?? '').trim() || 'it did not load';
}

/** An error of the local store as one line naming the file and what to do (exit 1, or 2 for a file that is not a store). */
export class StorageError extends CliError {
  constructor(message: string, hint: string, exitCode: typeof EXIT.failure | typeof EXIT.usage = EXIT.failure) {
    super(message, exitCode, 'storage', hint);
  }
}

const ELSEWHERE = 'or use another file: HABITS_DATA_DIR for local mode, --data for `habits serve`';

/**
 * The one line for an error of the store `file`: one openStore threw (see its codes), or one a
 * read or write met later. Undefined for an error that is not about the file.
 */
export function storageError(err: unknown, file: string): CliError | undefined {
  const missing = unavailable(err);
  if (missing) return missing;
  const code = String((err as { code?: unknown } | null | undefined)?.code ?? '');
  const sqlite = (err as Error | undefined)?.message?.split('\n')[0] ?? code;
  if (code === 'EISDIR') return new StorageError(`${file} is a directory, not a habits database`, `move it away, ${ELSEWHERE}`, EXIT.usage);
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return new StorageError(`cannot create ${file}: a file stands where its directory should be`, `move that file away, ${ELSEWHERE}`, EXIT.usage);
  }
  if (code === 'SQLITE_NOTADB' || code === 'HABITS_NOT_A_STORE') {
    return new StorageError(
      `${file} is not a habits database${code === 'HABITS_NOT_A_STORE' ? ' (it is an SQLite database of another program)' : ''}; it was left untouched`,
      `move it away, ${ELSEWHERE}`,
      EXIT.usage,
    );
  }
  if (code.startsWith('SQLITE_CORRUPT')) {
    return new StorageError(
      `${file} is damaged (${sqlite})`,
      `keep a copy, then restore it from a backup, or move it away and load an export with \`habits --local import\` (\`sqlite3 FILE .recover\` may save its data)`,
    );
  }
  if (code === 'HABITS_SCHEMA_NEWER') {
    return new StorageError(`${file} was written by a newer version of habits (${sqlite.replace(`${file} has `, '')})`, 'upgrade habits (npm install -g habits-cli), or use another file');
  }
  if (code === 'HABITS_READ_ONLY_OLD_SCHEMA') {
    return new StorageError(`${file} cannot be upgraded: ${sqlite.replace(`${file} `, '')}`, 'make the file and its directory writable, then run the command again');
  }
  if (code.startsWith('SQLITE_FULL') || code === 'ENOSPC' || code === 'EDQUOT' || (code.startsWith('SQLITE_IOERR') && deviceFull(file))) {
    return new StorageError(`cannot write ${file}: no space left on its device; nothing was changed`, 'free some space, then run the command again');
  }
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code.startsWith('SQLITE_PERM') || code.startsWith('SQLITE_CANTOPEN')) {
    const why = code === 'EROFS' ? 'it is on a read-only file system' : code.startsWith('SQLITE_CANTOPEN') ? 'it cannot be opened' : 'permission denied';
    return new StorageError(`cannot ${existsSync(file) ? 'write' : 'create'} ${file}: ${why}`, `make it and its directory writable by you, ${ELSEWHERE}`);
  }
  if (code === 'ENOENT' && (err as NodeJS.ErrnoException).syscall === 'mkdir') {
    // Its directory could not be made (Node says ENOENT for a read-only file system too).
    const blocker = creationBlocker(dirname(file));
    const why = blocker === 'EROFS' ? 'it is on a read-only file system' : blocker === 'EACCES' || blocker === 'EPERM' ? 'permission denied' : 'its directory cannot be created';
    return new StorageError(`cannot create ${file}: ${why}`, `use a place you can write: HABITS_DATA_DIR for local mode, --data for \`habits serve\``);
  }
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO') {
    return new StorageError(`cannot read or write ${file}: a disk I/O error (${code})`, 'check the disk and the file system, then run the command again');
  }
  return undefined;
}

/** True when the file system holding `file` has no free space (SQLite reports some of that as I/O errors). */
function deviceFull(file: string): boolean {
  try {
    return statfsSync(dirname(file)).bavail === 0;
  } catch {
    return false;
  }
}

/** A store opened for the CLI, and whether it can be written. */
export interface LocalStore {
  store: Store;
  /** Why it cannot be written, when it was opened read-only. */
  readOnly?: string;
}

/**
 * Opens (creating it, 0600 in a private directory, when missing) the SQLite store `file`. A store
 * that cannot be written opens read-only. `warn` hears of modes it tightened. Every failure is one
 * line naming the file (storageError); a Node without an SQLite driver gets its explanation.
 */
export async function openLocalStore(file: string, warn: (line: string) => void = () => {}): Promise<LocalStore> {
  const server = await import('./server/index.js');
  let readOnly: string | undefined;
  try {
    const store = await server.openStore(file, {
      onOpen: (opened) => {
        readOnly = opened.readOnly;
        if (opened.repaired.length) warn(`warning: other users could read your habits; tightened ${opened.repaired.join(', ')}`);
      },
    });
    return { store, ...(readOnly ? { readOnly } : {}) };
  } catch (err) {
    throw storageError(err, file) ?? err;
  }
}

/**
 * The local store as `habits doctor` sees it, read without writing or creating anything: the SQLite
 * driver, and the store (undefined when there is none yet). Its errors are openLocalStore's, one
 * line each (storageError).
 */
export async function inspectLocalStore(file: string): Promise<{ driver: string; store: StoreInspection | undefined }> {
  const server = await import('./server/index.js');
  try {
    const driver = await server.describeDriver();
    return { driver, store: await server.inspectStore(file) };
  } catch (err) {
    throw storageError(err, file) ?? err;
  }
}

/** A write refused before it is sent: the store was opened read-only. */
export function readOnlyStore(file: string, why: string): StorageError {
  return new StorageError(`cannot write ${file}: ${why}; it can only be read`, `make it and its directory writable by you, ${ELSEWHERE}`);
}

/**
 * Remembers the last storage error (full disk, damaged file) a read or write of `store` met: the
 * service answers it with a plain 500, and the CLI tells the user the real reason instead.
 */
function watchFaults(store: Store, file: string, onFault: (fault: CliError) => void): void {
  const wrap = <T>(run: () => T): T => {
    try {
      return run();
    } catch (err) {
      const fault = storageError(err, file);
      if (fault) onFault(fault);
      throw err;
    }
  };
  const write = store.write.bind(store);
  const read = store.read.bind(store);
  store.write = <T>(fn: () => T): T => wrap(() => write(fn));
  store.read = <T>(fn: () => T): T => wrap(() => read(fn));
}

/** Opens the SQLite `file` and serves it on 127.0.0.1 for this process only. */
export async function startLocalService(opts: { file: string; timezone: string; now: () => Date; today?: () => string; warn?: (line: string) => void }): Promise<LocalService> {
  const server = await import('./server/index.js');
  const file = opts.file;
  const { store, readOnly } = await openLocalStore(file, opts.warn);
  let fault: CliError | undefined;
  watchFaults(store, file, (f) => (fault = f));
  const { randomBytes } = await import('node:crypto');
  const apiKey = randomBytes(24).toString('base64url');
  try {
    const service = server.createServer({
      db: store,
      apiKey,
      timezone: opts.timezone,
      clock: { now: opts.now, ...(opts.today ? { today: opts.today } : {}) },
      // One process, one user: a bulk import must not trip the 500/min limit meant for a shared server.
      rateLimit: false,
      // Its key is random and known to this process alone, so there is nothing to guess; and the
      // count lives in the file, where failures against `habits serve` on it would lock this out.
      authFailureLimit: false,
    });
    const listening = await service.listen({ port: 0, host: '127.0.0.1' });
    return {
      baseUrl: listening.url,
      apiKey,
      file,
      ...(readOnly ? { readOnly } : {}),
      fault: () => fault,
      close: async () => {
        await listening.close();
        store.close();
      },
    };
  } catch (err) {
    store.close();
    throw err;
  }
}

/**
 * The local service's guard, as middleware: a write to a read-only store is refused here, in one
 * line, unsent (reads still work), and the bare 500 the service answers a full disk or a damaged
 * file with becomes what it was.
 */
export function localGuard(local: LocalService): Middleware {
  return (next) => async (req) => {
    if (local.readOnly && !isRead(req)) throw readOnlyStore(local.file, local.readOnly);
    try {
      return await next(req);
    } catch (err) {
      const fault = err instanceof ApiError && err.status === 500 ? local.fault() : undefined;
      throw fault ?? err;
    }
  };
}
