// Progress, statuses, streaks, statistics, end conditions and marks.
import { describe, expect, test } from 'vitest';
import type { Occurrence } from '../../../src/api/types.js';
import { formatDay, parseDate } from '../../../src/server/domain/dates.js';
import { endConditionMet } from '../../../src/server/domain/end-condition.js';
import { completionAmount, planMark } from '../../../src/server/domain/marks.js';
import { rangeStats } from '../../../src/server/domain/stats.js';
import { dayStatus, periodAmount, streakAt, streakDaysAt } from '../../../src/server/domain/queries.js';
import { type GoalRule, type HabitRules, type LogKind, type Timeline, aggregateLogs, buildTimeline } from '../../../src/server/domain/timeline.js';

const d = (s: string): number => {
  const day = parseDate(s);
  if (day === null) throw new Error(`bad date ${s}`);
  return day;
};

type L = [date: string, kind: LogKind | number, unit?: string];

/** A timeline from compact logs: a number is a value log in the goal unit (or `unit`). */
function timeline(opts: { type?: 'good' | 'bad'; start: string; today: string; goal?: GoalRule; occurrence?: Occurrence; logs?: L[] }): Timeline {
  const rules: HabitRules = { type: opts.type ?? 'good', occurrence: opts.occurrence ?? { type: 'daily' }, startDate: d(opts.start), goal: opts.goal ?? null };
  const logs = (opts.logs ?? []).map(([date, kind, unit]) => ({
    day: d(date),
    kind: typeof kind === 'number' ? ('value' as const) : kind,
    value: typeof kind === 'number' ? kind : 0,
    unit: unit ?? opts.goal?.unit ?? null,
  }));
  return buildTimeline(rules, aggregateLogs(logs, rules.goal?.unit ?? null), d(opts.today));
}

const statuses = (tl: Timeline, from: string, to: string): string[] => {
  const out: string[] = [];
  for (let day = d(from); day <= d(to); day++) out.push(dayStatus(tl, day));
  return out;
};

describe('good habits', () => {
  const goal: GoalRule = { periodicity: 'daily', value: 8, unit: 'cup' };

  test('a day completes when the sum reaches the goal, or by a complete mark', () => {
    const tl = timeline({ start: '2026-03-01', today: '2026-03-05', goal, logs: [
      ['2026-03-01', 5], ['2026-03-01', 3], // reaches 8
      ['2026-03-02', 7], // short
      ['2026-03-03', 'completed'],
      ['2026-03-04', 'skipped'],
      ['2026-03-05', 'failed'], ['2026-03-05', 2],
    ] });
    expect(statuses(tl, '2026-02-28', '2026-03-06')).toEqual(['none', 'completed', 'inprogress', 'completed', 'skipped', 'failed', 'inprogress']);
    expect(periodAmount(tl, d('2026-03-01'))).toBe(8);
    expect(periodAmount(tl, d('2026-03-05'))).toBe(2);
  });

  test('reaching the goal outranks a fail or skip mark', () => {
    const tl = timeline({ start: '2026-03-01', today: '2026-03-02', goal, logs: [['2026-03-01', 'failed'], ['2026-03-01', 8], ['2026-03-02', 'skipped'], ['2026-03-02', 9]] });
    expect(statuses(tl, '2026-03-01', '2026-03-02')).toEqual(['completed', 'completed']);
  });

  test('logs in another dimension do not count; compatible units convert', () => {
    const tl = timeline({ start: '2026-03-01', today: '2026-03-02', goal: { periodicity: 'daily', value: 1, unit: 'L' }, logs: [
      ['2026-03-01', 5, 'min'], ['2026-03-02', 600, 'mL'], ['2026-03-02', 0.4, 'L'],
    ] });
    expect(statuses(tl, '2026-03-01', '2026-03-02')).toEqual(['inprogress', 'completed']);
    expect(periodAmount(tl, d('2026-03-02'))).toBeCloseTo(1);
  });

  test('without a goal any logged amount completes the day', () => {
    const tl = timeline({ start: '2026-03-01', today: '2026-03-03', logs: [['2026-03-01', 0.5, 'min'], ['2026-03-02', 'completed']] });
    expect(statuses(tl, '2026-03-01', '2026-03-03')).toEqual(['completed', 'completed', 'inprogress']);
    expect(tl.periodicity).toBe('daily');
  });

  test('logs before the start date do not count', () => {
    const tl = timeline({ start: '2026-03-02', today: '2026-03-02', goal: { periodicity: 'weekly', value: 10, unit: 'kM' }, logs: [['2026-03-02', 4], ['2026-03-03', 1]] });
    // 2026-03-02 is a Monday; a log on Sunday 03-01 would be before the start anyway.
    expect(periodAmount(tl, d('2026-03-04'))).toBe(5);
    const early = timeline({ start: '2026-03-04', today: '2026-03-04', goal: { periodicity: 'weekly', value: 10, unit: 'kM' }, logs: [['2026-03-02', 9], ['2026-03-04', 2]] });
    expect(periodAmount(early, d('2026-03-04'))).toBe(2);
    expect(statuses(early, '2026-03-02', '2026-03-04')).toEqual(['none', 'none', 'inprogress']);
  });
});

