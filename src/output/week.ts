// `habits week` and `habits month` drawn: a grid of habits by days on a terminal, one line per
// habit in a pipe. Pure functions of the overview (model/overview.ts): no I/O, no fetching.
import { mondayOf, weekday } from '../model/dates.js';
import { eachDay, type DayStatus, type Overview, type OverviewHabit } from '../model/overview.js';
import { escapeControls } from '../model/text.js';
import type { ChalkInstance } from './color.js';
import { formatNumber, MONTH_NAMES } from './format.js';
import { displayWidth, toTsv, truncate } from './plain.js';
import { BAD_WORDS, GLYPH, GOOD_WORDS, OFF_GLYPH, OFF_WORDS, TO_COME, type GlyphKind } from './vocabulary.js';

/** Each day status as a glyph of the vocabulary (output/vocabulary.ts). */
const KIND: Record<Exclude<DayStatus, 'future'>, GlyphKind> = {
  done: 'done', partial: 'partial', skipped: 'skipped', failed: 'failed', 'not-due': 'notDue', open: 'open',
};

/** The glyph of each day status: the same with and without colour, so colour only adds to them. */
export const DAY_GLYPHS: Record<DayStatus, string> = {
  done: GLYPH.done, partial: GLYPH.partial, skipped: GLYPH.skipped, failed: GLYPH.failed, 'not-due': GLYPH.notDue, open: GLYPH.open, future: ' ',
};

/** Weekday initials, Sunday first (weekday() numbering). */
const INITIALS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];

const GAP = 2;
/** Names give up width down to this before any week is left out. */
const MIN_NAME = 8;
/** And down to this before the number columns go. */
const TINY_NAME = 3;
const DASH = '–';
const UNAVAILABLE = 'unavailable';

function paint(status: DayStatus, c: ChalkInstance): string {
  return status === 'future' ? DAY_GLYPHS.future : paintGlyph(KIND[status], c);
}

/** A glyph of the vocabulary in its colour. */
function paintGlyph(kind: GlyphKind, c: ChalkInstance): string {
  const glyph = GLYPH[kind];
  switch (kind) {
    case 'done':
      return c.green(glyph);
    case 'partial':
      return c.cyan(glyph);
    case 'skipped':
      return c.yellow(glyph);
    case 'failed':
      return c.red(glyph);
    case 'notDue':
      return c.dim(glyph);
    default:
      return glyph;
  }
}

/** `5d`, `3w`, `2mo`, `1y`: a streak in its unit; `–` without one. */
export function streakCell(n: number | null, unit: OverviewHabit['streakUnit']): string {
  if (n === null) return DASH;
  return `${formatNumber(n)}${{ day: 'd', week: 'w', month: 'mo', year: 'y' }[unit]}`;
}

/** `60%`; `–` when no day counted. */
export function rateCell(rate: number | null): string {
  return rate === null ? DASH : `${Math.round(rate * 100)}%`;
}

/** `16 Nov – 22 Nov 2026`, `29 Dec 2025 – 4 Jan 2026`, or `November 2026` for a whole month. */
export function rangeTitle(from: string, to: string, month = false): string {
  const day = (d: string) => `${Number(d.slice(8))} ${MONTH_NAMES[Number(d.slice(5, 7)) - 1]}`;
  if (month) return `${LONG_MONTHS[Number(from.slice(5, 7)) - 1]} ${from.slice(0, 4)}`;
  return from.slice(0, 4) === to.slice(0, 4) ? `${day(from)} – ${day(to)} ${to.slice(0, 4)}` : `${day(from)} ${from.slice(0, 4)} – ${day(to)} ${to.slice(0, 4)}`;
}

const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The piped form: one line per habit, no header (see OVERVIEW_TSV_COLUMNS in the help). */
export function overviewTsv(overview: Overview): string {
  const dayCount = eachDay(overview.from, overview.to).length;
  return toTsv(
    overview.habits.map((h) => [
      h.id,
      h.name,
      ...(h.error ? Array.from({ length: dayCount }, () => '') : h.days.map((d) => d.status)),
      h.currentStreak ?? '',
      h.longestStreak ?? '',
      h.completionRate ?? '',
    ]),
  );
}

/** What the grid is drawn for. */
export interface GridOptions {
  c: ChalkInstance;
  /** The terminal's width: no line is wider. */
  width: number;
  /** The week that stays when weeks must be left out: the one holding the date asked for. */
  anchor: string;
  /** `habitId|date` of the skipped days that are time off (`habits off`): drawn ~. */
  off?: ReadonlySet<string>;
}

/** Pads text (which may hold colour) with spaces to `width` display columns, on the right or the left. */
function pad(text: string, width: number, right = false): string {
  const room = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? room + text : text + room;
}

/**
 * The terminal grid: a header of week labels and weekday initials, then a row per habit with a
 * glyph per day (weeks apart by a space), its streak, longest streak and rate. It fits `width`:
 * names give up width first (down to 8), then weeks are left out, farthest from the anchor's week
 * first (earlier ones before later), with a note; then names shrink to 3 and the number columns
 * go, longest streak first. `shown` and `weeks` tell how many weeks were drawn of how many.
 */
