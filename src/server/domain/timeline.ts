// A habit's history as goal periods with a status each, built once from its logs and then queried
// for the journal, statistics, streaks and end conditions. Pure: no HTTP, no SQL.
//
// Rules (also in docs/local-service.md):
// - Periods follow the goal's periodicity (daily without a goal) and are calendar-aligned. A period
//   counts ("is due") when it holds at least one due day on or after the start date (and on or
//   before the last day, for a habit that has ended).
// - Progress of a period is the sum of its logged amounts in the goal's unit (see units.ts); logs
//   dated before the start date do not count. Without a goal the target is "anything": any amount.
// - Good habits: completed when a complete mark exists in the period or the sum reaches the target;
//   else failed when a fail mark exists; else skipped when every due day of it is marked skipped;
//   else inprogress (which, for a period that has ended, means missed).
// - Bad habits: the goal is a limit. Failed when a fail mark exists or the sum exceeds the limit
//   (without a goal: any amount); else completed by a complete mark; else skipped as above; else
//   completed once the period has ended; while it is open it is inprogress.
// - Streaks count consecutive completed due periods. Skipped periods neither break nor extend them;
//   the period that contains the date asked about does not break a streak while it is inprogress.
//   A streak is also measured in days: the due days of its completed periods (for a daily goal,
//   the same number).
import type { Occurrence, Periodicity } from '../../api/types.js';
import type { Day } from './dates.js';
import { periodEnd, periodStart } from './periods.js';
import { dueChecker } from './schedule.js';
import { convertUnit } from './units.js';

/** Status code of a period still open, or ended without a result (missed); also "no mark". */
export const INPROGRESS = 0;
/** Status code of a completed period, and of a complete mark. */
export const COMPLETED = 1;
/** Status code of a failed period, and of a fail mark. */
export const FAILED = 2;
/** Status code of a skipped period, and of a skip mark. */
export const SKIPPED = 3;
/** A status code; marks use the same codes, with 0 meaning "no mark". */
export type StatusCode = 0 | 1 | 2 | 3;
/** Status names by code, as the API shows them. */
export const STATUS_NAMES = ['inprogress', 'completed', 'failed', 'skipped'] as const;
/** A period's or day's status as the API shows it. */
export type StatusName = (typeof STATUS_NAMES)[number];
/** Status of a day that is not due (or before the start date). */
export const NONE = 'none';

/** The active goal as the rules see it. */
export interface GoalRule {
  periodicity: Periodicity;
  value: number;
  unit: string;
}

/** What the rules need to know about a habit. */
export interface HabitRules {
  type: 'good' | 'bad';
  occurrence: Occurrence;
  startDate: Day;
  goal: GoalRule | null;
  /** The last day its end condition leaves due (store/derived.ts, lastDueDay); none when it has not ended. */
  lastDay?: Day;
}

/** What a log records: an amount, or a mark. */
export type LogKind = 'value' | 'completed' | 'failed' | 'skipped';

/** A log as the timeline reads it. */
export interface LogRecord {
  day: Day;
  kind: LogKind;
  value: number;
  unit: string | null;
}

/** A day's logs folded together: its amount in the goal unit and its mark (0 when none). */
export interface DayData {
  amount: number;
  mark: StatusCode;
}

const MARK_OF: Record<LogKind, StatusCode> = { value: 0, completed: COMPLETED, failed: FAILED, skipped: SKIPPED };

/**
 * Folds logs into days, one at a time. Amounts are converted to the goal unit; logs whose unit
 * does not convert are left out. Without a goal every amount counts as logged.
 */
export class DayAccumulator {
  readonly days = new Map<Day, DayData>();

  constructor(private readonly goalUnit: string | null) {}

  /** Folds one log into its day. */
  add(day: Day, kind: LogKind, value: number, unit: string | null): void {
    let entry = this.days.get(day);
    if (!entry) {
      entry = { amount: 0, mark: 0 };
      this.days.set(day, entry);
    }
    const amount = this.goalUnit === null ? value : convertUnit(value, unit, this.goalUnit);
    if (amount !== null) entry.amount += amount;
    const mark = MARK_OF[kind];
    if (mark !== 0) entry.mark = mark;
  }
}

/** Folds a list of logs into days (see DayAccumulator). */
export function aggregateLogs(logs: Iterable<LogRecord>, goalUnit: string | null): Map<Day, DayData> {
  const acc = new DayAccumulator(goalUnit);
  for (const log of logs) acc.add(log.day, log.kind, log.value, log.unit);
  return acc.days;
}

/** The due periods of a habit from its start date to `end`, with their statuses. */
export interface Timeline {
  readonly rules: HabitRules;
  readonly periodicity: Periodicity;
  /** The goal value, or null for "any amount". */
  readonly target: number | null;
  readonly today: Day;
  /** Last day covered: the end of the period holding max(today, start date, last log). */
  readonly end: Day;
  readonly days: ReadonlyMap<Day, DayData>;
  readonly due: (day: Day) => boolean;
  readonly count: number;
  readonly pStart: Int32Array;
  readonly pEnd: Int32Array;
  readonly pSum: Float64Array;
  readonly pStatus: Uint8Array;
  /** Streak length ending with period i. */
  readonly run: Int32Array;
  /** The same streak in days: the due days of its completed periods, through period i's end. */
  readonly runDays: Int32Array;
  /** Streak length before the first period (0 unless the timeline is a window). */
  readonly runBefore: number;
  /** The same in days. */
  readonly runDaysBefore: number;
  readonly maxRun: number;
  readonly completedCount: number;
  /** Sum of every logged amount, before the start date included. */
  readonly totalAmount: number;
}

