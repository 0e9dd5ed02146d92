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

  it("names a count by the habit's own name, else by the server's name for it; a measure keeps its symbol", () => {
    // The local service's answer for a habit without a goal: a count named `times`.
    const count = { ...base, unit: { id: 'unit-rep', name: 'times', symbol: 'rep' as const, type: 'scalar' as const }, totalLogs: 4, avg: 0.5 };
    const text = renderStatLines(statLines(count, range), makeChalk(0));
    expect(text).toContain('Total logged  4 times\n');
    expect(text).toContain('Average       0.5 times per due day\n');
    expect(renderStatLines(statLines(count, range, 'pages'), makeChalk(0))).toContain('Total logged  4 pages\n');
    expect(statLinesTsv(statLines(count, range))).toContain('totalLogs\t4\nunit\trep\n');
    const km = { ...base, unit: { id: 'unit-km', name: 'laps', symbol: 'kM' as const, type: 'length' as const }, totalLogs: 5 };
    expect(renderStatLines(statLines(km, range), makeChalk(0))).toContain('Total logged  5 km\n');
  });

  it('gives scripts key<TAB>raw value lines, numbers unrounded', () => {
    const tsv = statLinesTsv(statLines({ ...base, completionRate: 0.5 }, range));
    expect(tsv.split('\n')).toEqual([
      'name\tWalk', 'from\t2026-05-25', 'to\t2026-11-22', 'totalLogs\t540', 'unit\tmin', 'average\t3.3333333',
      'completions\t18', 'skips\t2', 'fails\t1', 'completionRate\t0.5', '',
    ]);
  });
});
