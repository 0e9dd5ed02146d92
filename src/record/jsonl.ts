// Append-only JSON-lines files made durable: each append is one write(2) of whole lines to a file
// opened O_APPEND, then fsync(2), so a line survives SIGKILL and power loss once append() returns,
// and processes appending at once never interleave inside a line.
//
// A line counts only once its newline is written. A crash (power loss, a full disk) can leave the
// last line cut short, without its newline: readers skip it, and the next append first ends it
// with TORN, so that it stays unreadable (a complete object followed by TORN is not JSON either)
// and the new line starts a line of its own. One damaged line never hides another.
import { closeSync, constants, fchmodSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { FailureError } from '../errors.js';
import { myUid, privateDirReason, statOf, tightenOwn } from '../file-modes.js';

/** What ends a torn last line before the next append. */
export const TORN = ' (torn: cut short by a crash)\n';

/**
 * Appends `values` as JSON lines to `file` (0600, in a 0700 directory made when missing), then
 * fsyncs it. The outbox is removed when nothing waits in it (Outbox.tidy), possibly between this
 * process opening it and writing: lines written to a file no longer at `file` are written again,
 * to the file there now (a reader keeps the first line of an id, so a repeat changes nothing).
 */
export function appendLines(file: string, values: readonly unknown[], hooks: AppendHooks = {}): void {
  if (values.length === 0) return;
  const text = values.map((v) => JSON.stringify(v)).join('\n') + '\n';
  for (let attempt = 0; attempt < 5; attempt++) {
    if (appendOnce(file, text, () => hooks.afterOpen?.(attempt))) return;
  }
  throw Object.assign(new Error(`${file} kept being removed while it was written`), { code: 'EAGAIN' });
}

/** Where tests step in: between opening the file and writing to it, as another process might. */
export interface AppendHooks {
  afterOpen?: (attempt: number) => void;
}

/** One append; false when the file was removed or replaced meanwhile, so the lines are not in it. */
function appendOnce(file: string, text: string, afterOpen: () => void): boolean {
  let fd: number;
  try {
    fd = open(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    fd = open(file);
  }
  try {
    keepPrivate(fd, dirname(file));
    afterOpen();
    writeSync(fd, tornTail(fd) ? TORN + text : text);
    fsyncSync(fd);
    return stillThere(file, fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens `file` to read and append, creating it 0600; never through a symbolic link (the lines
 * would land in whatever the link names).
 */
function open(file: string): number {
  try {
    return openSync(file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOOP') throw err;
    throw symlinkError(file);
  }
}

/** One line (exit 1) for a path of ours that is a symbolic link, which is never followed. */
function symlinkError(file: string): FailureError {
  return new FailureError(`${file} is a symbolic link; habits writes it only as a file of its own (remove the link)`, 'storage');
}

/** The data directory's files of the CLI and of the local store. */
const OURS = /^((writes|outbox|reminders)-[0-9a-f]{20}\.jsonl(\.lock)?|habits\.db(-wal|-shm|-journal)?)$/;

/**
 * The file is 0600 in a 0700 directory (docs/outbox.md): a looser mode of a file of ours is
 * tightened, and the directory's by file-modes.ts's rule (ours, no link, not shared, nothing but
 * our files), so a shared directory that HABITS_DATA_DIR names keeps its mode.
 */
function keepPrivate(fd: number, dir: string): void {
  const st = fstatSync(fd);
  if ((st.mode & 0o077) !== 0 && st.uid === myUid()) fchmodSync(fd, st.mode & 0o700);
  // One stat on every append; the rest only when the directory is loose.
  if (((statOf(dir, false)?.mode ?? 0) & 0o077) !== 0 && privateDirReason(dir, (name) => OURS.test(name)) === undefined) tightenOwn(dir, 0o700);
}

/** Whether the file open as `fd` is still the one at `file`. */
function stillThere(file: string, fd: number): boolean {
  const written = fstatSync(fd);
  if (written.nlink === 0) return false;
  try {
    return statSync(file).ino === written.ino;
  } catch {
    return false;
  }
}

/** Whether the file open as `fd` ends inside a line (its last byte is not a newline). */
function tornTail(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

/** A line longer than this is not one of ours (a write is a few hundred bytes): skipped unread. */
export const MAX_LINE_BYTES = 1 << 20;

/**
 * Calls `each` with the JSON object of every complete line of `file`, in order, reading it in
 * chunks: a file of any size costs memory for one chunk and one line, never a string of the whole
 * file (a 600 MB outbox made every command fail). Lines that do not parse, or are not a JSON object
 * (an array, a string, a number), and lines longer than MAX_LINE_BYTES are skipped, each with a
 * call of `damaged`; so is a last line without its newline (cut short, or being written), without
 * one. Nothing when the file does not exist; a symbolic link is refused, as appendLines refuses it.
 */
export function eachLine(file: string, each: (value: Record<string, unknown>) => void, chunkBytes = 1 << 20, damaged: () => void = () => {}): void {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ELOOP') throw symlinkError(file);
    throw err;
  }
  try {
    eachLineOf(fd, 0, each, chunkBytes, damaged);
  } finally {
    closeSync(fd);
  }
}

/**
 * eachLine of the open file `fd`, from byte `offset` (the start of a line) to its end: what
 * Outbox.compact copies over from a file replaced while it read it.
 */
export function eachLineOf(fd: number, offset: number, each: (value: Record<string, unknown>) => void, chunkBytes = 1 << 20, damaged: () => void = () => {}): void {
  const chunk = Buffer.allocUnsafe(chunkBytes);
  let carry: Buffer[] = [];
  let carried = 0;
  let skipping = false;
  for (let position = offset; ; ) {
    const got = readSync(fd, chunk, 0, chunkBytes, position);
    if (got === 0) break;
    position += got;
    const data = chunk.subarray(0, got);
    let start = 0;
    for (let nl = data.indexOf(0x0a, start); nl !== -1; nl = data.indexOf(0x0a, start)) {
      if (!skipping && carried + (nl - start) <= MAX_LINE_BYTES) {
        parseLine(carry.length ? Buffer.concat([...carry, data.subarray(start, nl)]) : data.subarray(start, nl), each, damaged);
      } else damaged();
      [carry, carried, skipping, start] = [[], 0, false, nl + 1];
    }
    if (start < got && !skipping) {
      carried += got - start;
      if (carried > MAX_LINE_BYTES) [carry, carried, skipping] = [[], 0, true];
      else carry.push(Buffer.from(data.subarray(start)));
    }
  }
  // What is left in `carry` has no newline: a line cut short, skipped.
}

function parseLine(bytes: Buffer, each: (value: Record<string, unknown>) => void, damaged: () => void): void {
  if (bytes.length === 0) return;
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    // A line cut short by a crash, ended by TORN: the lines before and after it still count.
    damaged();
    return;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) each(value as Record<string, unknown>);
  else damaged();
}

/** The JSON objects of `file`'s complete lines, in order (see eachLine); [] when it does not exist. */
export function readLines(file: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  eachLine(file, (value) => out.push(value));
  return out;
}
