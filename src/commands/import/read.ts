// Reading another tracker's files from disk: Loop's export (its folder, its Habits.csv, or the zip
// it shares) and harsh's folder (or its `habits` file, the `log` beside it). Text is strict UTF-8.
// A zip is read through its central directory (Loop's ZipOutputStream writes sizes after the data),
// stored or deflated entries only, with node:zlib.
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { UsageError } from '../../errors.js';
import { ForeignFormatError } from '../../model/foreign/plan.js';

/** The most read of one import, all files together: a year of a hundred habits is a few MB. */
export const MAX_FOREIGN_BYTES = 64 * 1024 * 1024;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function text(bytes: Buffer, name: string): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ForeignFormatError(name, undefined, 'not UTF-8 text');
  }
}

function cannotRead(file: string, err: unknown): UsageError {
  const code = (err as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (err as Error).message;
  return new UsageError(`cannot read ${file}: ${why}`);
}

async function readSmall(file: string, budget: { left: number }): Promise<Buffer> {
  try {
    const { size } = await stat(file);
    budget.left -= size;
    if (budget.left < 0) throw new UsageError(`the files to import are larger than ${MAX_FOREIGN_BYTES} bytes, the most an import reads`);
    return await readFile(file);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw cannotRead(file, err);
  }
}

/** The entries of a zip archive, by name, as text. */
export function unzip(bytes: Buffer, name: string): Map<string, string> {
  const bad = (why: string) => new ForeignFormatError(name, undefined, `not a zip archive Loop wrote: ${why}`);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end === -1) throw bad('no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw bad('a broken central directory');
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const entry = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extra + comment;
    if (entry.endsWith('/')) continue;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw bad(`a broken entry ${entry}`);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    let content: Buffer;
    try {
      content = method === 0 ? data : method === 8 ? inflateRawSync(data, { maxOutputLength: MAX_FOREIGN_BYTES }) : (() => { throw bad(`${entry} is compressed by method ${method}`); })();
    } catch (err) {
      if (err instanceof ForeignFormatError) throw err;
      throw bad(`${entry} does not inflate`);
    }
    total += content.length;
    if (size !== content.length || total > MAX_FOREIGN_BYTES) throw bad(`${entry} is not the size its directory says`);
    // Only the CSV files matter; Loop writes nothing else.
    if (entry.endsWith('.csv')) files.set(entry, text(content, `${name}:${entry}`));
  }
  return files;
}

/** What `file` is (a file, a folder), or the usage error that names why it cannot be read. */
async function statOf(file: string): Promise<Awaited<ReturnType<typeof stat>>> {
  try {
    return await stat(file);
  } catch (err) {
    throw cannotRead(file, err);
  }
}

/** A Loop export at `file`: a zip, a folder holding Habits.csv, or Habits.csv itself. Paths relative to the export. */
export async function readLoop(file: string): Promise<Map<string, string>> {
  const budget = { left: MAX_FOREIGN_BYTES };
  const info = await statOf(file);
  if (info.isFile() && basename(file) !== 'Habits.csv') return unzip(await readSmall(file, budget), file);
  const dir = info.isDirectory() ? file : dirname(file);
  const files = new Map<string, string>([['Habits.csv', text(await readSmall(join(dir, 'Habits.csv'), budget), join(dir, 'Habits.csv'))]]);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    throw cannotRead(dir, err);
  }
  for (const name of names.filter((n) => /^\d{3} /.test(n)).sort()) {
    const path = join(dir, name, 'Checkmarks.csv');
    try {
      files.set(`${name}/Checkmarks.csv`, text(await readSmall(path, budget), path));
    } catch (err) {
      if (!(err instanceof UsageError && /no such file/.test(err.message))) throw err;
    }
  }
  return files;
}

/** harsh's `habits` and `log` texts: `file` is its folder, or the habits file with `log` beside it. */
export async function readHarsh(file: string): Promise<{ habits: string; log: string; files: { habits: string; log: string } }> {
  const budget = { left: MAX_FOREIGN_BYTES };
  const info = await statOf(file);
  const habitsFile = info.isDirectory() ? join(file, 'habits') : file;
  const logFile = join(dirname(habitsFile), 'log');
  return {
    habits: text(await readSmall(habitsFile, budget), habitsFile),
    log: text(await readSmall(logFile, budget), logFile),
    files: { habits: habitsFile, log: logFile },
  };
}
