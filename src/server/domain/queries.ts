// Questions asked of a timeline: which period holds a day, a day's status, a period's progress and
// the streak as seen on a day.
import type { Day } from './dates.js';
import { periodEnd, periodStart } from './periods.js';
import { firstDueBetween } from './schedule.js';
import { COMPLETED, FAILED, INPROGRESS, NONE, STATUS_NAMES, type StatusCode, type StatusName, type Timeline } from './timeline.js';

/** Index of the last due period starting on or before `day`, or -1. */
export function periodIndexAtOrBefore(tl: Timeline, day: Day): number {
  let lo = 0;
  let hi = tl.count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((tl.pStart[mid] ?? 0) <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Index of the due period containing `day`, or -1. */
export function periodIndexOf(tl: Timeline, day: Day): number {
  const i = periodIndexAtOrBefore(tl, day);
  return i >= 0 && day <= (tl.pEnd[i] ?? 0) ? i : -1;
}

/**
 * Status of one day: `none` when it is not due; else the period's status when that is completed or
 * failed; else the day's own mark; else the period's status (skipped or inprogress).
 */
export function dayStatus(tl: Timeline, day: Day): StatusName | typeof NONE {
  if (!tl.due(day)) return NONE;
  if (day > tl.end) return 'inprogress';
  const i = periodIndexOf(tl, day);
  if (i < 0) return NONE;
  const status = (tl.pStatus[i] ?? 0) as StatusCode;
  if (status === COMPLETED || status === FAILED) return STATUS_NAMES[status];
  const mark = tl.days.get(day)?.mark ?? 0;
  return STATUS_NAMES[mark !== 0 ? mark : status];
}

/**
 * Progress of the goal period containing `day`: the sum of its days' amounts in the goal unit, from
 * the start date on. The journal shows it; a complete mark records what it lacks of the goal.
 */
export function periodAmount(tl: Timeline, day: Day): number {
  const i = periodIndexOf(tl, day);
  if (i >= 0) return tl.pSum[i] ?? 0;
  // A period without a due day is not kept in the timeline, but its days may still hold amounts.
  let sum = 0;
  const last = periodEnd(tl.periodicity, day);
  for (let d = Math.max(periodStart(tl.periodicity, day), tl.rules.startDate); d <= last; d++) sum += tl.days.get(d)?.amount ?? 0;
  return sum;
}

/** The streak as seen on `day`: consecutive completed due periods up to it (see streakDaysAt for days). */
export function streakAt(tl: Timeline, day: Day): number {
  if (day < tl.rules.startDate) return 0;
  const lastRun = tl.count > 0 ? (tl.run[tl.count - 1] ?? 0) : tl.runBefore;
  if (day > tl.end) {
    // No logs exist after `end`, so every due period there is inprogress: only the first one may
    // be the open period the date is in.
    const first = firstDueBetween(tl.due, tl.end + 1, day);
    if (first === null) return lastRun;
    return day <= periodEnd(tl.periodicity, first) ? lastRun : 0;
  }
  const i = periodIndexAtOrBefore(tl, day);
  if (i < 0) return tl.runBefore;
  if (day <= (tl.pEnd[i] ?? 0) && tl.pStatus[i] === INPROGRESS) return i > 0 ? (tl.run[i - 1] ?? 0) : tl.runBefore;
  return tl.run[i] ?? 0;
}

/** How many days from `from` to `to` (inclusive) are due. */
function dueDaysBetween(tl: Timeline, from: Day, to: Day): number {
  let n = 0;
  for (let d = from; d <= to; d++) if (tl.due(d)) n++;
  return n;
}

/**
 * The streak as seen on `day`, in days: the due days of the consecutive completed periods up to it,
 * those of the period holding `day` counted up to `day` once that period is completed. For a daily
 * goal this is streakAt; for a weekly goal kept for three weeks (every day due) it is 21.
 */
export function streakDaysAt(tl: Timeline, day: Day): number {
  if (day < tl.rules.startDate) return 0;
  const lastRun = tl.count > 0 ? (tl.runDays[tl.count - 1] ?? 0) : tl.runDaysBefore;
  if (day > tl.end) {
    // As in streakAt: past `end` only the first due period may be the open one holding the date.
    const first = firstDueBetween(tl.due, tl.end + 1, day);
    if (first === null) return lastRun;
    return day <= periodEnd(tl.periodicity, first) ? lastRun : 0;
  }
  const i = periodIndexAtOrBefore(tl, day);
  if (i < 0) return tl.runDaysBefore;
  if (day > (tl.pEnd[i] ?? 0)) return tl.runDays[i] ?? 0;
  const before = i > 0 ? (tl.runDays[i - 1] ?? 0) : tl.runDaysBefore;
  switch (tl.pStatus[i]) {
    case COMPLETED:
      return before + dueDaysBetween(tl, tl.pStart[i] ?? 0, day);
    case FAILED:
      return 0;
    default:
      // Skipped neither breaks nor extends; an open period does not break the streak yet.
      return before;
  }
}
