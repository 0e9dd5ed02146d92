// A GitHub-style calendar heatmap of a habit's days: weeks as columns, weekdays as rows (Monday
// first), month labels on top. Pure: a function of the statistics' dailyProgress.
import type { DailyProgress } from '../api/types.js';
import { addDays, daysBetween, mondayOf } from '../model/dates.js';
import type { ChalkInstance } from './color.js';
import { MONDAY_FIRST, MONTH_NAMES, WEEKDAY_NAMES } from './format.js';
import { displayWidth } from './plain.js';
import { GLYPH } from './vocabulary.js';

/** What a day shows: an intensity 0-4, a skip or a fail mark, or nothing (not due, no data, outside). */
export type DayMark = 0 | 1 | 2 | 3 | 4 | 'skipped' | 'failed' | 'blank';

/**
 * Characters of each mark; the same with and without colour, so colour only adds to them. A due
 * day with nothing logged, a skip and a fail are the glyphs week, month and the journal show for
 * them (output/vocabulary.ts); amounts are shades, the fullest one done.
 */
export const GLYPHS: Record<DayMark, string> = {
  blank: ' ', 0: GLYPH.open, 1: '░', 2: '▒', 3: '▓', 4: '█', skipped: GLYPH.skipped, failed: GLYPH.failed,
};

const LABEL_WIDTH = 4;

/**
 * The mark of one day. Completed is full; otherwise the logged amount against `target` (a daily
 * goal value) sets the intensity. Without a target any amount shows as half. A due day with
 * nothing logged is 0; a day that is not due (`none`) or unknown is blank.
 */
export function dayMark(day: DailyProgress | undefined, target: number | null): DayMark {
  if (!day) return 'blank';
  switch (day.status) {
    case 'completed':
      return 4;
    case 'skipped':
      return 'skipped';
    case 'failed':
      return 'failed';
  }
  const amount = Number(day.totalLog) || 0;
  if (day.status !== 'inprogress' && amount <= 0) return 'blank';
  if (amount <= 0) return 0;
  if (!target || target <= 0) return 2;
  const ratio = amount / target;
  return ratio >= 1 ? 4 : ratio >= 2 / 3 ? 3 : ratio >= 1 / 3 ? 2 : 1;
}

/** The period, the scale and the terminal a heatmap is drawn for. */
export interface HeatmapOptions {
  from: string;
  to: string;
  /**
   * The amount that counts as a full day: a daily goal's value. Null without one (no goal, or a
   * goal per week, month or year, which a single day is not measured against).
   */
  target: number | null;
  /** Days after this one are blank: they have not happened yet. */
  today?: string;
  /** Colour for the marks; a level-0 instance draws the monochrome form. */
  c: ChalkInstance;
  /** Width available; long ranges wrap into several blocks of weeks. */
  width: number;
}

function paint(mark: DayMark, c: ChalkInstance): string {
  const glyph = GLYPHS[mark];
  if (c.level === 0) return glyph;
  if (mark === 'skipped') return c.yellow(glyph);
  if (mark === 'failed') return c.red(glyph);
  if (mark === 'blank') return glyph;
  if (mark === 0) return glyph;
  if (c.level >= 2) {
    // Greens that grow brighter with the amount and stay visible on dark and light backgrounds.
    const greens = ['#216e39', '#30a14e', '#40c463', '#56d364'] as const;
    return c.hex(greens[mark - 1]!)(glyph);
  }
  return mark >= 3 ? c.greenBright(glyph) : c.green(glyph);
}

/**
 * Month labels over week columns: each at the week holding the month's 1st (the first column at
 * the month of `from`), never overlapping nor past `width` columns; when two months meet in one
 * column the later one wins.
 */