describe('weekly, monthly and yearly goals', () => {
  test('a weekly goal sums Monday to Sunday, across a year end', () => {
    const goal: GoalRule = { periodicity: 'weekly', value: 20, unit: 'kM' };
    // Week of Mon 2026-12-28 .. Sun 2027-01-03.
    const tl = timeline({ start: '2026-12-01', today: '2027-01-05', goal, logs: [
      ['2026-12-27', 30], // Sunday: the week before
      ['2026-12-29', 10], ['2027-01-02', 10],
      ['2027-01-04', 5],
    ] });
    expect(periodAmount(tl, d('2026-12-28'))).toBe(20);
    expect(periodAmount(tl, d('2027-01-03'))).toBe(20);
    expect(dayStatus(tl, d('2026-12-28'))).toBe('completed');
    expect(dayStatus(tl, d('2027-01-03'))).toBe('completed');
    expect(dayStatus(tl, d('2027-01-05'))).toBe('inprogress');
    expect(periodAmount(tl, d('2027-01-05'))).toBe(5);
    // Streak in weeks: the week of 12-21 (30 km) and the week of 12-28; the current week is open.
    expect(streakAt(tl, d('2027-01-05'))).toBe(2);
  });

  test('a monthly goal across February of a leap year', () => {
    const goal: GoalRule = { periodicity: 'monthly', value: 29, unit: 'rep' };
    const logs: L[] = [];
    for (let day = d('2024-02-01'); day <= d('2024-02-29'); day++) logs.push([formatDay(day), 1]);
    const tl = timeline({ start: '2024-01-15', today: '2024-03-10', goal, logs });
    expect(periodAmount(tl, d('2024-02-10'))).toBe(29);
    expect(dayStatus(tl, d('2024-02-01'))).toBe('completed');
    expect(dayStatus(tl, d('2024-01-31'))).toBe('inprogress'); // January missed
    expect(streakAt(tl, d('2024-03-10'))).toBe(1);
    expect(streakAt(tl, d('2024-02-29'))).toBe(1);
  });

  test('a yearly goal', () => {
    const goal: GoalRule = { periodicity: 'yearly', value: 12, unit: 'floor' };
    const tl = timeline({ start: '2024-06-01', today: '2026-02-01', goal, logs: [['2024-12-31', 12], ['2025-01-01', 6], ['2025-12-31', 6]] });
    expect(dayStatus(tl, d('2024-06-01'))).toBe('completed');
    expect(dayStatus(tl, d('2025-07-01'))).toBe('completed');
    expect(streakAt(tl, d('2026-02-01'))).toBe(2);
    expect(streakAt(tl, d('2026-02-01'))).toBe(tl.maxRun);
  });

  test('a skip mark on one day of a week does not skip the week; skipping every due day does', () => {
    const goal: GoalRule = { periodicity: 'weekly', value: 3, unit: 'rep' };
    // Due Mon and Wed. Week of 2026-03-02: one skip. Week of 2026-03-09: both skipped.
    const tl = timeline({ start: '2026-03-02', today: '2026-03-20', goal, occurrence: { type: 'weekDays', days: [1, 3] }, logs: [
      ['2026-03-02', 'skipped'], ['2026-03-09', 'skipped'], ['2026-03-11', 'skipped'],
    ] });
    expect(dayStatus(tl, d('2026-03-02'))).toBe('skipped'); // the day's own mark
    expect(dayStatus(tl, d('2026-03-04'))).toBe('inprogress'); // the week was missed
    expect(tl.pStatus[0]).toBe(0);
    expect(tl.pStatus[1]).toBe(3);
    expect(dayStatus(tl, d('2026-03-03'))).toBe('none'); // Tuesday is not due
  });
});

