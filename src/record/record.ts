// The record of writes: every write the CLI sends for an account (marks, values, undo, log rm, and
// habit, area and note writes) is one JSON line appended to `writes-<scope hash>.jsonl` in the data
// directory: what was sent (method, path, body), when, the server's status and the log id it
// answered. It is what `habits log ls` (remote) and `habits undo` read. The file is named by a hash
// of the account's scope (base URL and a hash of the key); the key is never in it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OffNote } from '../api/routes.js';
import { sha256Hex } from '../hash.js';
import { isValidDate } from '../model/dates.js';
import { appendLines, eachLine } from './jsonl.js';
import { offNoteOf } from './outbox.js';

/** One line of the record. */
export interface RecordedWrite {
  /** When it was sent, ISO 8601. */
  at: string;
  method: string;
  /** Below the base URL, e.g. `/habits/h1/logs/complete`. */
  path: string;
  body?: unknown;
  /** The server's answer status; 0 when no answer came. */
  status: number;
  /** The log id the server answered (the local service does; production may not). */
  logId?: string;
  /** Why no answer came: `network` or `timeout`. */
  error?: string;
  /** Sent from the outbox: its number there. */
  outbox?: number;
  /**
   * `habits undo` of a value by its opposite, or of a mark by its day's undo: the `at` of the write
   * it reverts (only that log is gone from this machine's view, not the day's values).
   */
  reverts?: string;
  /**
   * A value `habits undo` wrote back after a day's undo cleared it: the `at` of the values it stands
   * for, whose place it takes.
   */
  restores?: string[];
  /** A skip mark of `habits off`: the range it belongs to. */
  off?: OffNote;
  /**
   * Written (status 0) before a skip of `habits off` is sent; the line after the answer confirms
   * it. One that no later write of its day follows is a write whose fate is unknown (the process
   * was killed between the service's write and its record): `off rm` looks at that day itself.
   */
  intent?: boolean;
}

/** A write recorded as about to be sent, with no later write of its day (unresolvedIntents). */
export interface PendingIntent {
  write: RecordedWrite;
  habitId: string;
  date: string;
}

/** What a log write is, read from its path. */
export type LogWriteKind = 'value' | 'completed' | 'failed' | 'skipped' | 'undo' | 'rm';

const MARKS: Record<string, LogWriteKind> = { complete: 'completed', failed: 'failed', skipped: 'skipped', undo: 'undo' };

/** A log write's habit and kind, from its method and path; undefined for other writes. */
export function logWriteOf(method: string, path: string): { habitId: string; kind: LogWriteKind; logId?: string } | undefined {
  const m = /^\/habits\/([^/]+)\/logs(?:\/([^/]+))?$/.exec(path);
  if (!m || m[1] === 'journal') return undefined;
  const habitId = decodeURIComponent(m[1]!);
  const rest = m[2] === undefined ? undefined : decodeURIComponent(m[2]);
  if (method === 'POST' && rest === undefined) return { habitId, kind: 'value' };
  if (method === 'POST' && rest !== undefined && MARKS[rest]) return { habitId, kind: MARKS[rest]! };
  if (method === 'DELETE' && rest !== undefined) return { habitId, kind: 'rm', logId: rest };
  return undefined;
}

/** A log this machine wrote that no later write of this machine removed. */
export interface LiveLog {
  write: RecordedWrite;
  habitId: string;
  type: 'value' | 'completed' | 'failed' | 'skipped';
  date: string;
  logId?: string;
}

/** The record file of the account `scope` in `dataDir`. */
export function recordFile(dataDir: string, scope: string): string {
  return join(dataDir, `writes-${sha256Hex(scope).slice(0, 20)}.jsonl`);
}

/**
 * Whether a line of the record is a write as this version writes it: every field it reads present
 * and of its type (`at` an instant, `path` below the base URL, `status` an HTTP status or 0, a
 * body's `targetDate` a date, an `off` a whole range). Anything else (a line of another program, a
 * damaged one) is skipped and counted, never trusted. Fields it does not know are kept.
 */
export function isRecordedWrite(x: Record<string, unknown>): x is Record<string, unknown> & RecordedWrite {
  const optional = (key: string, type: 'string' | 'number') => x[key] === undefined || typeof x[key] === type;
  if (typeof x.at !== 'string' || Number.isNaN(Date.parse(x.at))) return false;
  if (typeof x.method !== 'string' || !/^[A-Z]+$/.test(x.method) || typeof x.path !== 'string' || !x.path.startsWith('/')) return false;
  if (typeof x.status !== 'number' || !Number.isInteger(x.status) || x.status < 0 || x.status > 999) return false;
  if (!optional('logId', 'string') || !optional('error', 'string') || !optional('reverts', 'string')) return false;
  if (x.outbox !== undefined && !Number.isInteger(x.outbox)) return false;
  if (x.intent !== undefined && typeof x.intent !== 'boolean') return false;
  if (x.off !== undefined && !offNoteOf(x.off)) return false;
  if (x.restores !== undefined && !(Array.isArray(x.restores) && x.restores.length > 0 && x.restores.every((r) => typeof r === 'string'))) return false;
  if (x.body === undefined || x.body === null) return true;
  if (typeof x.body !== 'object' || Array.isArray(x.body)) return false;
  const date = (x.body as { targetDate?: unknown }).targetDate;
  return date === undefined || (typeof date === 'string' && isValidDate(date));
}

