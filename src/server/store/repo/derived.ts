// Rows of the derived tables (schema migration 3): what writes left to bring up to date
// (derived_dirty), each logged day folded (day_totals) and each due goal period (periods).
import type { Day } from '../../domain/dates.js';
import { COMPLETED, type DayData, type LogKind, type StatusCode } from '../../domain/timeline.js';
import type { Store } from '../store.js';

/** A habit and a date (`YYYY-MM-DD`, or `*` for all of it) whose derived data is stale. */
export interface DirtyEntry {
  habitId: string;
  date: string;
}

/** Whole-habit marker in derived_dirty. */
export const WHOLE_HABIT = '*';

/** Everything the writes of the current transaction left stale. */
export function dirtyEntries(store: Store): DirtyEntry[] {
  return store.prepare('SELECT habit_id AS habitId, date FROM derived_dirty').all() as DirtyEntry[];
}

/** Whether anything is stale (only a write by an older version leaves entries behind a commit). */
export function hasDirty(store: Store): boolean {
  return store.prepare('SELECT EXISTS (SELECT 1 FROM derived_dirty)').pluck().get() === 1;
}

/** Forgets the stale entries, once they are brought up to date. */
export function clearDirty(store: Store): void {
  store.prepare('DELETE FROM derived_dirty').run();
}

/** The logs of a habit on one date as [kind, value, unit], in the order every fold uses. */
export function logRowsOn(store: Store, habitId: string, date: string): [LogKind, number, string | null][] {
  return store
    .prepare('SELECT kind, value, unit FROM logs WHERE habit_id = ? AND date = ? ORDER BY kind, value, unit')
    .raw()
    .all(habitId, date) as [LogKind, number, string | null][];
}

/** Sets (or, with null, removes) the folded total of one day. */
export function putDayTotal(store: Store, habitId: string, day: Day, data: DayData | null): void {
  if (data) store.prepare('INSERT OR REPLACE INTO day_totals (habit_id, day, amount, mark) VALUES (?, ?, ?, ?)').run(habitId, day, data.amount, data.mark);
  else store.prepare('DELETE FROM day_totals WHERE habit_id = ? AND day = ?').run(habitId, day);
}

/** Replaces every day total of a habit. */
export function replaceDayTotals(store: Store, habitId: string, days: ReadonlyMap<Day, DayData>): void {
  store.prepare('DELETE FROM day_totals WHERE habit_id = ?').run(habitId);
  const insert = store.prepare('INSERT INTO day_totals (habit_id, day, amount, mark) VALUES (?, ?, ?, ?)');
  for (const [day, data] of days) insert.run(habitId, day, data.amount, data.mark);
}

/** The day totals of a habit from `from` to `to` (inclusive), in day order. */
export function dayTotals(store: Store, habitId: string, from: Day, to: Day): Map<Day, DayData> {
  const rows = store
    .prepare('SELECT day, amount, mark FROM day_totals WHERE habit_id = ? AND day BETWEEN ? AND ? ORDER BY day')
    .raw()
    .all(habitId, from, to) as [Day, number, StatusCode][];
  const days = new Map<Day, DayData>();
  for (const [day, amount, mark] of rows) days.set(day, { amount, mark });
  return days;
}

/** Every day's amount of a habit, in day order. */
export function dayAmounts(store: Store, habitId: string): number[] {
  return store.prepare('SELECT amount FROM day_totals WHERE habit_id = ? ORDER BY day').pluck().all(habitId) as number[];
}

/** Every logged day of a habit with its amount, in day order. */
export function dayAmountsByDay(store: Store, habitId: string): [Day, number][] {
  return store.prepare('SELECT day, amount FROM day_totals WHERE habit_id = ? ORDER BY day').raw().all(habitId) as [Day, number][];
}

/** The last day with a log, or undefined. */
export function lastLoggedDay(store: Store, habitId: string): Day | undefined {
  const day = store.prepare('SELECT max(day) FROM day_totals WHERE habit_id = ?').pluck().get(habitId) as Day | null;
  return day ?? undefined;
}

/** A stored period: a due goal period with its status and streak length as they are once it has ended. */
export interface PeriodRow {
  first: Day;
  last: Day;
  sum: number;
  status: StatusCode;
  run: number;
  /** The streak in days (Timeline.runDays). */
  runDays: number;
}

/** The last stored period that ends before `day`, or undefined. */
export function periodBefore(store: Store, habitId: string, day: Day): PeriodRow | undefined {
  // Periods do not overlap, so the one ending before `day` is among the two starting last before it.
  const rows = store
    .prepare('SELECT first_day AS first, last_day AS last, sum, status, run, run_days AS runDays FROM periods WHERE habit_id = ? AND first_day < ? ORDER BY first_day DESC LIMIT 2')
    .all(habitId, day) as PeriodRow[];
  return rows.find((p) => p.last < day);
}

/** The stored periods of a habit starting on or after `from`, in order. */
export function periodsFrom(store: Store, habitId: string, from: Day): PeriodRow[] {
  return store
    .prepare('SELECT first_day AS first, last_day AS last, sum, status, run, run_days AS runDays FROM periods WHERE habit_id = ? AND first_day >= ? ORDER BY first_day')
    .all(habitId, from) as PeriodRow[];
}

/** Writes a period (replacing the one that starts on the same day). */
export function putPeriod(store: Store, habitId: string, p: PeriodRow): void {
  store
    .prepare('INSERT OR REPLACE INTO periods (habit_id, first_day, last_day, sum, status, run, run_days) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(habitId, p.first, p.last, p.sum, p.status, p.run, p.runDays);
}

/** Removes the stored period starting on `first`. */
export function deletePeriod(store: Store, habitId: string, first: Day): void {
  store.prepare('DELETE FROM periods WHERE habit_id = ? AND first_day = ?').run(habitId, first);
}

/** The longest streak and the number of completed periods among those starting on or before `day`. */
export function periodFactsThrough(store: Store, habitId: string, day: Day): { maxRun: number; completed: number } {
  const row = store
    .prepare(`SELECT coalesce(max(run), 0) AS maxRun, count(*) FILTER (WHERE status = ?) AS completed FROM periods WHERE habit_id = ? AND first_day <= ?`)
    .get(COMPLETED, habitId, day) as { maxRun: number; completed: number };
  return row;
}

/**
 * The stored period, among those starting on or before `through`, in which a streak of `streakLength`
 * was first reached, or in which the `totalPeriods`-th period was completed; undefined when none.
 */
export function periodMeeting(store: Store, habitId: string, through: Day, want: { streakLength: number } | { totalPeriods: number }): { first: Day; last: Day } | undefined {
  const columns = 'SELECT first_day AS first, last_day AS last FROM periods WHERE habit_id = ? AND first_day <= ?';
  const row = 'streakLength' in want
    ? store.prepare(`${columns} AND run >= ? ORDER BY first_day LIMIT 1`).get(habitId, through, want.streakLength)
    : store.prepare(`${columns} AND status = ? ORDER BY first_day LIMIT 1 OFFSET ?`).get(habitId, through, COMPLETED, want.totalPeriods - 1);
  return row as { first: Day; last: Day } | undefined;
}

/** Removes every derived row of a habit (it was deleted). */
export function deleteDerived(store: Store, habitId: string): void {
  store.prepare('DELETE FROM day_totals WHERE habit_id = ?').run(habitId);
  store.prepare('DELETE FROM periods WHERE habit_id = ?').run(habitId);
}
