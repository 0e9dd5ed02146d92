// The overview of `habits week` and `habits month`: every active habit's days over a range, each
// day one status, with streaks and a completion rate. Pure: a function of the statistics.
import type { DailyProgress, Statistics } from '../api/types.js';
import { addDays, mondayOf } from './dates.js';
import { countsOn, type HabitFacts } from './habit-facts.js';
import { dailyProgress } from './resources.js';

/**
 * What a day of the overview shows. `open` is due with nothing logged or marked yet (on a past day
 * of a daily goal: missed); `partial` has an amount short of the goal (for a bad habit: under its
 * limit so far); `future` has not come yet.
 */
export const DAY_STATUSES = ['done', 'partial', 'skipped', 'failed', 'not-due', 'open', 'future'] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

/** One day of a habit's row. `total` is the amount the server lists for it (0 when none). */
export interface OverviewDay {
  date: string;
  status: DayStatus;
  total: number;
}

/** One habit's row: its days, its streaks and rate, and where those came from. */
export interface OverviewHabit {
  id: string;
  name: string;
  type: string;
  days: OverviewDay[];
  currentStreak: number | null;
  longestStreak: number | null;
  /** Completed over counted due days, 0..1; null when no day counts. */
  completionRate: number | null;
  /** What the streaks count: the goal's period with the server's numbers, else days. */
  streakUnit: 'day' | 'week' | 'month' | 'year';
  /** `server` when the statistics carried the three numbers, `computed` from the range's days, null when unavailable. */
  source: 'server' | 'computed' | null;
  /** Why the row is unavailable: its statistics request failed. */
  error?: { code: string; message: string; status: number | null };
}

/** The document `--json` prints. */
export interface Overview {
  from: string;
  to: string;
  habits: OverviewHabit[];
}

/** The most weeks `habits week --weeks` shows. */
export const MAX_WEEKS = 52;

/** The `weeks` ISO weeks (Monday to Sunday) ending with the week holding `date`. */
export function weekRange(date: string, weeks = 1): { from: string; to: string } {
  const monday = mondayOf(date);
  return { from: addDays(monday, -7 * (weeks - 1)), to: addDays(monday, 6) };
}

/** The calendar month holding `date`. */
export function monthRange(date: string): { from: string; to: string } {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const next = m === 12 ? `${String(y + 1).padStart(4, '0')}-01-01` : `${date.slice(0, 5)}${String(m + 1).padStart(2, '0')}-01`;
  return { from: `${date.slice(0, 8)}01`, to: addDays(next, -1) };
}

/** Every date from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * The status of one day from the statistics' entry for it: days after `today` are `future`; a
 * day the server does not list is not due (the local service lists due days and days with logs).
 */
export function dayStatus(entry: DailyProgress | undefined, date: string, today: string, habit: { type?: string; due?: boolean } = {}): DayStatus {
  if (date > today) return 'future';
  // A day not due counts for nothing, whatever is logged on it (a mark included): the server lists
  // it only to show its amount, and `log done` warned that it would not count.
  if (!entry || habit.due === false) return 'not-due';
  switch (entry.status) {
    case 'completed':
      return 'done';
    case 'skipped':
      return 'skipped';
    case 'failed':
      return 'failed';
  }
  // A bad habit's open day is "not over the limit yet", with or without an amount: ○, as in the journal.
  if (habit.type === 'bad') return 'open';
  return total(entry) > 0 ? 'partial' : 'open';
}

function total(entry: DailyProgress | undefined): number {
  const n = Number(entry?.totalLog);
  return Number.isFinite(n) ? n : 0;
}

const num = (n: unknown): number | null => (typeof n === 'number' && Number.isFinite(n) ? n : null);

const STREAK_UNITS: Record<string, OverviewHabit['streakUnit']> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' };

/**
 * Streaks and rate from the days themselves, for servers that send none (production). A run of
 * done days; skipped, not-due and future days neither break nor extend it, nor does today while
 * it is open; a failed day or an earlier day left open or partial (missed) breaks it. It sees only
 * the range, so the current streak counts at most the range's days. The rate is done over done,
 * failed and missed days up to today.
 */
export function computedStreaks(days: readonly OverviewDay[], today: string): { currentStreak: number; longestStreak: number; completionRate: number | null } {
  let run = 0;
  let longest = 0;
  let done = 0;
  let counted = 0;
  for (const day of days) {
    if (day.status === 'done') {
      run++;
      done++;
      counted++;
      longest = Math.max(longest, run);
    } else if (day.status === 'failed' || ((day.status === 'open' || day.status === 'partial') && day.date < today)) {
      run = 0;
      counted++;
    }
  }
  return { currentStreak: run, longestStreak: longest, completionRate: counted === 0 ? null : Math.round((done / counted) * 1e6) / 1e6 };
}

/** A habit's row from its statistics over from..to. */
export function overviewHabit(
  habit: { id: string; name: string; type?: string },
  stats: Statistics,
  range: { from: string; to: string },
  today: string,
  facts?: HabitFacts,
): OverviewHabit {
  const byDate = new Map(dailyProgress(stats).map((d) => [d.date, d]));
  const type = String(habit.type ?? stats.type ?? 'good');
  const days = eachDay(range.from, range.to).map((date): OverviewDay => {
    const entry = byDate.get(date);
    return { date, status: dayStatus(entry, date, today, { type, ...(facts ? { due: countsOn(facts, date) } : {}) }), total: total(entry) };
  });
  const server = { currentStreak: num(stats.currentStreak), longestStreak: num(stats.longestStreak), completionRate: num(stats.completionRate) };
  const fromServer = server.currentStreak !== null && server.longestStreak !== null && server.completionRate !== null;
  const base = { id: habit.id, name: habit.name, type, days };
  const computed = computedStreaks(days, today);
  if (fromServer) {
    const unit = STREAK_UNITS[String(stats.periodicity ?? 'daily')] ?? 'day';
    // Nothing due in the range: no rate (`–`), not a rate of 0% (the local service answers 0 then).
    const completionRate = server.completionRate === 0 && computed.completionRate === null ? null : server.completionRate;
    return { ...base, ...server, completionRate, streakUnit: unit, source: 'server' };
  }
  return { ...base, ...computed, streakUnit: 'day', source: 'computed' };
}

/** The row of a habit whose statistics could not be read. */
export function unavailableHabit(habit: { id: string; name: string; type?: string }, error: NonNullable<OverviewHabit['error']>): OverviewHabit {
  return {
    id: habit.id, name: habit.name, type: String(habit.type ?? 'good'), days: [],
    currentStreak: null, longestStreak: null, completionRate: null, streakUnit: 'day', source: null, error,
  };
}
