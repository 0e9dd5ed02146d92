import { describe, expect, it } from 'vitest';
import type { DailyProgress } from '../../src/api/types.js';
import { addDays, mondayOf } from '../../src/model/dates.js';
import { makeChalk } from '../../src/output/color.js';
import { dayMark, GLYPHS, heatmapLegend, renderHeatmap } from '../../src/output/heatmap.js';
import { displayWidth, stripAnsi } from '../../src/output/plain.js';

const mono = makeChalk(0);

function days(from: string, to: string, pick: (date: string, i: number) => Partial<DailyProgress>): DailyProgress[] {
  const out: DailyProgress[] = [];
  for (let d = from, i = 0; d <= to; d = addDays(d, 1), i++) out.push({ date: d, totalLog: 0, status: 'inprogress', ...pick(d, i) });
  return out;
}

/** The grid rows (Mon..Sun) of a one-block heatmap, without labels. */
function grid(text: string): string[] {
  return text.split('\n').slice(1, 8).map((l) => l.slice(4));
}

describe('dayMark', () => {
  it('scales the logged amount against the target; completed is full', () => {
    expect(dayMark({ date: 'x', totalLog: 0, status: 'inprogress' }, 30)).toBe(0);
    expect(dayMark({ date: 'x', totalLog: 5, status: 'inprogress' }, 30)).toBe(1);
    expect(dayMark({ date: 'x', totalLog: 10, status: 'inprogress' }, 30)).toBe(2);
    expect(dayMark({ date: 'x', totalLog: 20, status: 'inprogress' }, 30)).toBe(3);
    expect(dayMark({ date: 'x', totalLog: 30, status: 'inprogress' }, 30)).toBe(4);
    expect(dayMark({ date: 'x', totalLog: 0, status: 'completed' }, 30)).toBe(4);
    expect(dayMark({ date: 'x', totalLog: 3, status: 'inprogress' }, null)).toBe(2);
  });

  it('marks skipped and failed days, and leaves days without data blank', () => {
    expect(dayMark({ date: 'x', totalLog: 9, status: 'skipped' }, 30)).toBe('skipped');
    expect(dayMark({ date: 'x', totalLog: 9, status: 'failed' }, 30)).toBe('failed');
    expect(dayMark({ date: 'x', totalLog: 0, status: 'none' }, 30)).toBe('blank');
    expect(dayMark(undefined, 30)).toBe('blank');
  });

  it('finds the Monday of a week (the heatmap\'s first row)', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2028-03-01')).toBe('2028-02-28');
  });
});