/** The record files in `dataDir`, one per account that wrote; none when it cannot be listed. */
export function recordFiles(dataDir: string): string[] {
  try {
    return readdirSync(dataDir).filter((name) => /^writes-[0-9a-f]{20}\.jsonl$/.test(name)).map((name) => join(dataDir, name));
  } catch {
    return [];
  }
}

/** The record of one account's writes. */
export class WriteRecord {
  constructor(readonly file: string) {}

  /** Appends one write, durably (fsync). */
  append(write: RecordedWrite): void {
    appendLines(this.file, [write]);
  }

  /** Each write of the record, in order (isRecordedWrite); the number of lines skipped as not one. */
  eachWrite(visit: (write: RecordedWrite) => void): number {
    let damaged = 0;
    const skip = (): void => void damaged++;
    eachLine(this.file, (line) => (isRecordedWrite(line) ? visit(line) : skip()), undefined, skip);
    return damaged;
  }

  /** How many writes the record holds, and how many of its lines were skipped (what `habits doctor` reports). */
  count(): { writes: number; damaged: number } {
    let writes = 0;
    const damaged = this.eachWrite((w) => {
      if (!w.intent) writes++;
    });
    return { writes, damaged };
  }

  /**
   * The intents (writes about to be sent) that no later write of the same habit and day follows:
   * neither the line of their answer (any status) nor an undo or another mark of that day.
   */
  unresolvedIntents(): PendingIntent[] {
    const pending = new Map<string, PendingIntent>();
    this.eachWrite((write) => {
      const w = logWriteOf(write.method, write.path);
      const date = dateOf(write.body);
      if (!w || !date) return;
      const key = `${w.habitId}|${date}`;
      if (write.intent) pending.set(key, { write, habitId: w.habitId, date });
      else pending.delete(key);
    });
    return [...pending.values()];
  }

  /**
   * The logs this machine created (2xx marks and values) that none of its later writes removed (a
   * `log rm` of the id, a `log undo` of the day, a later mark that replaced it, the opposite value
   * or the day's undo `habits undo` sent), oldest first. A value `habits undo` wrote back stands in
   * the place of the values it restores.
   */
  liveLogs(): LiveLog[] {
    const live: LiveLog[] = [];
    // Line by line: the record only grows, and is never read whole into memory.
    this.eachWrite((write) => {
      const w = logWriteOf(write.method, write.path);
      // A log or a habit the server no longer has (a 404 of its DELETE: removed elsewhere) is gone,
      // as one deleted from here: an undo would only be refused on it again, and again.
      const gone = write.status === 404 || (write.status >= 200 && write.status < 300);
      const habit = write.method === 'DELETE' && gone ? /^\/habits\/([^/]+)$/.exec(write.path) : null;
      if (habit) return removeWhere(live, (l) => l.habitId === decodeURIComponent(habit[1]!));
      if (w?.kind === 'rm' && write.status === 404) return removeWhere(live, (l) => l.habitId === w.habitId && l.logId === w.logId);
      if (write.status < 200 || write.status >= 300) return;
      if (!w) return;
      const date = dateOf(write.body);
      if (typeof write.reverts === 'string') {
        // A value logged to take back an earlier one, or the undo of a mark's day (habits undo,
        // which reverts the last live log): that log is gone, the day's values are not. Of two
        // written in the same instant, the later is the one reverted.
        const i = live.findLastIndex((l) => l.habitId === w.habitId && l.write.at === write.reverts);
        if (i !== -1) live.splice(i, 1);
      } else if (w.kind === 'rm') {
        removeWhere(live, (l) => l.habitId === w.habitId && l.logId === w.logId);
      } else if (w.kind === 'undo') {
        if (date) removeWhere(live, (l) => l.habitId === w.habitId && l.date === date);
      } else if (date) {
        // A mark replaces the day's other marks (the service keeps one mark a day).
        if (w.kind !== 'value') removeWhere(live, (l) => l.habitId === w.habitId && l.date === date && l.type !== 'value');
        const log: LiveLog = { write, habitId: w.habitId, type: w.kind, date, ...(write.logId ? { logId: write.logId } : {}) };
        const restores = write.restores;
        // A value written back takes the place of those it restores: a later undo reverts it where
        // the user wrote them, not as the newest write.
        const at = restores ? live.findLastIndex((l) => l.habitId === w.habitId && restores.includes(l.write.at)) : -1;
        if (at === -1) live.push(log);
        else {
          live.splice(at, 1, log);
          for (let i = at - 1; i >= 0; i--) if (live[i]!.habitId === w.habitId && restores!.includes(live[i]!.write.at)) live.splice(i, 1);
        }
      }
    });
    return live;
  }
}

/** The `targetDate` of a log write's body. */
export function dateOf(body: unknown): string | undefined {
  const d = (body as { targetDate?: unknown } | undefined)?.targetDate;
  return typeof d === 'string' ? d : undefined;
}

function removeWhere<T>(list: T[], pred: (x: T) => boolean): void {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i]!)) list.splice(i, 1);
}
