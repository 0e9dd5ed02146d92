// Rows of the logs table: measured values and the complete/failed/skipped marks.
import type { LogKind } from '../../domain/timeline.js';
import type { Store } from '../store.js';

/** A log as stored. */
export interface LogRow {
  id: string;
  habitId: string;
  date: string;
  kind: LogKind;
  value: number;
  unit: string | null;
  createdAt: string;
}

const INSERT = 'INSERT INTO logs (id, habit_id, date, kind, value, unit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';

function insertRows(store: Store, logs: Iterable<LogRow>): void {
  const insert = store.prepare(INSERT);
  for (const log of logs) insert.run(log.id, log.habitId, log.date, log.kind, log.value, log.unit, log.createdAt);
}

/** Inserts a log. */
export function insertLog(store: Store, log: LogRow): void {
  insertRows(store, [log]);
}

/** Inserts many logs in one transaction (bulk loading; the bench seeds with it). */
export function importLogs(store: Store, logs: readonly LogRow[]): void {
  store.write(() => insertRows(store, logs));
}

/** Replaces every log of a habit with `logs` (which must all be the habit's). */
export function replaceLogs(store: Store, habitId: string, logs: readonly LogRow[]): void {
  store.prepare('DELETE FROM logs WHERE habit_id = ?').run(habitId);
  insertRows(store, logs);
}

/** The logs of a habit on one date. */
export function logsOn(store: Store, habitId: string, date: string): { id: string; kind: LogKind }[] {
  return store.prepare('SELECT id, kind FROM logs WHERE habit_id = ? AND date = ? ORDER BY seq').all(habitId, date) as {
    id: string;
    kind: LogKind;
  }[];
}

/**
 * Every log of a habit as [date, kind, value, unit] arrays, in the order every fold uses (so float
 * sums come out the same whichever way a day is folded), answered from the covering index
 * logs_habit_cover.
 */
export function habitLogRows(store: Store, habitId: string): [string, LogKind, number, string | null][] {
  return store.prepare('SELECT date, kind, value, unit FROM logs WHERE habit_id = ? ORDER BY date, kind, value, unit').raw().all(habitId) as [string, LogKind, number, string | null][];
}

/**
 * The logs of a habit dated `from` to `to` (inclusive `YYYY-MM-DD`), by date, then creation, then
 * insertion. The index logs_habit_cover finds the range; only its rows are read and sorted.
 */
export function logsBetween(store: Store, habitId: string, from: string, to: string): LogRow[] {
  return store.prepare(LOGS_BETWEEN).all(habitId, from, to) as LogRow[];
}

/** The statement of logsBetween (its query plan is tested). */
export const LOGS_BETWEEN = `SELECT id, habit_id AS habitId, date, kind, value, unit, created_at AS createdAt FROM logs
  WHERE habit_id = ? AND date BETWEEN ? AND ? ORDER BY date, created_at, seq`;

/** Deletes logs by id. */
export function deleteLogs(store: Store, habitId: string, ids: readonly string[]): number {
  const stmt = store.prepare('DELETE FROM logs WHERE habit_id = ? AND id = ?');
  let n = 0;
  for (const id of ids) n += stmt.run(habitId, id).changes;
  return n;
}

/** Deletes every log of a habit on a date; returns how many. */
export function deleteLogsOn(store: Store, habitId: string, date: string): number {
  const n = store.prepare('DELETE FROM logs WHERE habit_id = ? AND date = ?').run(habitId, date).changes;
  return n;
}
