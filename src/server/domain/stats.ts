// Statistics over a date range, from a timeline. Definitions (also in docs/local-service.md):
// - dailyProgress: the days of the range the habit is due, with their logged amount (totalLog, in
//   the goal unit) and status; a day that is not due is listed only when something is logged on it,
//   as `inprogress` (it settles nothing). Clients know four statuses, so `none` is never sent.
// - totalLogs: the sum of totalLog over the range (every logged day is listed).
// - completions / skips / fails: the number of days in the range with that status.
// - avg: mean totalLog over the due days of the range up to today.
// - currentStreak: the streak as seen on min(endDate, today); longestStreak: the longest streak
//   reached by a period in the range (it may have begun earlier), at least currentStreak.
// - completionRate: completed / (completed + failed + missed) due periods overlapping the range up
//   to today; skipped periods and the still-open inprogress period are left out. 0 when none count.
import type { DailyProgress } from '../../api/types.js';
import { type Day, formatDay } from './dates.js';
import { dayStatus, periodIndexAtOrBefore, streakAt } from './queries.js';
import { COMPLETED, FAILED, INPROGRESS, NONE, SKIPPED, type Timeline } from './timeline.js';

/** The statistics fields computed from a timeline. */
export interface RangeStats {
  totalLogs: number;
  completions: number;
  skips: number;
  fails: number;
  avg: number;
  dailyProgress: DailyProgress[];
  currentStreak: number;
  longestStreak: number;
  completionRate: number;
}

/** Rounds away binary noise (0.1 + 0.2) without hiding real precision. */
export function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Statistics of the days `from`..`to` (inclusive; empty when from > to). */
export function rangeStats(tl: Timeline, from: Day, to: Day): RangeStats {
  const dailyProgress: DailyProgress[] = [];
  let totalLogs = 0;
  let completions = 0;
  let skips = 0;
  let fails = 0;
  let dueSum = 0;
  let dueDays = 0;
  for (let day = from; day <= to; day++) {
    const totalLog = tl.days.get(day)?.amount ?? 0;
    const status = dayStatus(tl, day);
    if (status !== NONE) dailyProgress.push({ date: formatDay(day), totalLog: round(totalLog), status });
    else if (totalLog !== 0) dailyProgress.push({ date: formatDay(day), totalLog: round(totalLog), status: 'inprogress' });
    totalLogs += totalLog;
    if (status === 'completed') completions++;
    else if (status === 'skipped') skips++;
    else if (status === 'failed') fails++;
    if (status !== 'none' && day <= tl.today) {
      dueSum += totalLog;
      dueDays++;
    }
  }

  const last = Math.min(to, tl.today);
  const currentStreak = from <= to ? streakAt(tl, last) : 0;
  let longestStreak = currentStreak;
  let done = 0;
  let counted = 0;
  if (from <= last) {
    let i = Math.max(0, periodIndexAtOrBefore(tl, from));
    for (; i < tl.count && (tl.pStart[i] ?? 0) <= last; i++) {
      if ((tl.pEnd[i] ?? 0) < from) continue;
      const status = tl.pStatus[i];
      longestStreak = Math.max(longestStreak, tl.run[i] ?? 0);
      if (status === SKIPPED) continue;
      if (status === COMPLETED) {
        done++;
        counted++;
      } else if (status === FAILED || (status === INPROGRESS && (tl.pEnd[i] ?? 0) < tl.today)) counted++;
    }
  }
  return {
    totalLogs: round(totalLogs),
    completions,
    skips,
    fails,
    avg: dueDays === 0 ? 0 : round(dueSum / dueDays),
    dailyProgress,
    currentStreak,
    longestStreak,
    completionRate: counted === 0 ? 0 : round(done / counted),
  };
}
