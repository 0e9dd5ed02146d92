// The overview's model: ranges, a day's status from the statistics, and streaks computed from days
// for servers that send none.
import { describe, expect, it } from 'vitest';
import type { Statistics } from '../../src/api/types.js';
import { computedStreaks, dayStatus, eachDay, monthRange, overviewHabit, weekRange, type OverviewDay } from '../../src/model/overview.js';

const TODAY = '2026-11-22';

describe('ranges', () => {
  it('are ISO weeks, Monday to Sunday, and calendar months', () => {
    expect(weekRange('2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(weekRange('2026-11-16', 2)).toEqual({ from: '2026-11-09', to: '2026-11-22' });
    expect(monthRange('2026-12-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthRange('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2027-02-01')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(eachDay('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
});

describe('dayStatus', () => {
  it('reads the server status, an amount short of the goal as partial, a missing day as not due', () => {
    const at = (status: string, totalLog = 0, date = '2026-11-20') => dayStatus({ date, status, totalLog }, date, TODAY);
    expect(at('completed', 30)).toBe('done');
    expect(at('skipped')).toBe('skipped');
    expect(at('failed', 4)).toBe('failed');
    expect(at('inprogress', 10)).toBe('partial');
    expect(at('inprogress')).toBe('open');
    expect(at('something new')).toBe('open');
    expect(dayStatus(undefined, '2026-11-20', TODAY)).toBe('not-due');
    expect(dayStatus({ date: '2026-11-23', status: 'inprogress', totalLog: 0 }, '2026-11-23', TODAY)).toBe('future');
  });
});

describe('computedStreaks', () => {
  const days = (...statuses: OverviewDay['status'][]): OverviewDay[] =>
    statuses.map((status, i) => ({ date: `2026-11-${String(14 + i).padStart(2, '0')}`, status, total: 0 }));

  it('skipped and not-due days neither break nor extend a run; failed and missed days break it', () => {
    // 14..22: done done failed done skipped not-due done done open(today)
    expect(computedStreaks(days('done', 'done', 'failed', 'done', 'skipped', 'not-due', 'done', 'done', 'open'), TODAY))
      .toEqual({ currentStreak: 3, longestStreak: 3, completionRate: 0.833333 });
    // A missed day (open or partial before today) breaks the run and counts against the rate.
    expect(computedStreaks(days('done', 'done', 'done', 'partial', 'done'), TODAY))
      .toEqual({ currentStreak: 1, longestStreak: 3, completionRate: 0.8 });
  });

  it('has no rate when no day counts', () => {
    expect(computedStreaks(days('skipped', 'not-due', 'future'), TODAY)).toEqual({ currentStreak: 0, longestStreak: 0, completionRate: null });
  });
});

describe('overviewHabit', () => {
  const stats = (extra: Partial<Statistics>): Statistics => ({
    id: 'h1', name: 'Swim', type: 'good', totalLogs: 0, skips: 0, fails: 0, completions: 0, unit: null, periodicity: 'weekly', avg: 0,
    dailyProgress: [{ date: '2026-11-21', totalLog: 400, status: 'inprogress' }], ...extra,
  });
  const range = { from: '2026-11-21', to: '2026-11-23' };

  it('takes the three numbers from the server when it sends them all, in the goal period', () => {
    const row = overviewHabit({ id: 'h1', name: 'Swim', type: 'good' }, stats({ currentStreak: 2, longestStreak: 5, completionRate: 0.5 }), range, TODAY);
    expect(row).toEqual({
      id: 'h1', name: 'Swim', type: 'good',
      days: [{ date: '2026-11-21', status: 'partial', total: 400 }, { date: '2026-11-22', status: 'not-due', total: 0 }, { date: '2026-11-23', status: 'future', total: 0 }],
      currentStreak: 2, longestStreak: 5, completionRate: 0.5, streakUnit: 'week', source: 'server',
    });
  });

  it('computes them in days when any is missing', () => {
    const row = overviewHabit({ id: 'h1', name: 'Swim' }, stats({ currentStreak: 2 }), range, TODAY);
    expect(row).toMatchObject({ currentStreak: 0, longestStreak: 0, completionRate: 0, streakUnit: 'day', source: 'computed' });
  });
});

describe('one meaning per glyph (issue 22)', () => {
  const week = { from: '2026-11-16', to: '2026-11-22' };
  const mwf = { type: 'good' as const, startDate: '2026-01-01', occurrence: { type: 'weekDays' as const, days: [1, 3, 5] }, goal: null };

  it('a day not due reads not due, whatever is logged on it (a completed mark counts for nothing there)', () => {
    // Tuesday 17 Nov is not due; the service lists it, as inprogress, for the amount of the mark.
    const s = { unit: null, dailyProgress: [{ date: '2026-11-16', totalLog: 1, status: 'completed' }, { date: '2026-11-17', totalLog: 1, status: 'inprogress' }] } as unknown as Statistics;
    const row = overviewHabit({ id: 'h1', name: 'Swim', type: 'good' }, s, week, TODAY, mwf);
    expect(row.days.slice(0, 2).map((d) => [d.status, d.total])).toEqual([['done', 1], ['not-due', 1]]);
    // Without the habit's schedule the server's word stands.
    expect(overviewHabit({ id: 'h1', name: 'Swim', type: 'good' }, s, week, TODAY).days[1]!.status).toBe('partial');
  });

  it('a bad habit under its limit is open (○), as in the journal, with or without an amount', () => {
    expect(dayStatus({ date: TODAY, totalLog: 2, status: 'inprogress' }, TODAY, TODAY, { type: 'bad' })).toBe('open');
    expect(dayStatus({ date: TODAY, totalLog: 2, status: 'inprogress' }, TODAY, TODAY, { type: 'good' })).toBe('partial');
  });

  it('no rate (–) for a habit with nothing due in the range, though the server answers 0', () => {
    const none = { unit: null, dailyProgress: [], currentStreak: 0, longestStreak: 0, completionRate: 0 } as unknown as Statistics;
    expect(overviewHabit({ id: 'h1', name: 'Swim' }, none, week, TODAY).completionRate).toBeNull();
    const missed = { ...none, dailyProgress: [{ date: '2026-11-16', totalLog: 0, status: 'inprogress' }] } as unknown as Statistics;
    expect(overviewHabit({ id: 'h1', name: 'Swim' }, missed, week, TODAY).completionRate).toBe(0);
  });
});
