// The status file: what `habits status` prints, kept by every command that has just seen today's
// journal (journal, check, status --refresh), so a shell prompt or a status bar reads one small
// file and never the network. One per account, named as the name cache is (cache.ts: a hash of
// the account's scope, never the key), in the cache directory, 0600, written whole and renamed
// into place. Read by the CommonJS fast path (status-bin.ts) too: this file imports nothing heavy.
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../hash.js';

/**
 * One habit of the day as the journal showed it, and as the writes of the day have changed it
 * since: enough for a write to be followed without a request (commands/shared/status.ts).
 */
export interface StatusHabit {
  id: string;
  name: string;
  type: 'good' | 'bad';
  /** The journal's word: completed, skipped, failed, inprogress. */
  status: string;
  /** The goal period's progress, when the habit has a goal: `current` and `target` in `unit`. */
  current?: number;
  target?: number;
  unit?: string;
  periodicity?: string;
  /** The journal's current streak (0 without one). */
  streak: number;
}

/** What the file holds: the day's counts, computed when the journal was seen. */
export interface StatusData {
  v: 1;
  /** The day it describes, YYYY-MM-DD in the user's zone. */
  date: string;
  /** When that day ends (ms since the epoch): after it the file describes nothing. */
  until: number;
  /** When the journal was seen (ms since the epoch). */
  at: number;
  /** Habits completed (for a bad habit: within its limit). */
  done: number;
  /** Habits due: every journal entry but the skipped ones (time off included). */
  due: number;
  /** The good habits still open, in the journal's order (time of day, then name): [id, name]. */
  open: [string, string][];
  /** The longest current streak among the day's habits (0 when none). */
  best_streak: number;
  /** The day's habits in the journal's order, as the counts were computed from them. */
  habits?: StatusHabit[];
  /** A write since the journal could not be followed: the counts may be out of date. */
  stale?: boolean;
}

/** The status file of the account `scope` in `cacheDir`. */
export function statusFile(cacheDir: string, scope: string): string {
  return join(cacheDir, `status-${sha256Hex(scope).slice(0, 20)}.json`);
}

/** The file's data, when it holds some for the instant `nowMs`; undefined when missing, damaged or over. */
export function readStatus(file: string, nowMs: number): StatusData | undefined {
  let data: StatusData;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as StatusData;
  } catch {
    return undefined;
  }
  if (!data || data.v !== 1 || typeof data.until !== 'number' || nowMs >= data.until || !Array.isArray(data.open)) return undefined;
  return data;
}

/** Writes the file whole (0600, in a 0700 directory), then renames it into place; a failure is ignored. */
export function writeStatus(file: string, data: StatusData): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // A status line is a convenience: the command that saw the journal stands.
    try {
      unlinkSync(tmp);
    } catch {
      // nothing left behind
    }
  }
}

/**
 * Marks the line stale when the file describes `date`: a write of that day reached the server
 * without being followed (a queued one, sent later by sync or before another command's request).
 */
export function markStale(file: string, nowMs: number, date: string): void {
  const data = readStatus(file, nowMs);
  if (data && data.date === date && !data.stale) writeStatus(file, { ...data, stale: true });
}
