// The pieces of an export (src/commands/shared/export-data.ts): a habit's life, the statistics
// ranges that cover it, and joining the statistics of those ranges.
import { describe, expect, it } from 'vitest';
import { lifeStart, mergeStatistics, statsRanges } from '../../../src/commands/shared/export-data.js';

describe('export helpers', () => {
  it('a life starts at the earlier of start and creation date, never after today', () => {
    expect(lifeStart({ startDate: '2026-11-01', createdAt: '2026-10-30T23:59:00Z' }, '2026-11-22')).toBe('2026-10-30');
    expect(lifeStart({ startDate: '2026-11-01', createdAt: '2026-11-05T00:00:00Z' }, '2026-11-22')).toBe('2026-11-01');
    expect(lifeStart({ startDate: '2026-12-01', createdAt: '2026-12-02T00:00:00Z' }, '2026-11-22')).toBe('2026-11-22');
    expect(lifeStart({ startDate: '2026-11-01', createdAt: 'garbage' }, '2026-11-22')).toBe('2026-11-01');
  });

  it('splits long lives into ranges of at most 3660 days', () => {
    expect(statsRanges('2026-11-22', '2026-11-22')).toEqual([{ startDate: '2026-11-22', endDate: '2026-11-22' }]);
    expect(statsRanges('2000-01-01', '2020-01-20')).toEqual([
      { startDate: '2000-01-01', endDate: '2010-01-07' },
      { startDate: '2010-01-08', endDate: '2020-01-15' },
      { startDate: '2020-01-16', endDate: '2020-01-20' },
    ]);
  });

  it('joins statistics: day totals recomputed, streaks and rate from the pieces', () => {
    const part = (days: [string, number, string][], extra: object) => ({
      id: 'h', name: 'H', type: 'good', totalLogs: 0, skips: 0, fails: 0, completions: 0, unit: 'min', periodicity: 'daily', avg: 0,
      dailyProgress: days.map(([date, totalLog, status]) => ({ date, totalLog, status })), ...extra,
    });
    const a = part([['2026-01-01', 1, 'completed'], ['2026-01-02', 0, 'none']], { currentStreak: 1, longestStreak: 4, completionRate: 1 });
    const b = part([['2026-01-03', 0.5, 'failed'], ['2026-01-04', 0, 'skipped'], ['2026-01-05', 0.25, 'inprogress']], { currentStreak: 0, longestStreak: 1, completionRate: 0.5 });
    expect(mergeStatistics([a])).toBe(a);
    expect(mergeStatistics([a, b])).toMatchObject({
      totalLogs: 1.75, completions: 1, fails: 1, skips: 1, avg: 0.4375, currentStreak: 0, longestStreak: 4, completionRate: 0.625,
    });
    expect(mergeStatistics([a, b]).dailyProgress.map((d) => d.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']);
  });
});
