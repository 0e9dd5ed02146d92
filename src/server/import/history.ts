// Rebuilding a habit's logs from the `dailyProgress` of its exported statistics. Production has no
// log listing, so an export carries each day's total and status, not the logs. The rebuild writes
// at most two logs per day, a value and a mark, chosen so the timeline code (domain/timeline.ts,
// domain/queries.ts) computes the same totals and statuses again:
// - every day keeps its total, as a value log in the goal's unit (raw, without a goal);
// - a day shown `skipped` gets a skip mark (a skipped day that is not in a completed or failed
//   period is always a marked one, and a wholly skipped period is every due day marked);
// - a period shown `completed` or `failed` that the totals alone do not explain gets a complete or
//   fail mark on its last due day of that status (totals explain a reached goal and, for a bad
//   habit, a broken limit or a period that has ended clean);
// - marks carry no amount: a mark replaced or undone later must not take the day's total with it;
// - amounts move within their rounding so totalLogs and avg come out the same (rounding.ts).
// The result is checked by computing the statistics again; whatever still differs is reported.
import { createHash } from 'node:crypto';
import type { DailyProgress, ExportedHabit } from '../../api/types.js';
import { type Day, formatDay, parseDate } from '../domain/dates.js';
import { activeGoalOf, goalRuleOf } from '../domain/goals.js';
import { rangeStats, round } from '../domain/stats.js';
import {
  COMPLETED, FAILED, type HabitRules, type LogKind, type StatusCode, type Timeline, aggregateLogs, buildTimeline,
} from '../domain/timeline.js';
import type { LogRow } from '../store/repo/logs.js';
import { type Targets, compensateRounding } from './rounding.js';

/** The logs that reproduce a habit's history, and the dates the rebuild could not reproduce. */
export interface RebuiltHistory {
  logs: LogRow[];
  /** How many days have logs. */
  days: number;
  /** Dates whose total or status differs after the rebuild, then `totalLogs` or `avg` if they do. */
  inexact: string[];
}

/** A stable log id, so importing the same document twice leaves the same rows. */
function logId(habitId: string, date: string, kind: LogKind): string {
  return createHash('sha256').update(`${habitId}\0${date}\0${kind}`).digest('base64url').slice(0, 20);
}

interface Planned {
  amount: number;
  kind: LogKind;
}

function timelineOf(rules: HabitRules, plan: Map<Day, Planned>, unit: string | null, today: Day): Timeline {
  const records = [...plan].map(([day, p]) => ({ day, kind: p.kind, value: p.amount, unit }));
  return buildTimeline(rules, aggregateLogs(records, unit), today);
}

/**
 * The last due day an exported end condition states (its date, or the `metOn` of a condition met),
 * so that days after it are not due here either, as they were not in the export; null otherwise.
 */
function lastDayOf(end: ExportedHabit['endCondition']): Day | null {
  if (!end) return null;
  if (end.type === 'date') return parseDate(end.date);
  return end.isMet && typeof end.metOn === 'string' ? parseDate(end.metOn) : null;
}

