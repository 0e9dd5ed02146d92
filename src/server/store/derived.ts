// Derived data kept in the SQLite file, so that no process replays a habit's whole history:
// - day_totals: each logged day folded (its amount in the goal unit and its mark);
// - periods: each due goal period from the start date to the last logged day, with its sum, status
//   and streak length as they are once the period has ended (a bad habit's period that nothing
//   failed counts as completed then).
// Triggers (schema.ts) note in derived_dirty what each write touches; flushDerived brings it up to
// date before the transaction commits, reading only the touched days and the periods from the first
// touched one on. A read builds a small timeline window that starts after the last stored period
// ending before both the range asked about and today (statuses before today no longer depend on
// it), so its cost follows the range, not the length of the history.
// The stored data knows nothing of end conditions: a read applies the habit's last due day
// (lastDueDay) to the window it builds, seeded only by a period over by that day.
import { type Day, parseDate } from '../domain/dates.js';
import { type LifetimeFigures, completedOn, periodMetIndex, totalMetOn } from '../domain/end-condition.js';
import { periodEnd } from '../domain/periods.js';
import { DayAccumulator, ENDED, type HabitRules, type StatusCode, type Timeline, buildTimeline, reached } from '../domain/timeline.js';
import {
  type PeriodRow, WHOLE_HABIT, clearDirty, dayAmounts, dayAmountsByDay, dayTotals, deleteDerived, deletePeriod, dirtyEntries, lastLoggedDay,
  logRowsOn, periodBefore, periodFactsThrough, periodMeeting, periodsFrom, putDayTotal, putPeriod, replaceDayTotals,
} from './repo/derived.js';
import { type StoredEndCondition, endCondition } from './repo/end-conditions.js';
import { activeGoal } from './repo/goals.js';
import { type HabitRow, getHabit } from './repo/habits.js';
import { habitLogRows } from './repo/logs.js';
import type { Store } from './store.js';

/** Past this many touched days in one transaction, a habit is rebuilt whole (an import, a seed). */
const WHOLE_REBUILD_DAYS = 64;

/** The rules of a habit as the timeline reads them. */
export function rulesOf(store: Store, habit: HabitRow): HabitRules {
  return { type: habit.type, occurrence: habit.occurrence, startDate: parseDate(habit.startDate) ?? 0, goal: activeGoal(store, habit.id) };
}

/** Brings the derived data of every habit the current write touched up to date; call inside it. */
export function flushDerived(store: Store): void {
  const entries = dirtyEntries(store);
  if (entries.length === 0) return;
  const byHabit = new Map<string, Set<string> | typeof WHOLE_HABIT>();
  for (const { habitId, date } of entries) {
    const dates = byHabit.get(habitId);
    if (date === WHOLE_HABIT || dates === WHOLE_HABIT) byHabit.set(habitId, WHOLE_HABIT);
    else if (dates) dates.add(date);
    else byHabit.set(habitId, new Set([date]));
  }
  for (const [habitId, dates] of byHabit) {
    const habit = getHabit(store, habitId);
    if (!habit) deleteDerived(store, habitId);
    else if (dates === WHOLE_HABIT || dates.size > WHOLE_REBUILD_DAYS) rebuildHabit(store, habit);
    else updateDays(store, habit, dates);
  }
  clearDirty(store);
}

function rebuildHabit(store: Store, habit: HabitRow): void {
  const rules = rulesOf(store, habit);
  const acc = new DayAccumulator(rules.goal?.unit ?? null);
  const parsed = new Map<string, Day>();
  for (const [date, kind, value, unit] of habitLogRows(store, habit.id)) {
    let day = parsed.get(date);
    if (day === undefined) parsed.set(date, (day = parseDate(date) ?? 0));
    acc.add(day, kind, value, unit);
  }
  replaceDayTotals(store, habit.id, acc.days);
  storePeriods(store, habit.id, rules, undefined);
}

function updateDays(store: Store, habit: HabitRow, dates: ReadonlySet<string>): void {
  const rules = rulesOf(store, habit);
  let first = ENDED;
  for (const date of dates) {
    const day = parseDate(date) ?? 0;
    const logs = logRowsOn(store, habit.id, date);
    const acc = new DayAccumulator(rules.goal?.unit ?? null);
    for (const [kind, value, unit] of logs) acc.add(day, kind, value, unit);
    putDayTotal(store, habit.id, day, acc.days.get(day) ?? null);
    first = Math.min(first, day);
  }
  storePeriods(store, habit.id, rules, first);
}

/**
 * Recomputes the stored periods from the one holding `from` (all of them when undefined) to the
 * end of the period holding the last logged day, writing only those that changed.
 */
function storePeriods(store: Store, habitId: string, rules: HabitRules, from: Day | undefined): void {
  const periodicity = rules.goal?.periodicity ?? 'daily';
  const seed = from === undefined ? undefined : periodBefore(store, habitId, from);
  const start = seed ? seed.last + 1 : rules.startDate;
  const until = periodEnd(periodicity, Math.max(rules.startDate, lastLoggedDay(store, habitId) ?? rules.startDate));
  const stored = new Map(periodsFrom(store, habitId, seed ? start : -ENDED).map((p) => [p.first, p]));
  if (start <= until) {
    const tl = buildTimeline(rules, dayTotals(store, habitId, start, until), ENDED, { start, run: seed?.run ?? 0, runDays: seed?.runDays ?? 0, until });
    for (let i = 0; i < tl.count; i++) {
      const p: PeriodRow = {
        first: tl.pStart[i] ?? 0, last: tl.pEnd[i] ?? 0, sum: tl.pSum[i] ?? 0, status: (tl.pStatus[i] ?? 0) as StatusCode,
        run: tl.run[i] ?? 0, runDays: tl.runDays[i] ?? 0,
      };
      const old = stored.get(p.first);
      stored.delete(p.first);
      if (!old || old.last !== p.last || old.sum !== p.sum || old.status !== p.status || old.run !== p.run || old.runDays !== p.runDays) {
        putPeriod(store, habitId, p);
      }
    }
  }
  for (const first of stored.keys()) deletePeriod(store, habitId, first);
}

