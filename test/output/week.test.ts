// The overview drawn: glyphs that hold without colour, a grid that fits its width, the legend, the
// piped lines. Pure functions of an overview.
import { describe, expect, it } from 'vitest';
import { eachDay, type DayStatus, type Overview, type OverviewHabit } from '../../src/model/overview.js';
import { makeChalk } from '../../src/output/color.js';
import { displayWidth, stripAnsi } from '../../src/output/plain.js';
import { DAY_GLYPHS, overviewGrid, overviewLegend, overviewTsv, rangeTitle, rateCell, streakCell } from '../../src/output/week.js';

const plain = makeChalk(0);
const from = '2026-11-09';
const to = '2026-11-22';
const statuses: DayStatus[] = ['done', 'partial', 'skipped', 'failed', 'not-due', 'open', 'done'];

function row(name: string, extra: Partial<OverviewHabit> = {}): OverviewHabit {
  const days = eachDay(from, to).map((date, i) => ({ date, status: statuses[i % 7]!, total: 0 }));
  return { id: name.toLowerCase().replace(/\W/g, ''), name, type: 'good', days, currentStreak: 12, longestStreak: 30, completionRate: 0.75, streakUnit: 'day', source: 'server', ...extra };
}
const overview = (...habits: OverviewHabit[]): Overview => ({ from, to, habits });

describe('cells', () => {
  it('has a distinct glyph per status and spells numbers short', () => {
    expect(new Set(Object.values(DAY_GLYPHS)).size).toBe(7);
    expect(streakCell(12, 'day')).toBe('12d');
    expect(streakCell(3, 'week')).toBe('3w');
    expect(streakCell(2, 'month')).toBe('2mo');
    expect(streakCell(null, 'day')).toBe('–');
    expect(rateCell(0.756)).toBe('76%');
    expect(rateCell(null)).toBe('–');
    expect(rangeTitle('2025-12-29', '2026-01-04')).toBe('29 Dec 2025 – 4 Jan 2026');
    expect(rangeTitle('2026-11-01', '2026-11-30', true)).toBe('November 2026');
  });
});

describe('overviewGrid', () => {
  it('colours glyphs on top of the same text', () => {
    const coloured = overviewGrid(overview(row('Walk')), { c: makeChalk(1), width: 80, anchor: to }).text;
    expect(coloured).toContain('\u001b[32m✓');
    expect(coloured).toContain('\u001b[31m✗');
    expect(stripAnsi(coloured)).toBe(overviewGrid(overview(row('Walk')), { c: plain, width: 80, anchor: to }).text);
  });

  it('escapes control characters of names', () => {
    const { text } = overviewGrid(overview(row('New\nline\u001b[2J')), { c: plain, width: 80, anchor: to });
    expect(text).toContain('New\\nline\\x1b[2J  ✓◐»✗·○✓');
  });

  it('shortens names, then leaves out weeks before the anchor\'s, then the number columns', () => {
    const long = row('A habit with a name much longer than the rest');
    const draw = (width: number, anchor = to) => {
      const g = overviewGrid(overview(long, row('Walk')), { c: plain, width, anchor });
      for (const line of g.text.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      return g;
    };
    expect(draw(80)).toMatchObject({ shown: 2, weeks: 2 });
    expect(draw(80).text).toContain('A habit with a name much longer than the r…  ✓');
    const one = draw(40);
    expect(one).toMatchObject({ shown: 1, weeks: 2 });
    expect(one.text).toContain('16 Nov'); // the anchor's week stays
    expect(draw(40, from).text).toContain('9 Nov');
    expect(draw(40, from).text).not.toContain('16 Nov');
    expect(draw(26).text.split('\n')[1]).toBe('HA…  MTWTFSS  STREAK  RATE');
    expect(draw(21).text.split('\n')[2]).toBe('A h…  ✓◐»✗·○✓     12d');
    expect(draw(14).text.split('\n')[2]).toBe('A ha…  ✓◐»✗·○✓');
  });

  it('writes "unavailable" across a row whose statistics failed', () => {
    const failed = row('Run', { days: [], currentStreak: null, longestStreak: null, completionRate: null, source: null, error: { code: 'server', message: 'boom', status: 500 } });
    const { text } = overviewGrid(overview(row('Walk'), failed), { c: plain, width: 80, anchor: to });
    expect(text.split('\n')[3]).toBe('Run    unavailable');
  });
});

describe('overviewLegend', () => {
  it('names every glyph, and bad habits as limits only when one is shown', () => {
    expect(overviewLegend(plain, 100, false)).toBe('✓ done   ◐ partial   » skipped   ✗ failed   ○ open   · not due   blank: to come');
    expect(overviewLegend(plain, 100, true).split('\n')[1]).toBe('bad habits: ✓ within limit   ○ under limit   ✗ over limit');
    for (const line of overviewLegend(plain, 21, true).split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(21);
  });
});

describe('overviewTsv', () => {
  it('is one line per habit: id, name, a status per day, streak, longest, rate; escaped cells', () => {
    const failed = row('Run', { days: [], currentStreak: null, longestStreak: null, completionRate: null, source: null, error: { code: 'server', message: 'boom', status: 500 } });
    const lines = overviewTsv(overview(row('Tab\there'), failed)).split('\n');
    expect(lines[0]!.split('\t')).toEqual(['tabhere', 'Tab\\there', ...statuses, ...statuses, '12', '30', '0.75']);
    expect(lines[1]!.split('\t')).toEqual(['run', 'Run', ...Array(14).fill(''), '', '', '']);
    expect(lines[2]).toBe('');
  });
});
