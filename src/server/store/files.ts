// The store's files are private: the database (which holds the API key of `habits serve`) and its
// -wal and -shm files are 0600, in a 0700 directory. And whether the store can be written at all.
import { accessSync, chmodSync, closeSync, constants, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';

/** The files SQLite keeps beside a database. */
const COMPANIONS = ['-wal', '-shm', '-journal'];

function stat(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

const octal = (mode: number): string => '0' + (mode & 0o777).toString(8);

/**
 * Makes the directory of `file` (0700) and the file itself (empty, 0600) when they are missing, so
 * SQLite never creates them with the umask's 0755/0644; SQLite gives -wal and -shm the database's
 * mode. Tightens looser modes it finds, and returns what it changed (`path (0644 -> 0600)`). An
 * existing directory is tightened only when it holds nothing but the store: `--data ./habits.db`
 * must not close a project directory, or /tmp, to everyone else.
 * Throws EISDIR when a directory stands where the file should be.
 */
export function preparePrivateFiles(file: string): string[] {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const found = stat(file);
  if (found?.isDirectory()) {
    throw Object.assign(new Error(`${file} is a directory`), { code: 'EISDIR', path: file });
  }
  if (!found) closeSync(openSync(file, 'a', 0o600));
  const repaired: string[] = [];
  // Only the group's and others' bits are taken away: a read-only file stays read-only.
  const tighten = (path: string): void => {
    const st = stat(path);
    const old = Number(st?.mode ?? 0);
    if (!st || (old & 0o077) === 0) return;
    try {
      chmodSync(path, old & 0o700);
      repaired.push(`${path} (${octal(old)} -> ${octal(old & 0o700)})`);
    } catch {
      // Not ours, or a read-only file system: nothing to repair from here.
    }
  };
  for (const suffix of ['', ...COMPANIONS]) tighten(file + suffix);
  const own = new Set(['', ...COMPANIONS].map((suffix) => basename(file) + suffix));
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    // An unreadable directory is left as it is.
  }
  // The CLI keeps its record of writes and its outbox beside the store (writes-*.jsonl, outbox-*.jsonl).
  const cli = /^(writes|outbox)-[0-9a-f]{20}\.jsonl(\.lock)?$/;
  if (entries.length > 0 && entries.every((name) => own.has(name) || cli.test(name))) tighten(dir);
  return repaired;
}

/**
 * Why the existing `file` cannot be written (no permission, a read-only file system), or undefined
 * when it can. SQLite needs the directory too, for the -wal and -shm files.
 */
export function readOnlyReason(file: string): string | undefined {
  for (const path of [file, dirname(file)]) {
    try {
      accessSync(path, constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EROFS') return 'it is on a read-only file system';
      if (code === 'EACCES' || code === 'EPERM') return path === file ? 'the file is read-only' : 'its directory is read-only';
      return undefined;
    }
  }
  return undefined;
}