/** Rebuilds the logs of `habit` from its statistics, as of the last day they cover. */
export function rebuildHistory(habit: ExportedHabit): RebuiltHistory {
  const stats = habit.statistics;
  const progress = stats.dailyProgress;
  const first = progress[0];
  const last = progress.at(-1);
  if (!first || !last) return { logs: [], days: 0, inexact: [] };
  const goal = goalRuleOf(activeGoalOf(habit.goals ?? []));
  const unit = goal?.unit ?? null;
  const lastDay = lastDayOf(habit.endCondition);
  const rules: HabitRules = { type: habit.type, occurrence: habit.occurrence, startDate: parseDate(habit.startDate) ?? 0, goal, ...(lastDay !== null ? { lastDay } : {}) };
  const today = parseDate(last.date) ?? 0;
  const shown = new Map<Day, string>();
  const plan = new Map<Day, Planned>();
  for (const p of progress) {
    const day = parseDate(p.date) ?? 0;
    shown.set(day, p.status);
    plan.set(day, { amount: p.totalLog, kind: p.status === 'skipped' ? 'skipped' : 'value' });
  }

  const before = timelineOf(rules, plan, unit, today);
  let marked = false;
  for (let i = 0; i < before.count; i++) {
    const want = wantedStatus(before, i, shown, today);
    if (!want || before.pStatus[i] === want.status) continue;
    const entry = plan.get(want.day);
    if (entry) entry.kind = want.status === COMPLETED ? 'completed' : 'failed';
    marked = true;
  }
  const tl = marked ? timelineOf(rules, plan, unit, today) : before;
  const targets: Targets = {
    ...(typeof stats.totalLogs === 'number' ? { totalLogs: stats.totalLogs } : {}),
    ...(typeof stats.avg === 'number' ? { avg: stats.avg } : {}),
  };
  const range = { from: parseDate(first.date) ?? 0, to: today };
  let inexact = differences(tl, range, progress, targets);

  // Amounts moved within their rounding, kept only when they make the result closer to the document.
  // Days that are not due count in totalLogs but not in avg (older documents mark them `none`).
  const amounts = progress.map((p) => {
    const day = parseDate(p.date) ?? 0;
    return { day, amount: p.totalLog, none: p.status === 'none' || !before.due(day) };
  });
  const moved = inexact.includes('totalLogs') || inexact.includes('avg') ? compensateRounding(amounts, targets, tl) : amounts;
  if (moved.some((d, i) => d.amount !== amounts[i]?.amount)) {
    const trial = new Map([...plan].map(([day, p]) => [day, { ...p }]));
    for (const d of moved) {
      const entry = trial.get(d.day);
      if (entry) entry.amount = d.amount;
    }
    const better = differences(timelineOf(rules, trial, unit, today), range, progress, targets);
    if (better.length < inexact.length) {
      inexact = better;
      for (const [day, p] of trial) plan.set(day, p);
    }
  }

  const logs: LogRow[] = [];
  let days = 0;
  for (const [day, p] of plan) {
    if (p.amount === 0 && p.kind === 'value') continue;
    days++;
    const date = formatDay(day);
    const log = (kind: LogKind, value: number): LogRow => ({ id: logId(habit.id, date, kind), habitId: habit.id, date, kind, value, unit, createdAt: `${date}T12:00:00.000Z` });
    if (p.amount !== 0) logs.push(log('value', p.amount));
    if (p.kind !== 'value') logs.push(log(p.kind, 0));
  }
  return { logs, days, inexact };
}

/** What statistics over `range` on `tl` would show differently from the document: dates, then totals. */
function differences(tl: Timeline, range: { from: Day; to: Day }, progress: readonly DailyProgress[], targets: Targets): string[] {
  const stats = rangeStats(tl, range.from, range.to);
  const byDate = new Map(stats.dailyProgress.map((d) => [d.date, d]));
  const out: string[] = [];
  for (const p of progress) {
    const got = byDate.get(p.date);
    // A day that is not due is listed only with an amount, as `inprogress`; documents of older
    // versions list every day, those not due as `none`, and other servers may list them as
    // `inprogress` with nothing logged. All of these say the same.
    const want = p.status === 'none' ? 'inprogress' : p.status;
    if (!got ? p.totalLog !== 0 || want !== 'inprogress' : got.totalLog !== round(p.totalLog) || got.status !== want) out.push(p.date);
  }
  if (targets.totalLogs !== undefined && stats.totalLogs !== targets.totalLogs) out.push('totalLogs');
  if (targets.avg !== undefined && stats.avg !== targets.avg) out.push('avg');
  return out;
}

/**
 * The status a period must have when its days show completed or failed (every due day of such a
 * period shows it), with the last due day showing it, where a mark would go; undefined otherwise.
 */
function wantedStatus(tl: Timeline, i: number, shown: Map<Day, string>, today: Day): { status: StatusCode; day: Day } | undefined {
  const from = tl.pStart[i] ?? 0;
  const to = Math.min(tl.pEnd[i] ?? 0, today);
  for (let day = to; day >= from; day--) {
    const status = shown.get(day);
    if (status === 'completed') return { status: COMPLETED, day };
    if (status === 'failed') return { status: FAILED, day };
  }
  return undefined;
}
