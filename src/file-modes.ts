// What habits keeps is private (0600 files in 0700 directories), and a looser mode is tightened
// only where that takes nothing from anyone: never through a symbolic link, never on what belongs
// to another user, and a directory only when it is no shared one (sticky bit) and holds nothing
// but our files. Used for the config directory (config/trust.ts) and the data directory's outbox
// and record (record/jsonl.ts); `habits serve` has its own copy of the rule (server/store/files.ts),
// as the service imports nothing from the CLI.
import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, statSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';

const windows = process.platform === 'win32';

/** Our user id (undefined where there is none, on Windows). */
export function myUid(): number | undefined {
  return process.getuid?.();
}

/** stat (or lstat, without `follow`), or undefined when the path is missing or unreadable. */
export function statOf(path: string, follow: boolean): Stats | undefined {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Where the symbolic link `path` points (as written in the link), or undefined when it is no link. */
export function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why the directory `dir` is not made private (0700), or undefined when it may be: it must be
 * ours, no symbolic link, without the sticky bit (a shared directory such as /tmp), and hold
 * nothing but files `ours` accepts.
 */
export function privateDirReason(dir: string, ours: (name: string) => boolean): string | undefined {
  // resolve() drops a trailing slash, through which lstat would follow a link.
  dir = resolve(dir);
  const st = statOf(dir, false);
  if (!st) return 'it does not exist';
  if (st.isSymbolicLink()) return `it is a symbolic link to ${linkTarget(dir) ?? '?'}`;
  if (st.uid !== myUid()) return `it belongs to another user (uid ${st.uid})`;
  if ((st.mode & 0o1000) !== 0) return 'it is a shared directory (sticky bit)';
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 'it cannot be listed';
  }
  return names.every(ours) ? undefined : 'it holds other files';
}

/** What tightenOwn did: changed the mode from `from`, or left the path as it is because of `left`. */
export type Tightened = { from: number } | { left: string } | undefined;

/**
 * Sets `path` to `want` when it has group or other bits, without following a symbolic link and
 * only when it is ours; undefined when it was already private (or is missing).
 */
export function tightenOwn(path: string, want: number): Tightened {
  path = resolve(path);
  const link = statOf(path, false);
  if (!link) return undefined;
  if (link.isSymbolicLink()) return (statOf(path, true)?.mode ?? 0) & 0o077 ? { left: `it is a symbolic link to ${linkTarget(path) ?? '?'}` } : undefined;
  if ((link.mode & 0o077) === 0) return undefined;
  if (windows) return undefined;
  let fd: number;
  try {
    // O_NOFOLLOW: a link swapped in meanwhile is refused (ELOOP), never followed.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    return { left: `it could not be opened (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    const st = fstatSync(fd);
    if (st.uid !== myUid()) return { left: `it belongs to another user (uid ${st.uid})` };
    fchmodSync(fd, want);
    return { from: st.mode & 0o777 };
  } catch (err) {
    return { left: `it could not be changed (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    closeSync(fd);
  }
}
