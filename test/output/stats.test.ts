import { describe, expect, it } from 'vitest';
import type { Statistics } from '../../src/api/types.js';
import { makeChalk } from '../../src/output/color.js';
import { renderStatLines, statLines, statLinesTsv } from '../../src/output/stats.js';

const range = { from: '2026-05-25', to: '2026-11-22' };
const base: Statistics = {
  id: 'h1', name: 'Walk', type: 'good', totalLogs: 540, skips: 2, fails: 1, completions: 18,
  unit: 'min', periodicity: 'daily', avg: 3.3333333, dailyProgress: [],
};

describe('statLines', () => {
  it('reads a production answer: unit as an object, no streaks or rate', () => {
    const lines = statLines({ ...base, unit: { symbol: 'min', type: 'duration' } }, range);
    expect(renderStatLines(lines, makeChalk(0))).toBe([
      'Walk',
      'From          2026-05-25 to 2026-11-22',
      'Total logged  540 min',
      'Average       3.33 min per due day',
      'Completed     18',
      'Skipped       2',
      'Failed        1',
      '',
    ].join('\n'));
  });

  it('adds the completion rate and streaks in the goal period when the server sends them', () => {
    const lines = statLines({ ...base, periodicity: 'weekly', completionRate: 0.724, currentStreak: 3, longestStreak: 1 }, range);
    const text = renderStatLines(lines, makeChalk(0));
    expect(text).toContain('Completion rate  72%\n');
    expect(text).toContain('Current streak   3 weeks\n');
    expect(text).toContain('Longest streak   1 week\n');
  });

  it('shows a name and a unit with control characters escaped, on their lines', () => {
    const lines = statLines({ ...base, name: 'New\nline\u001b[2J', unit: 'mi\u0007n' }, range);
    const text = renderStatLines(lines, makeChalk(0));
    expect(text.split('\n')[0]).toBe('New\\nline\\x1b[2J');
    expect(text).toContain('Total logged  540 mi\\x07n\n');
    expect(statLinesTsv(lines)).toContain('name\tNew\\nline\\x1b[2J\n');
  });

  it('leaves the unit out for a habit without a goal', () => {
    const lines = statLines({ ...base, unit: null, totalLogs: 4 }, range);
    expect(renderStatLines(lines, makeChalk(0))).toContain('Total logged  4\n');
    expect(lines.some((l) => l.key === 'unit')).toBe(false);
  });

  it('gives scripts key<TAB>raw value lines, numbers unrounded', () => {
    const tsv = statLinesTsv(statLines({ ...base, completionRate: 0.5 }, range));
    expect(tsv.split('\n')).toEqual([
      'name\tWalk', 'from\t2026-05-25', 'to\t2026-11-22', 'totalLogs\t540', 'unit\tmin', 'average\t3.3333333',
      'completions\t18', 'skips\t2', 'fails\t1', 'completionRate\t0.5', '',
    ]);
  });
});