export function overviewGrid(overview: Overview, opts: GridOptions): { text: string; shown: number; weeks: number } {
  const { c } = opts;
  const days = eachDay(overview.from, overview.to);
  // Days by ISO week: the groups of the grid.
  let groups: string[][] = [];
  for (const d of days) {
    const last = groups.at(-1);
    if (last && mondayOf(last[0]!) === mondayOf(d)) last.push(d);
    else groups.push([d]);
  }
  const weeks = groups.length;
  const names = overview.habits.map((h) => escapeControls(h.name));
  const naturalName = Math.max(displayWidth('HABIT'), ...names.map(displayWidth));
  const stats = [
    { head: 'STREAK', cells: overview.habits.map((h) => streakCell(h.currentStreak, h.streakUnit)) },
    { head: 'BEST', cells: overview.habits.map((h) => streakCell(h.longestStreak, h.streakUnit)) },
    { head: 'RATE', cells: overview.habits.map((h) => rateCell(h.completionRate)) },
  ].map((s) => ({ ...s, width: Math.max(s.head.length, ...s.cells.map(displayWidth)) }));
  let shownStats = stats;
  const daysWidth = () => groups.reduce((n, g) => n + g.length, 0) + groups.length - 1;
  const nameRoom = () => opts.width - GAP - daysWidth() - shownStats.reduce((n, s) => n + GAP + s.width, 0);
  const anchorWeek = mondayOf(opts.anchor);
  while (nameRoom() < Math.min(MIN_NAME, naturalName) && groups.length > 1) {
    // The earliest week goes while it comes before the anchor's; then the latest.
    if (mondayOf(groups[0]![0]!) < anchorWeek) groups = groups.slice(1);
    else groups = groups.slice(0, -1);
  }
  // Longest streak, then rate, then the streak itself, before a name shrinks under 3 columns.
  for (const drop of ['BEST', 'RATE', 'STREAK']) {
    if (nameRoom() >= Math.min(TINY_NAME, naturalName)) break;
    shownStats = shownStats.filter((s) => s.head !== drop);
  }
  const nameWidth = Math.max(1, Math.min(naturalName, nameRoom()));
  const dw = daysWidth();

  const labels = groups.map((g) => {
    const d = g[0]!;
    // A week cut short by the month's edge may be too narrow for its label: it goes without.
    const label = `${Number(d.slice(8))} ${MONTH_NAMES[Number(d.slice(5, 7)) - 1]}`;
    return pad(label.length <= g.length ? label : '', g.length);
  });
  const initials = groups.map((g) => g.map((d) => INITIALS[weekday(d)]).join(''));
  const statHeads = shownStats.map((s) => ' '.repeat(GAP) + pad(s.head, s.width, true)).join('');
  const lines = [
    (' '.repeat(nameWidth + GAP) + labels.join(' ')).trimEnd(),
    c.bold(pad(truncate('HABIT', nameWidth), nameWidth) + ' '.repeat(GAP) + pad(initials.join(' '), dw) + statHeads),
  ];
  overview.habits.forEach((h, i) => {
    const name = pad(truncate(names[i]!, nameWidth), nameWidth);
    if (h.error) {
      // The word spans the days and the number columns, which it has none of.
      const room = dw + shownStats.reduce((n, s) => n + GAP + s.width, 0);
      lines.push(name + ' '.repeat(GAP) + c.yellow(truncate(UNAVAILABLE, room)));
      return;
    }
    const byDate = new Map(h.days.map((d) => [d.date, d.status]));
    const cell = (d: string): string => {
      const status = byDate.get(d) ?? 'not-due';
      return status === 'skipped' && opts.off?.has(`${h.id}|${d}`) ? c.blue(OFF_GLYPH) : paint(status, c);
    };
    const cells = groups.map((g) => g.map(cell).join('')).join(' ');
    const numbers = shownStats.map((s) => {
      const cell = s.cells[i]!;
      return ' '.repeat(GAP) + pad(cell === DASH ? c.dim(cell) : cell, s.width, true);
    }).join('');
    lines.push((name + ' '.repeat(GAP) + cells + numbers).trimEnd());
  });
  return { text: lines.join('\n') + '\n', shown: groups.length, weeks };
}

/** Parts joined by three spaces, wrapped to `width` (a part is never split). */
function wrapParts(parts: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.at(-1);
    if (last !== undefined && displayWidth(last) + 3 + displayWidth(part) <= width) lines[lines.length - 1] = `${last}   ${part}`;
    else lines.push(part);
  }
  return lines;
}

/**
 * The legend, in the journal's words (output/vocabulary.ts): `✓ done   ◐ partial   » skipped
 * ✗ failed   ○ pending or missed   · not due   blank: to come`, and when a bad habit is shown, how
 * its glyphs read as limits; wrapped to `width`.
 */
export function overviewLegend(c: ChalkInstance, width: number, withBad: boolean, withOff = false): string {
  const parts = GOOD_WORDS.map(([kind, w]) => `${paintGlyph(kind, c)} ${w}`);
  if (withOff) parts.push(`${c.blue(OFF_GLYPH)}${OFF_WORDS.slice(OFF_GLYPH.length)}`);
  parts.push(TO_COME);
  const lines = wrapParts(parts, width);
  if (withBad) {
    const bad = BAD_WORDS.map(([kind, w]) => `${paintGlyph(kind, c)} ${w}`);
    const head = `bad habits: ${bad[0]!}`;
    lines.push(...wrapParts(displayWidth(head) <= width ? [head, ...bad.slice(1)] : ['bad habits:', ...bad], width));
  }
  return lines.join('\n');
}