describe('renderHeatmap', () => {
  it('lays out weeks as columns and weekdays as rows across a year boundary', () => {
    // 2026-12-14 is a Monday; New Year's Day 2027 is a Friday.
    const data = days('2026-12-14', '2027-01-10', (d) =>
      d === '2027-01-01' ? { status: 'failed' } : d === '2026-12-25' ? { status: 'skipped' } : d === '2026-12-14' ? { status: 'completed', totalLog: 30 } : d === '2027-01-04' ? { totalLog: 15 } : {},
    );
    const text = renderHeatmap(data, { from: '2026-12-14', to: '2027-01-10', target: 30, c: mono, width: 80 });
    expect(text).toBe([
      "    Dec Jan '27",
      'Mon █ ○ ○ ▒',
      'Tue ○ ○ ○ ○',
      'Wed ○ ○ ○ ○',
      'Thu ○ ○ ○ ○',
      'Fri ○ » ✗ ○',
      'Sat ○ ○ ○ ○',
      'Sun ○ ○ ○ ○',
      '',
      '    ○ pending or missed   less ░ ▒ ▓ █ done   » skipped   ✗ failed',
      '    blank: not due or to come',
      '',
    ].join('\n'));
  });

  it('includes a leap day, blanks days outside the range and after today', () => {
    // 2028-02-29 is a Tuesday. The range starts on a Wednesday and ends on a Thursday.
    const data = days('2028-02-23', '2028-03-09', (d) => (d === '2028-02-29' ? { status: 'completed' } : { totalLog: 1 }));
    const text = renderHeatmap(data, { from: '2028-02-23', to: '2028-03-09', target: 4, today: '2028-03-08', c: mono, width: 80 });
    const rows = grid(text);
    // February holds too few columns for a label; March is labelled at the week of its 1st.
    expect(text.split('\n')[0]).toBe("      Mar '28");
    expect(rows).toEqual([
      '  ░ ░',   // Mon: 21 Feb outside; 28 Feb, 6 Mar
      '  █ ░',   // Tue: 29 Feb is the completed leap day
      '░ ░ ░',   // Wed: 23 Feb (from), 1 Mar, 8 Mar (today)
      '░ ░',     // Thu: 9 Mar is after today and blank (trailing space trimmed)
      '░ ░',
      '░ ░',
      '░ ░',
    ]);
  });

  it('labels each month at the week holding its 1st', () => {
    const data = days('2026-05-25', '2026-11-22', () => ({ status: 'none' }));
    const text = renderHeatmap(data, { from: '2026-05-25', to: '2026-11-22', target: 30, c: mono, width: 80 });
    const label = text.split('\n')[0]!;
    // Jun 1 is in column 1, Jul 1 in column 5, Aug 1 in column 9, Nov 1 in column 22.
    expect(label.indexOf('Jun')).toBe(4 + 1 * 2);
    expect(label.indexOf('Jul')).toBe(4 + 5 * 2);
    expect(label.indexOf('Aug')).toBe(4 + 9 * 2);
    expect(label.indexOf('Nov')).toBe(4 + 22 * 2);
    expect(grid(text).every((r) => r === '')).toBe(true);
  });

  it('wraps a long range into blocks that fit the width, legend included', () => {
    const data = days('2025-01-06', '2026-11-22', () => ({ totalLog: 30 }));
    const text = renderHeatmap(data, { from: '2025-01-06', to: '2026-11-22', target: 30, c: mono, width: 60 });
    const blocks = text.trimEnd().split('\n\n');
    expect(blocks.length).toBe(5); // 99 weeks in blocks of 28, then the legend
    for (const line of text.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(blocks.at(-1)).toBe('    ○ pending or missed   less ░ ▒ ▓ █ done   » skipped\n    ✗ failed   blank: not due or to come');
  });

  it('leaves out a month label that would run past the width', () => {
    // 28 weeks fill a 60-column block exactly; July 1st falls in the last column.
    const data = days('2025-12-22', '2026-07-05', () => ({ totalLog: 30 }));
    const text = renderHeatmap(data, { from: '2025-12-22', to: '2026-07-05', target: 30, c: mono, width: 60 });
    const labels = text.split('\n')[0]!;
    expect(labels).toMatch(/^      Jan '26 Feb .* Jun$/); // Dec '25 has no room before Jan
    expect(displayWidth(labels)).toBeLessThanOrEqual(60);
    expect(renderHeatmap(data, { from: '2025-12-22', to: '2026-07-05', target: 30, c: mono, width: 80 }).split('\n')[0]).toMatch(/ Jul$/);
  });

  it('colours marks on top of the same characters', () => {
    const data = days('2026-11-16', '2026-11-22', (_d, i) => [{ status: 'completed' }, { status: 'skipped' }, { status: 'failed' }, { totalLog: 10 }, {}, { status: 'none' }, { totalLog: 25 }][i]!);
    const opts = { from: '2026-11-16', to: '2026-11-22', target: 30, width: 80 };
    const coloured = renderHeatmap(data, { ...opts, c: makeChalk(2) });
    const plain = renderHeatmap(data, { ...opts, c: mono });
    expect(coloured).toContain('\u001b[');
    expect(plain).not.toContain('\u001b');
    expect(stripAnsi(coloured)).toBe(plain);
    expect(grid(plain)).toEqual(['█', '»', '✗', '▒', '○', '', '▓']);
    expect(stripAnsi(renderHeatmap(data, { ...opts, c: makeChalk(1) }))).toBe(plain);
  });

  it('has a legend naming every mark', () => {
    const legend = heatmapLegend(mono);
    for (const mark of [0, 1, 2, 3, 4, 'skipped', 'failed'] as const) expect(legend).toContain(GLYPHS[mark]);
    expect(legend).toContain('skipped');
    expect(legend).toContain('failed');
    expect(legend).toContain('not due');
    // The words and glyphs of week and month: ○ is a due day with nothing logged, » and ✗ the marks.
    expect(legend).toContain('○ pending or missed');
    expect(legend).toContain('» skipped');
    expect(legend).toContain('✗ failed');
  });

  it('without a target shades any amount alike, and its legend says so', () => {
    const data = days('2026-11-16', '2026-11-22', (_d, i) => [{ totalLog: 1 }, { totalLog: 100 }, { status: 'completed' }, {}, {}, {}, {}][i]!);
    const text = renderHeatmap(data, { from: '2026-11-16', to: '2026-11-22', target: null, c: mono, width: 80 });
    expect(grid(text).slice(0, 4)).toEqual(['▒', '▒', '█', '○']);
    expect(text.trimEnd().split('\n').slice(-2)).toEqual(['    ○ pending or missed   ▒ logged   █ done   » skipped   ✗ failed', '    blank: not due or to come']);
  });
});
