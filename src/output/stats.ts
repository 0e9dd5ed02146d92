// A habit's statistics in words: totals, completion rate and streaks. Pure functions of data.
import type { Statistics } from '../api/types.js';
import { statsUnit } from '../model/resources.js';
import { displayUnit } from '../model/units.js';
import { escapeControls } from '../model/text.js';
import type { ChalkInstance } from './color.js';
import { formatNumber, periods } from './format.js';
import { toTsv } from './plain.js';

/** One statistic: a stable key for scripts, a label for people, the raw and the readable value. */
export interface StatLine {
  key: string;
  label: string;
  raw: string;
  text: string;
  /** The heading of a terminal's lines (the habit's name). */
  title?: boolean;
  /** Only for scripts: a terminal says it within another line (the end date, the unit). */
  scriptOnly?: boolean;
}

/** The statistics worth showing, in order; fields the server did not send are left out. */
export function statLines(stats: Statistics, range: { from: string; to: string }, unitName?: string | null): StatLine[] {
  const unit = statsUnit(stats);
  // People read `km` or the habit's own unit name for a count (the server's name for it when the
  // caller has none: `times` for a habit without a goal on the local service); scripts get the wire symbol.
  const served = typeof stats.unit === 'object' && stats.unit !== null && typeof stats.unit.name === 'string' ? stats.unit.name : undefined;
  const amount = (n: number) => `${formatNumber(n)}${unit ? ` ${displayUnit(unit, unitName || served)}` : ''}`;
  const num = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);
  const lines: StatLine[] = [
    { key: 'name', label: 'Habit', raw: stats.name, text: stats.name, title: true },
    { key: 'from', label: 'From', raw: range.from, text: `${range.from} to ${range.to}` },
    { key: 'to', label: 'To', raw: range.to, text: range.to, scriptOnly: true },
  ];
  const add = (key: string, label: string, value: number | undefined, text: (n: number) => string) => {
    // Scripts get the number as the server sent it; people get it rounded.
    if (value !== undefined) lines.push({ key, label, raw: String(value), text: text(value) });
  };
  add('totalLogs', 'Total logged', num(stats.totalLogs), amount);
  if (unit) lines.push({ key: 'unit', label: 'Unit', raw: unit, text: unit, scriptOnly: true });
  add('average', 'Average', num(stats.avg), (n) => `${amount(n)} per due day`);
  add('completions', 'Completed', num(stats.completions), (n) => String(n));
  add('skips', 'Skipped', num(stats.skips), (n) => String(n));
  add('fails', 'Failed', num(stats.fails), (n) => String(n));
  add('completionRate', 'Completion rate', num(stats.completionRate), (n) => `${Math.round(n * 100)}%`);
  const per = stats.periodicity ?? 'daily';
  add('currentStreak', 'Current streak', num(stats.currentStreak), (n) => periods(n, per));
  add('longestStreak', 'Longest streak', num(stats.longestStreak), (n) => periods(n, per));
  return lines;
}

/** Aligned `Label   value` lines for a terminal under the habit's name in bold. */
export function renderStatLines(lines: readonly StatLine[], c: ChalkInstance): string {
  const shown = lines.filter((l) => !l.title && !l.scriptOnly);
  const width = Math.max(...shown.map((l) => l.label.length));
  const title = lines.find((l) => l.title);
  const head = title ? c.bold(escapeControls(title.text)) + '\n' : '';
  return head + shown.map((l) => `${c.dim(l.label.padEnd(width))}  ${escapeControls(l.text)}`).join('\n') + '\n';
}

/** `key<TAB>value` lines for pipes, with raw numbers. */
export function statLinesTsv(lines: readonly StatLine[]): string {
  return toTsv(lines.map((l) => [l.key, l.raw]));
}
