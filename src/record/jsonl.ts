// Append-only JSON-lines files made durable: each append is one write(2) of whole lines to a file
// opened O_APPEND, then fsync(2), so a line survives SIGKILL and power loss once append() returns,
// and processes appending at once never interleave inside a line. A reader skips a line it cannot
// parse (the torn tail of a write cut by a crash), so one damaged line never hides the others.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Appends `values` as JSON lines to `file` (0600, in a 0700 directory made when missing), then fsyncs it. */
export function appendLines(file: string, values: readonly unknown[]): void {
  if (values.length === 0) return;
  const text = values.map((v) => JSON.stringify(v)).join('\n') + '\n';
  let fd: number;
  try {
    fd = openSync(file, 'a', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    fd = openSync(file, 'a', 0o600);
  }
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The JSON objects of `file`'s lines, in order; [] when it does not exist. Unreadable lines are skipped. */
export function readLines(file: string): Record<string, unknown>[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (value && typeof value === 'object' && !Array.isArray(value)) out.push(value as Record<string, unknown>);
    } catch {
      // A line cut short by a crash: the writes before and after it still count.
    }
  }
  return out;
}