/** Relative tolerance of every comparison of a sum with a goal: float sums of 0.1s must reach 0.3. */
const EPS = 1e-9;

/** Whether `sum` reaches `target` (any amount when target is null), within EPS. */
export function reached(sum: number, target: number | null): boolean {
  return target === null ? sum > EPS : sum >= target - EPS * Math.max(1, target);
}

/** Whether `sum` goes past `target` (any amount when target is null), within EPS. */
export function exceeded(sum: number, target: number | null): boolean {
  return target === null ? sum > EPS : sum > target + EPS * Math.max(1, target);
}

interface PeriodFacts {
  sum: number;
  hasComplete: boolean;
  hasFail: boolean;
  dueDays: number;
  skippedDays: number;
  end: Day;
}

/** The status of one period under the rules above. */
function periodStatus(type: 'good' | 'bad', target: number | null, p: PeriodFacts, today: Day): StatusCode {
  const allSkipped = p.dueDays > 0 && p.skippedDays === p.dueDays;
  if (type === 'good') {
    if (p.hasComplete || reached(p.sum, target)) return COMPLETED;
    if (p.hasFail) return FAILED;
    return allSkipped ? SKIPPED : INPROGRESS;
  }
  if (p.hasFail || exceeded(p.sum, target)) return FAILED;
  if (p.hasComplete) return COMPLETED;
  if (allSkipped) return SKIPPED;
  return p.end < today ? COMPLETED : INPROGRESS;
}

/**
 * Where a partial timeline begins and ends. `start` is the habit's start date or the first day after
 * a due period whose streak length `run` is known (a period boundary); `until` is the last day
 * covered (a period end). Queries on the result are exact for days from `start` to `until`.
 */
export interface TimelineWindow {
  start: Day;
  run: number;
  /** The streak before `start` in days (see Timeline.runDays). */
  runDays: number;
  until: Day;
}

/** Sorts `today` after every day: a period's status as it will be once it has ended. */
export const ENDED: Day = 2 ** 31 - 1;

/**
 * Builds the timeline of a habit as of `today`: the whole of it by default, or only `window`. In a
 * window, `maxRun` and `completedCount` count the window's periods only, and `end` is `until`.
 */
export function buildTimeline(rules: HabitRules, days: ReadonlyMap<Day, DayData>, today: Day, window?: TimelineWindow): Timeline {
  const periodicity = rules.goal?.periodicity ?? 'daily';
  const target = rules.goal ? rules.goal.value : null;
  const due = dueChecker(rules.occurrence, rules.startDate, rules.lastDay);
  let horizon = Math.max(today, rules.startDate);
  let totalAmount = 0;
  for (const [day, data] of days) {
    if (day > horizon) horizon = day;
    totalAmount += data.amount;
  }
  const start = window?.start ?? rules.startDate;
  const end = window?.until ?? periodEnd(periodicity, horizon);
  const cap = Math.max(0, end - start + 2);
  const pStart = new Int32Array(cap);
  const pEnd = new Int32Array(cap);
  const pSum = new Float64Array(cap);
  const pStatus = new Uint8Array(cap);
  const run = new Int32Array(cap);
  const runDays = new Int32Array(cap);
  const runBefore = window?.run ?? 0;
  const runDaysBefore = window?.runDays ?? 0;
  let count = 0;
  let maxRun = 0;
  let completedCount = 0;

  let curStart = periodStart(periodicity, start);
  const facts: PeriodFacts = { sum: 0, hasComplete: false, hasFail: false, dueDays: 0, skippedDays: 0, end: periodEnd(periodicity, start) };
  const flush = (): void => {
    if (facts.dueDays === 0) return;
    const status = periodStatus(rules.type, target, facts, today);
    const prev = count > 0 ? (run[count - 1] ?? 0) : runBefore;
    const r = status === COMPLETED ? prev + 1 : status === SKIPPED ? prev : 0;
    const prevDays = count > 0 ? (runDays[count - 1] ?? 0) : runDaysBefore;
    runDays[count] = status === COMPLETED ? prevDays + facts.dueDays : status === SKIPPED ? prevDays : 0;
    pStart[count] = curStart;
    pEnd[count] = facts.end;
    pSum[count] = facts.sum;
    pStatus[count] = status;
    run[count] = r;
    if (r > maxRun) maxRun = r;
    if (status === COMPLETED) completedCount++;
    count++;
  };
  for (let day = start; day <= end; day++) {
    if (day > facts.end) {
      flush();
      curStart = day;
      facts.end = periodEnd(periodicity, day);
      facts.sum = 0;
      facts.hasComplete = facts.hasFail = false;
      facts.dueDays = facts.skippedDays = 0;
    }
    const data = days.get(day);
    if (data) {
      facts.sum += data.amount;
      if (data.mark === COMPLETED) facts.hasComplete = true;
      else if (data.mark === FAILED) facts.hasFail = true;
    }
    if (due(day)) {
      facts.dueDays++;
      if (data?.mark === SKIPPED) facts.skippedDays++;
    }
  }
  flush();
  return {
    rules, periodicity, target, today, end, days, due, count,
    pStart: pStart.slice(0, count), pEnd: pEnd.slice(0, count), pSum: pSum.slice(0, count),
    pStatus: pStatus.slice(0, count), run: run.slice(0, count), runDays: runDays.slice(0, count), runBefore, runDaysBefore,
    maxRun, completedCount, totalAmount,
  };
}