/**
 * A timeline of `habit` as of `today` that answers exactly for the days `from` to `to` (dayStatus,
 * periodAmount, streakAt, rangeStats), with nothing due after its last due day. `lastDay` is that
 * day when the caller knows it already (see lastDueDay). Call inside a store transaction.
 */
export function timelineFor(store: Store, habit: HabitRow, today: Day, from: Day, to: Day, lastDay?: Day | null): Timeline {
  if (store.writing) flushDerived(store);
  const last = lastDay === undefined ? lastDueDay(store, habit, today) : lastDay;
  const rules: HabitRules = { ...rulesOf(store, habit), ...(last !== null ? { lastDay: last } : {}) };
  const periodicity = rules.goal?.periodicity ?? 'daily';
  // Stored periods are those of a habit without an end: one still running on its last day would
  // count days no longer due, so the seed ends by then.
  const seed = periodBefore(store, habit.id, Math.min(from, today, last === null ? from : last + 1));
  const start = seed ? seed.last + 1 : rules.startDate;
  const until = periodEnd(periodicity, Math.max(to, start));
  return buildTimeline(rules, dayTotals(store, habit.id, Math.min(from, start), until), today, { start, run: seed?.run ?? 0, runDays: seed?.runDays ?? 0, until });
}

/** The periods of a habit as of `today`: the figures of the stored ones over before it, and a timeline of the rest. */
interface PeriodHistory {
  rules: HabitRules;
  seed: PeriodRow | undefined;
  before: { maxRun: number; completed: number };
  tl: Timeline;
}

function periodHistory(store: Store, habit: HabitRow, today: Day): PeriodHistory {
  const rules = rulesOf(store, habit);
  const periodicity = rules.goal?.periodicity ?? 'daily';
  const seed = periodBefore(store, habit.id, today);
  const start = seed ? seed.last + 1 : rules.startDate;
  const until = periodEnd(periodicity, Math.max(today, rules.startDate, lastLoggedDay(store, habit.id) ?? rules.startDate));
  const tl = buildTimeline(rules, dayTotals(store, habit.id, start, until), today, { start, run: seed?.run ?? 0, runDays: seed?.runDays ?? 0, until });
  const before = seed ? periodFactsThrough(store, habit.id, seed.first) : { maxRun: 0, completed: 0 };
  return { rules, seed, before, tl };
}

/** The lifetime figures of `habit` as of `today`, each computed when read; read them inside the store transaction. */
export function lifetimeFacts(store: Store, habit: HabitRow, today: Day): LifetimeFigures {
  if (store.writing) flushDerived(store);
  // Each end condition reads one figure: compute only what is read (inside the caller's transaction).
  let periods: { maxRun: number; completedCount: number } | undefined;
  const periodFacts = (): { maxRun: number; completedCount: number } => {
    if (periods) return periods;
    const { before, tl } = periodHistory(store, habit, today);
    periods = { maxRun: Math.max(before.maxRun, tl.maxRun), completedCount: before.completed + tl.completedCount };
    return periods;
  };
  return {
    get maxRun() {
      return periodFacts().maxRun;
    },
    get completedCount() {
      return periodFacts().completedCount;
    },
    get totalAmount() {
      let total = 0;
      for (const amount of dayAmounts(store, habit.id)) total += amount;
      return total;
    },
  };
}

/**
 * The last day `habit` is due under its end condition (`end`, read when not given) as of `today`,
 * or null while nothing ends it:
 * - `date`: the date itself, met or not (a day after it is never due);
 * - `totalLogValue`, once the total reaches the value: the first day the running total reached it;
 * - `streak` and `successPeriods`, once met: the day the period that met them was completed
 *   (completedOn; for a daily goal, that day).
 * Call inside a store transaction.
 */
export function lastDueDay(store: Store, habit: HabitRow, today: Day, end: StoredEndCondition | null = endCondition(store, habit.id)): Day | null {
  if (!end) return null;
  const c = end.condition;
  if (c.type === 'date') return parseDate(c.date);
  if (store.writing) flushDerived(store);
  if (c.type === 'totalLogValue') {
    const days = dayAmountsByDay(store, habit.id);
    let total = 0;
    for (const [, amount] of days) total += amount;
    // Met as isMet says: by the total as it stands (a negative log may take it back under).
    return reached(total, c.totalLogValue) ? totalMetOn(days, c.totalLogValue) : null;
  }
  const { rules, seed, before, tl } = periodHistory(store, habit, today);
  const target = rules.goal ? rules.goal.value : null;
  const metBefore = c.type === 'streak' ? before.maxRun >= c.streakLength : before.completed >= c.totalPeriods;
  if (seed && metBefore) {
    const p = periodMeeting(store, habit.id, seed.first, c.type === 'streak' ? { streakLength: c.streakLength } : { totalPeriods: c.totalPeriods });
    if (p) return completedOn(rules.type, target, dayTotals(store, habit.id, p.first, p.last), Math.max(p.first, rules.startDate), p.last);
  }
  const i = periodMetIndex(c, tl, before.completed);
  if (i < 0) return null;
  return completedOn(rules.type, target, tl.days, Math.max(tl.pStart[i] ?? 0, rules.startDate), tl.pEnd[i] ?? 0);
}