describe('streaks', () => {
  const logs = (dates: string[], kind: LogKind | number = 'completed'): L[] => dates.map((date) => [date, kind]);

  test('consecutive completed days; a gap breaks the streak', () => {
    const tl = timeline({ start: '2026-03-01', today: '2026-03-07', logs: logs(['2026-03-01', '2026-03-02', '2026-03-04', '2026-03-05', '2026-03-06']) });
    expect(streakAt(tl, d('2026-03-02'))).toBe(2);
    expect(streakAt(tl, d('2026-03-03'))).toBe(2); // the open day does not break it
    expect(streakAt(tl, d('2026-03-04'))).toBe(1); // 03-03 was missed
    expect(streakAt(tl, d('2026-03-07'))).toBe(3); // today still open
    expect(tl.maxRun).toBe(3);
  });

  test('skipped days neither break nor extend a streak', () => {
    const tl = timeline({ start: '2026-03-01', today: '2026-03-06', logs: [
      ...logs(['2026-03-01', '2026-03-02']), ['2026-03-03', 'skipped'], ['2026-03-04', 'skipped'], ...logs(['2026-03-05']),
    ] });
    expect(streakAt(tl, d('2026-03-04'))).toBe(2);
    expect(streakAt(tl, d('2026-03-05'))).toBe(3);
    expect(streakAt(tl, d('2026-03-06'))).toBe(3);
  });

  test('a fail mark breaks the streak, even on the open day', () => {
    const tl = timeline({ start: '2026-03-01', today: '2026-03-03', logs: [...logs(['2026-03-01', '2026-03-02']), ['2026-03-03', 'failed']] });
    expect(streakAt(tl, d('2026-03-03'))).toBe(0);
    expect(streakAt(tl, d('2026-03-02'))).toBe(2);
  });

  test('only due days count (Mon/Wed/Fri)', () => {
    // 2026-03-02 is a Monday.
    const tl = timeline({ start: '2026-03-02', today: '2026-03-10', occurrence: { type: 'weekDays', days: [1, 3, 5] }, logs: logs(['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-09']) });
    expect(streakAt(tl, d('2026-03-08'))).toBe(3); // Sunday: the weekend is not due
    expect(streakAt(tl, d('2026-03-10'))).toBe(4);
    expect(streakAt(tl, d('2026-03-11'))).toBe(4); // Wednesday (future, open)
    expect(streakAt(tl, d('2026-03-12'))).toBe(0); // Wednesday has passed unmet by then
  });

  test('in days: a daily goal counts its completed due days, as streakAt does', () => {
    const tl = timeline({ start: '2026-03-02', today: '2026-03-10', occurrence: { type: 'weekDays', days: [1, 3, 5] }, logs: logs(['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-09']) });
    for (const day of ['2026-03-01', '2026-03-04', '2026-03-08', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-20']) {
      expect(streakDaysAt(tl, d(day)), day).toBe(streakAt(tl, d(day)));
    }
  });

  test('in days: longer periods add their due days, the period holding the date up to the date once completed', () => {
    // Mon/Wed/Fri, a weekly goal of 2 from Monday 2026-03-02: three due days a week.
    const tl = timeline({ start: '2026-03-02', today: '2026-03-18', occurrence: { type: 'weekDays', days: [1, 3, 5] },
      goal: { periodicity: 'weekly', value: 2, unit: 'rep' }, logs: [['2026-03-02', 2], ['2026-03-11', 'skipped'], ['2026-03-16', 1], ['2026-03-17', 1]] });
    expect(streakAt(tl, d('2026-03-03'))).toBe(1);
    expect(streakDaysAt(tl, d('2026-03-02'))).toBe(1); // Monday, completed that day: one due day so far
    expect(streakDaysAt(tl, d('2026-03-03'))).toBe(1); // Tuesday is not due
    expect(streakDaysAt(tl, d('2026-03-08'))).toBe(3); // the whole week
    // The week of 03-09 is missed (one skip of three due days does not skip it). Seen from within
    // it, it was open and did not break the streak yet; the next week starts a new one.
    expect(streakDaysAt(tl, d('2026-03-15'))).toBe(3);
    expect(streakDaysAt(tl, d('2026-03-16'))).toBe(1); // that week is completed (on Tuesday): Monday counts
    expect(streakDaysAt(tl, d('2026-03-17'))).toBe(1); // Tuesday is not due
    expect(streakDaysAt(tl, d('2026-03-18'))).toBe(2);
    expect(streakAt(tl, d('2026-03-18'))).toBe(1);
  });

  test('in days: a skipped period neither breaks nor extends; a failed one breaks', () => {
    const goal: GoalRule = { periodicity: 'weekly', value: 1, unit: 'rep' };
    const skippedWeek = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'].map((date): L => [date, 'skipped']);
    const tl = timeline({ start: '2026-03-02', today: '2026-03-25', goal, logs: [['2026-03-02', 1], ...skippedWeek, ['2026-03-16', 1], ['2026-03-23', 'failed']] });
    expect(streakDaysAt(tl, d('2026-03-12'))).toBe(7);
    expect(streakDaysAt(tl, d('2026-03-22'))).toBe(14);
    expect(streakDaysAt(tl, d('2026-03-25'))).toBe(0);
  });

  test('dates far after the last log', () => {
    const tl = timeline({ start: '2026-03-01', today: '2026-03-02', logs: logs(['2026-03-01', '2026-03-02']) });
    expect(streakAt(tl, d('2026-03-03'))).toBe(2);
    expect(streakAt(tl, d('2026-03-04'))).toBe(0);
    expect(dayStatus(tl, d('2027-06-01'))).toBe('inprogress');
    expect(streakAt(tl, d('2026-02-20'))).toBe(0);
    expect([streakDaysAt(tl, d('2026-03-03')), streakDaysAt(tl, d('2026-03-04')), streakDaysAt(tl, d('2026-02-20'))]).toEqual([2, 0, 0]);
  });
});

describe('bad habits', () => {
  const limit: GoalRule = { periodicity: 'daily', value: 2, unit: 'rep' };

  test('the goal is a limit: at or under succeeds once the day is over, over fails', () => {
    const tl = timeline({ type: 'bad', start: '2026-03-01', today: '2026-03-05', goal: limit, logs: [
      ['2026-03-01', 2], ['2026-03-02', 3], ['2026-03-04', 'failed'], ['2026-03-05', 1],
    ] });
    expect(statuses(tl, '2026-03-01', '2026-03-06')).toEqual(['completed', 'failed', 'completed', 'failed', 'inprogress', 'inprogress']);
    expect(streakAt(tl, d('2026-03-03'))).toBe(1);
    expect(streakAt(tl, d('2026-03-05'))).toBe(0);
  });

  test('exceeding the limit fails the open day at once; a complete mark declares success', () => {
    const tl = timeline({ type: 'bad', start: '2026-03-01', today: '2026-03-02', goal: limit, logs: [['2026-03-01', 'completed'], ['2026-03-02', 5]] });
    expect(statuses(tl, '2026-03-01', '2026-03-02')).toEqual(['completed', 'failed']);
  });

  test('without a goal any amount fails the day', () => {
    const tl = timeline({ type: 'bad', start: '2026-03-01', today: '2026-03-04', logs: [['2026-03-02', 1, 'rep']] });
    expect(statuses(tl, '2026-03-01', '2026-03-04')).toEqual(['completed', 'failed', 'completed', 'inprogress']);
    expect(streakAt(tl, d('2026-03-04'))).toBe(1);
  });

  test('a weekly limit is judged on the week', () => {
    const tl = timeline({ type: 'bad', start: '2026-03-02', today: '2026-03-18', goal: { periodicity: 'weekly', value: 3, unit: 'rep' }, logs: [
      ['2026-03-03', 2], ['2026-03-05', 1], // week 1: 3, fine
      ['2026-03-09', 2], ['2026-03-14', 2], // week 2: 4, failed
    ] });
    expect(dayStatus(tl, d('2026-03-02'))).toBe('completed');
    expect(dayStatus(tl, d('2026-03-09'))).toBe('failed');
    expect(dayStatus(tl, d('2026-03-16'))).toBe('inprogress');
    expect(streakAt(tl, d('2026-03-18'))).toBe(0);
    expect(streakAt(tl, d('2026-03-08'))).toBe(1);
  });
});

describe('statistics', () => {
  test('counts, totals, average, streaks and completion rate over a range', () => {
    const goal: GoalRule = { periodicity: 'daily', value: 10, unit: 'min' };
    const tl = timeline({ start: '2026-03-01', today: '2026-03-08', goal, logs: [
      ['2026-03-01', 10], ['2026-03-02', 12], ['2026-03-03', 'skipped'], ['2026-03-04', 5], ['2026-03-05', 'failed'],
      ['2026-03-06', 0.25, 'hr'], ['2026-03-07', 'completed'], ['2026-03-08', 3],
    ] });
    const s = rangeStats(tl, d('2026-02-28'), d('2026-03-09'));
    // 02-28, before the start, is not due and holds nothing: it is left out.
    expect(s.dailyProgress.map((p) => p.status)).toEqual([
      'completed', 'completed', 'skipped', 'inprogress', 'failed', 'completed', 'completed', 'inprogress', 'inprogress',
    ]);
    expect(s.dailyProgress[0]?.date).toBe('2026-03-01');
    expect(s.dailyProgress[5]).toEqual({ date: '2026-03-06', totalLog: 15, status: 'completed' });
    expect(s.dailyProgress[6]?.totalLog).toBe(0); // this mark carries no amount here (the handler sets one)
    expect(s.completions).toBe(4);
    expect(s.skips).toBe(1);
    expect(s.fails).toBe(1);
    expect(s.totalLogs).toBe(10 + 12 + 5 + 15 + 3);
    // Due days up to today: 03-01..03-08 (8 days).
    expect(s.avg).toBeCloseTo((10 + 12 + 5 + 15 + 3) / 8);
    expect(s.currentStreak).toBe(2);
    expect(s.longestStreak).toBe(2);
    // Counted: 01 C, 02 C, 04 missed, 05 F, 06 C, 07 C; skipped 03 and open 08 left out.
    expect(s.completionRate).toBeCloseTo(4 / 6);
  });

  test('an empty range and a range before the start', () => {
    const tl = timeline({ start: '2026-03-01', today: '2026-03-08' });
    expect(rangeStats(tl, d('2026-03-05'), d('2026-03-04')).dailyProgress).toEqual([]);
    const before = rangeStats(tl, d('2026-02-01'), d('2026-02-03'));
    expect(before.dailyProgress).toEqual([]);
    expect(before.completionRate).toBe(0);
    expect(before.avg).toBe(0);
  });

  test('days that are not due are left out, unless something is logged on them: then they are inprogress', () => {
    // Mondays and Wednesdays from Monday 2026-03-02; a weekly goal, so Saturday's run counts in its week.
    const tl = timeline({ start: '2026-03-02', today: '2026-03-08', occurrence: { type: 'weekDays', days: [1, 3] }, goal: { periodicity: 'weekly', value: 3, unit: 'rep' },
      logs: [['2026-03-02', 1], ['2026-03-04', 1], ['2026-03-07', 1]] });
    const s = rangeStats(tl, d('2026-03-01'), d('2026-03-08'));
    expect(s.dailyProgress).toEqual([
      { date: '2026-03-02', totalLog: 1, status: 'completed' },
      { date: '2026-03-04', totalLog: 1, status: 'completed' },
      { date: '2026-03-07', totalLog: 1, status: 'inprogress' },
    ]);
    expect(s.dailyProgress.map((p) => p.status)).not.toContain('none');
    expect(s).toMatchObject({ totalLogs: 3, completions: 2, avg: 1 });
  });

  test('the longest streak within the range may have begun before it', () => {
    const logs: L[] = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'].map((date) => [date, 'completed']);
    const tl = timeline({ start: '2026-03-01', today: '2026-03-10', logs });
    const s = rangeStats(tl, d('2026-03-03'), d('2026-03-10'));
    expect(s.longestStreak).toBe(4);
    expect(s.currentStreak).toBe(0);
  });
});

describe('end conditions', () => {
  const tl = timeline({ start: '2026-03-01', today: '2026-03-10', goal: { periodicity: 'daily', value: 2, unit: 'rep' }, logs: [
    ['2026-03-01', 2], ['2026-03-02', 2], ['2026-03-03', 2], ['2026-03-05', 2], ['2026-03-06', 1],
  ] });
  const today = d('2026-03-10');

  test('date: met on and after the date', () => {
    expect(endConditionMet({ type: 'date', date: '2026-03-10' }, tl, today)).toBe(true);
    expect(endConditionMet({ type: 'date', date: '2026-03-11' }, tl, today)).toBe(false);
  });

  test('streak: the length was reached at any time', () => {
    expect(endConditionMet({ type: 'streak', streakLength: 3 }, tl, today)).toBe(true);
    expect(endConditionMet({ type: 'streak', streakLength: 4 }, tl, today)).toBe(false);
  });

  test('successPeriods: completed periods in all', () => {
    expect(endConditionMet({ type: 'successPeriods', totalPeriods: 4 }, tl, today)).toBe(true);
    expect(endConditionMet({ type: 'successPeriods', totalPeriods: 5 }, tl, today)).toBe(false);
  });

  test('totalLogValue: the cumulative amount', () => {
    expect(endConditionMet({ type: 'totalLogValue', totalLogValue: 9 }, tl, today)).toBe(true);
    expect(endConditionMet({ type: 'totalLogValue', totalLogValue: 9.5 }, tl, today)).toBe(false);
  });
});

describe('marks', () => {
  test('the same mark twice conflicts; a different one replaces it', () => {
    expect(planMark([{ id: 'a', kind: 'completed' }, { id: 'v', kind: 'value' }], 'completed')).toEqual({ conflict: true });
    expect(planMark([{ id: 'a', kind: 'skipped' }, { id: 'v', kind: 'value' }], 'completed')).toEqual({ conflict: false, replace: ['a'] });
    expect(planMark([], 'failed')).toEqual({ conflict: false, replace: [] });
  });

  test('a complete mark records what the period still lacks', () => {
    const goal: GoalRule = { periodicity: 'weekly', value: 20, unit: 'kM' };
    expect(completionAmount('good', goal, 0)).toBe(20);
    expect(completionAmount('good', goal, 15)).toBe(5);
    expect(completionAmount('good', goal, 25)).toBe(0);
    expect(completionAmount('good', null, 0)).toBe(1);
    expect(completionAmount('bad', goal, 0)).toBe(0);
  });
});
