// What `habits remind` remembers between runs, per account, in the data directory: an append-only
// JSON-lines file (record/jsonl.ts: 0600, fsynced, a torn last line skipped), and its lock
// (record/lock.ts), held for the whole run so two runs at once never fire the same reminder.
//
//   {"op":"run","at":"…","offline":true?}                  a run that delivered all it fired
//   {"op":"fired","key":"2026-11-22|-Nq3x|t07:30","at":"…","time":"…","habit":"Walk","via":"desktop"}
//     (with "failed":"… timed out after 30 s and was killed" when its notifier was killed at the time
//     limit: it may have shown, and is not run again)
//   {"op":"met","date":"2026-11-22","habitId":"-Nq3x","status":"completed","at":"…"}   a stack's condition, first known
// Any other line (damaged, or another program's) is skipped and counted: `habits doctor` says so.
import { mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../hash.js';
import { isValidDate } from '../model/dates.js';
import { appendLines, eachLine } from '../record/jsonl.js';
import { Lock, type Busy } from '../record/lock.js';
import type { Memory } from './schedule.js';

/** The reminder state file of the account `scope` in `dataDir`. */
export function reminderFile(dataDir: string, scope: string): string {
  return join(dataDir, `reminders-${sha256Hex(scope).slice(0, 20)}.jsonl`);
}

/** Past this size, the file is rewritten with the last two days' lines only. */
const COMPACT_BYTES = 256 * 1024;

/** One fired reminder as the state keeps it. */
export interface FiredLine {
  key: string;
  /** When it fired. */
  at: string;
  /** When it was due. */
  time: string;
  habit: string;
  via: string;
}

/** A line of the state, read: what it says, typed. */
type StateLine =
  | { op: 'run'; at: Date; offline: boolean }
  | { op: 'fired'; at: Date; fired: FiredLine }
  | { op: 'met'; at: Date; key: string };

/**
 * A line of the state file as this version writes it, or undefined for anything else (a damaged
 * line, or one of another program): every field it reads present and of its type, `at` an instant.
 */
export function stateLineOf(line: Record<string, unknown>): StateLine | undefined {
  const at = typeof line.at === 'string' ? new Date(line.at) : undefined;
  if (!at || Number.isNaN(at.getTime())) return undefined;
  const text = (key: string): string | undefined => (typeof line[key] === 'string' ? (line[key] as string) : undefined);
  switch (line.op) {
    case 'run':
      return line.offline === undefined || typeof line.offline === 'boolean' ? { op: 'run', at, offline: line.offline === true } : undefined;
    case 'fired': {
      const [key, time, habit, via] = [text('key'), text('time'), text('habit'), text('via')];
      if (key === undefined || time === undefined || habit === undefined || via === undefined) return undefined;
      return { op: 'fired', at, fired: { key, at: line.at as string, time, habit, via } };
    }
    case 'met': {
      const [date, habitId, status] = [text('date'), text('habitId'), text('status')];
      if (date === undefined || !isValidDate(date) || habitId === undefined || status === undefined) return undefined;
      return { op: 'met', at, key: `${date}|${habitId}|${status}` };
    }
    default:
      return undefined;
  }
}

/** The state of one account's reminders. */
export class ReminderState {
  readonly lock: Lock;

  constructor(readonly file: string) {
    this.lock = new Lock(`${file}.lock`);
  }

  /**
   * Everything remembered: what fired, conditions met, the last run; and how many lines were
   * skipped as none of these (stateLineOf: a damaged line, or one of another program).
   */
  read(): Memory & { lastOffline: boolean; damaged: number } {
    const fired = new Map<string, FiredLine>();
    const met = new Map<string, Date>();
    let lastRun: Date | undefined;
    let lastOffline = false;
    let damaged = 0;
    const skip = (): void => void damaged++;
    eachLine(this.file, (raw) => {
      const line = stateLineOf(raw);
      if (!line) return skip();
      if (line.op === 'run') {
        if (!lastRun || line.at > lastRun) [lastRun, lastOffline] = [line.at, line.offline];
      } else if (line.op === 'fired') {
        if (!fired.has(line.fired.key)) fired.set(line.fired.key, line.fired);
      } else {
        const known = met.get(line.key);
        if (!known || line.at < known) met.set(line.key, line.at);
      }
    }, undefined, skip);
    return { fired, met, ...(lastRun ? { lastRun } : {}), lastOffline, damaged };
  }

  /** Appends lines durably (each fired reminder is written before the next is delivered). */
  append(lines: readonly Record<string, unknown>[]): void {
    appendLines(this.file, lines);
  }

  /**
   * Keeps the file small: past COMPACT_BYTES, rewritten beside itself with the lines of `keepFrom`
   * (a date) and after, and the last run, then renamed over it. Only under the lock.
   */
  compact(keepFrom: string): void {
    let size = 0;
    try {
      size = statSync(this.file).size;
    } catch {
      return;
    }
    if (size < COMPACT_BYTES) return;
    const kept: Record<string, unknown>[] = [];
    let run: Record<string, unknown> | undefined;
    eachLine(this.file, (line) => {
      // A line that is not one of ours is left behind: it was never read.
      if (!stateLineOf(line)) return;
      if (line.op === 'run') run = line;
      else if (String(line.date ?? line.key ?? '').slice(0, 10) >= keepFrom) kept.push(line);
    });
    const next = `${this.file}.${process.pid}.new`;
    appendLines(next, run ? [...kept, run] : kept);
    renameSync(next, this.file);
  }

  /**
   * Takes the lock, waiting for a run that holds it to end (`waitMs` at most, checking every
   * `stepMs`); the Busy when it does not.
   */
  async acquire(waitMs: number, sleep: (ms: number) => Promise<void>, stepMs = 100): Promise<Busy | undefined> {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    for (let waited = 0; ; waited += stepMs) {
      const busy = this.lock.acquire();
      if (!busy || waited >= waitMs) return busy;
      await sleep(stepMs);
    }
  }
}