function monthLabels(weekStarts: string[], from: string, to: string, cellWidth: number, width: number): string {
  const marks: { col: number; month: number; year: string }[] = [];
  weekStarts.forEach((start, col) => {
    let found: string | undefined;
    for (let d = 0; d < 7; d++) {
      const date = addDays(start, d);
      if (date < from || date > to) continue;
      if (date.endsWith('-01') || (col === 0 && found === undefined)) found = date;
    }
    if (found) marks.push({ col, month: Number(found.slice(5, 7)) - 1, year: found.slice(0, 4) });
  });
  let line = '';
  marks.forEach((m, i) => {
    const pos = m.col * cellWidth;
    const next = marks[i + 1];
    const room = next ? next.col * cellWidth - pos - 1 : width - pos;
    const short = MONTH_NAMES[m.month]!;
    const long = `${short} '${m.year.slice(2)}`;
    // The year shows on the first label and where a year begins, when there is room for it.
    const text = (line.trim() === '' || m.month === 0) && room >= long.length ? long : short;
    if (room < text.length || pos < line.length) return;
    line = line.padEnd(pos) + text;
  });
  return ' '.repeat(LABEL_WIDTH) + line;
}

/** The heatmap of `days` over from..to, one block of weeks per width's worth, then the legend. */
export function renderHeatmap(days: readonly DailyProgress[], opts: HeatmapOptions): string {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const first = mondayOf(opts.from);
  const weeks = Math.floor(daysBetween(first, opts.to) / 7) + 1;
  const weekStarts = Array.from({ length: weeks }, (_, i) => addDays(first, i * 7));
  // Two columns a day keep cells square-ish and leave room for month labels with years; a range
  // too wide for the terminal wraps into blocks of weeks rather than squeezing.
  const cellWidth = 2;
  const perBlock = Math.max(1, Math.floor((opts.width - LABEL_WIDTH) / cellWidth));

  const blocks: string[] = [];
  for (let start = 0; start < weeks; start += perBlock) {
    const cols = weekStarts.slice(start, start + perBlock);
    const lines = [monthLabels(cols, start === 0 ? opts.from : cols[0]!, opts.to, cellWidth, opts.width - LABEL_WIDTH)];
    for (let row = 0; row < 7; row++) {
      let line = WEEKDAY_NAMES[MONDAY_FIRST[row]!].padEnd(LABEL_WIDTH);
      for (const ws of cols) {
        const date = addDays(ws, row);
        const outside = date < opts.from || date > opts.to || (opts.today !== undefined && date > opts.today);
        const mark = outside ? 'blank' : dayMark(byDate.get(date), opts.target);
        line += paint(mark, opts.c) + ' ';
      }
      lines.push(line.trimEnd());
    }
    blocks.push(lines.map((l) => l.trimEnd()).join('\n'));
  }
  return blocks.join('\n\n') + '\n\n' + heatmapLegend(opts.c, opts.width, opts.target !== null) + '\n';
}

/**
 * `○ pending or missed   less ░ ▒ ▓ █ done   » skipped   ✗ failed   blank: not due or to come`,
 * in the words of week and month, wrapped to `width`. Without a `graded` scale (no daily goal) the
 * shades are any amount and done.
 */
export function heatmapLegend(c: ChalkInstance, width = Infinity, graded = true): string {
  const scale = graded
    ? `less ${([1, 2, 3, 4] as const).map((m) => paint(m, c)).join(' ')} done`
    : `${paint(2, c)} logged   ${paint(4, c)} done`;
  const parts = [`${paint(0, c)} pending or missed`, scale, `${paint('skipped', c)} skipped`, `${paint('failed', c)} failed`, 'blank: not due or to come'];
  const indent = ' '.repeat(LABEL_WIDTH);
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.at(-1);
    if (last !== undefined && displayWidth(last) + 3 + displayWidth(part) <= width) lines[lines.length - 1] = `${last}   ${part}`;
    else lines.push(displayWidth(indent + part) <= width ? indent + part : part);
  }
  return lines.join('\n');
}
