// The daily journal in human and script form. Pure functions of data: no I/O, no fetching.
import { type JournalEntry, type Note, PERIODICITIES } from '../api/types.js';
import { weekday } from '../model/dates.js';
import { periodOf } from '../model/habit-facts.js';
import { displayUnit } from '../model/units.js';
import { escapeControls } from '../model/text.js';
import type { ChalkInstance } from './color.js';
import { compareNames, displayIcon, formatNumber, MONTH_NAMES, periods, WEEKDAY_LONG_NAMES } from './format.js';
import { moodLabel } from './notes.js';
import { displayWidth, toTsv, truncate } from './plain.js';
import { flexRoom, type Cell, type TableSpec } from './table.js';
import { GLYPH, OFF_GLYPH } from './vocabulary.js';

/** Columns of the piped (tab-separated) journal, in order. Scripts rely on it; append only. */
export const JOURNAL_TSV_COLUMNS = ['id', 'name', 'status', 'current', 'target', 'unit', 'streak', 'timeOfDay'] as const;

/** Width of the progress bar, in cells. */
const BAR_WIDTH = 8;

/** Names of time-of-day ids (from the name cache); ids without one are shown as they are. */
export type TimeOfDayNames = Readonly<Record<string, string>>;

type Tone = 'done' | 'partial' | 'pending' | 'skipped' | 'failed' | 'unknown';

/** How a status reads: a symbol and a word, so meaning never rests on colour. */
export interface StatusLabel {
  symbol: string;
  word: string;
  tone: Tone;
}

/** The words of the journal's heading in the order it counts them, the open ones first. */
const SUMMARY_ORDER = ['partial', 'pending', 'under limit', 'clean so far', 'missed', 'skipped', 'failed', 'over limit'];

// Pending first, so the rows still to act on lead; then what is settled.
const STATUS_RANK: Record<string, number> = { inprogress: 0, completed: 1, skipped: 2, failed: 3 };
export const DAY_PARTS = ['morning', 'afternoon', 'evening', 'night'];

/**
 * Whether the goal period holding `date` (the day, for a daily goal or none) ended before `today`:
 * then an open good habit was missed, not pending.
 */
export function periodEnded(entry: Pick<JournalEntry, 'progress'>, date: string, today: string): boolean {
  const periodicity = PERIODICITIES.find((p) => p === entry.progress?.periodicity) ?? 'daily';
  return periodOf(periodicity, date).to < today;
}

/**
 * The status of an entry as a symbol and a word; bad habits read as limits, not chores. The
 * glyphs are those of `week` and `month` for the same day (docs/cli-contract.md, the vocabulary):
 * an open good habit with an amount short of its goal is ◐ partial there and here. `ended`: its
 * goal period is over (a past day), so an open good habit with nothing logged reads `missed`, not
 * `pending`.
 */
export function statusLabel(entry: Pick<JournalEntry, 'status' | 'type' | 'progress'>, ended = false): StatusLabel {
  const bad = entry.type === 'bad';
  switch (entry.status) {
    case 'completed':
      return { symbol: GLYPH.done, word: bad ? (entry.progress ? 'within limit' : 'avoided') : 'done', tone: 'done' };
    case 'inprogress':
      // For a bad habit an open day means "not over the limit yet", not "still to do".
      if (bad) return { symbol: GLYPH.open, word: entry.progress ? 'under limit' : 'clean so far', tone: 'pending' };
      if ((entry.progress?.current ?? 0) > 0) return { symbol: GLYPH.partial, word: 'partial', tone: 'partial' };
      return { symbol: GLYPH.open, word: ended ? 'missed' : 'pending', tone: 'pending' };
    case 'skipped':
      return { symbol: GLYPH.skipped, word: 'skipped', tone: 'skipped' };
    case 'failed':
      return { symbol: GLYPH.failed, word: bad && entry.progress ? 'over limit' : 'failed', tone: 'failed' };
    default:
      return { symbol: '?', word: escapeControls(String(entry.status)), tone: 'unknown' };
  }
}

export function toTimeRank(ids: readonly string[], names: TimeOfDayNames): number {
  if (ids.length === 0) return DAY_PARTS.length + 1;
  return Math.min(
    ...ids.map((id) => {
      const label = `${id} ${names[id] ?? ''}`.toLowerCase();
      const i = DAY_PARTS.findIndex((part) => label.includes(part));
      return i === -1 ? DAY_PARTS.length : i;
    }),
  );
}

/**
 * Entries in reading order: pending first by time of day (morning, afternoon, evening, other,
 * none) then name; then completed, skipped and failed, each in the same order.
 */
export function orderJournal<T extends JournalEntry>(entries: readonly T[], names: TimeOfDayNames = {}): T[] {
  // Each entry's ranks are computed once, not twice per comparison (300 entries: ~2,400 of those).
  const keyed = entries.map((e) => ({ e, status: STATUS_RANK[e.status] ?? 4, time: toTimeRank(e.timeOfDayIds ?? [], names) }));
  keyed.sort((a, b) => a.status - b.status || a.time - b.time || compareNames(a.e.name, b.e.name) || a.e.id.localeCompare(b.e.id));
  return keyed.map((k) => k.e);
}

/** `Sunday 22 Nov 2026` for `2026-11-22`, independent of the locale. */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${WEEKDAY_LONG_NAMES[weekday(date)]} ${Number(d)} ${MONTH_NAMES[Number(m) - 1]} ${y}`;
}

/**
 * `Sunday 22 Nov 2026 (today) · 4/7 done · 1 partial · 2 pending · 1 failed`: the habits shown
 * ✓ over all, then how many rows read each other word, in the rows' own words (statusLabel), so a
 * word means the same in the heading as in the table. Within `width`, the least important parts
 * go first: the counts after "done", then "(today)".
 */
export function journalSummary(date: string, entries: readonly JournalEntry[], today?: string, width = Infinity): string {
  const labels = entries.map((e) => statusLabel(e, today !== undefined && periodEnded(e, date, today)));
  const parts = [`${labels.filter((l) => l.tone === 'done').length}/${entries.length} done`];
  const counts = new Map<string, number>();
  for (const l of labels) if (l.tone !== 'done') counts.set(l.word, (counts.get(l.word) ?? 0) + 1);
  const order = (word: string) => {
    const i = SUMMARY_ORDER.indexOf(word);
    return i === -1 ? SUMMARY_ORDER.length : i;
  };
  for (const word of [...counts.keys()].sort((a, b) => order(a) - order(b))) parts.push(`${counts.get(word)!} ${word}`);
  let when = date === today ? ' (today)' : '';
  const line = () => `${longDate(date)}${when} · ${parts.join(' · ')}`;
  while (parts.length > 1 && displayWidth(line()) > width) parts.pop();
  if (displayWidth(line()) > width) when = '';
  return line();
}

/** A bar `█████░░░` of `width` cells for current/target; full at or past the target. */
export function progressBar(current: number, target: number, width = BAR_WIDTH): string {
  const ratio = target > 0 ? current / target : current > 0 ? 1 : 0;
  const filled = Math.max(0, Math.min(width, Math.round(ratio * width)));
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

/** `12/30 min`, `2/5 km`, `12/20 pages` (the habit's unit name), or undefined when the entry has no progress. */
export function progressText(entry: Pick<JournalEntry, 'progress'>, unitName?: string): string | undefined {
  const p = entry.progress;
  if (!p) return undefined;
  return `${formatNumber(p.current)}/${formatNumber(p.target)}${p.unit ? ` ${displayUnit(p.unit, unitName)}` : ''}`;
}

/** `12 days`, `1 week`; undefined when the server sent no streak. */
export function streakText(entry: Pick<JournalEntry, 'currentStreak'>): string | undefined {
  const s = entry.currentStreak;
  if (!s || typeof s.length !== 'number') return undefined;
  // Servers send `day`, `days` or a periodicity; periods() says each one way.
  return periods(s.length, typeof s.unit === 'string' ? s.unit : undefined);
}

/** Time-of-day names of an entry: `Morning, Evening`, ids where no name is known. */
function timeOfDayText(ids: readonly string[] | undefined, names: TimeOfDayNames): string {
  // An id that is a plain word (the local service's `morning`) reads as a name.
  const pretty = (id: string) => (/^[a-z]+$/.test(id) ? id.charAt(0).toUpperCase() + id.slice(1) : id);
  return (ids ?? []).map((id) => names[id] ?? pretty(id)).join(', ');
}

function withIcon(name: string, icon: string | null | undefined): string {
  const shown = displayIcon(icon);
  return shown ? `${shown} ${name}` : name;
}

/** Colours, width and time-of-day names of the journal table. */
export interface JournalTableOptions {
  c: ChalkInstance;
  /** Terminal width the table must fit. */
  width: number;
  timeOfDayNames?: TimeOfDayNames;
  /** The habits' own unit names, by habit id (the journal does not carry them). */
  unitNames?: ReadonlyMap<string, string>;
  /** Habits with a write of the day waiting in the outbox, and what it is (`done`, `+5 km`). */
  queued?: ReadonlyMap<string, string>;
  /** Ids of the habits whose skip mark of the day is time off (`habits off`): shown `~ off`. */
  off?: ReadonlySet<string>;
  /** The journal's date and today: an open habit whose period is over reads `missed`. */
  date?: string;
  today?: string;
}

const MIN_NAME = 12;
const DASH = '–';

/**
 * The terminal table of the journal, rows in reading order; names give up width (flex) so the
 * table fits `width`. When that would leave a name under 12 columns, the time-of-day column goes
 * first, then the bars.
 */
export function journalTable(entries: readonly JournalEntry[], opts: JournalTableOptions): TableSpec {
  const { c } = opts;
  const names = opts.timeOfDayNames ?? {};
  const ordered = orderJournal(entries, names);
  const tone: Record<Tone, (s: string) => string> = {
    // As week and month colour the same glyphs.
    done: c.green, partial: c.cyan, pending: (s) => s, skipped: c.yellow, failed: c.red, unknown: c.yellow,
  };
  const build = (withTime: boolean, withBars: boolean): { head: string[]; rows: Cell[][] } => {
    const head = ['HABIT', 'STATUS', 'PROGRESS', 'STREAK', ...(withTime ? ['TIME'] : [])];
    const rows = ordered.map((e): Cell[] => {
      const plain = statusLabel(e, opts.date !== undefined && opts.today !== undefined && periodEnded(e, opts.date, opts.today));
      const label = e.status === 'skipped' && opts.off?.has(e.id) ? { ...plain, symbol: OFF_GLYPH, word: 'off' } : plain;
      const waiting = opts.queued?.get(e.id);
      const status = `${label.symbol} ${label.word}${waiting ? ` (queued: ${waiting})` : ''}`;
      // The unit is the server's word: shown escaped, as the name is (table.ts).
      const raw = progressText(e, opts.unitNames?.get(e.id));
      const text = raw === undefined ? undefined : escapeControls(raw);
      let progress: Cell = { plain: DASH, styled: c.dim(DASH) };
      if (e.progress && text) {
        const bar = progressBar(e.progress.current, e.progress.target);
        const filled = bar.replace(/░/g, '');
        const barTone = label.tone === 'failed' ? c.red : label.tone === 'done' ? c.green : c.cyan;
        progress = withBars
          ? { plain: `${bar} ${text}`, styled: `${barTone(filled)}${c.dim(bar.slice(filled.length))} ${text}` }
          : text;
      }
      const streak = streakText(e);
      const row: Cell[] = [
        withIcon(e.name, e.icon),
        { plain: status, styled: tone[label.tone](status) },
        progress,
        streak ? streak : { plain: DASH, styled: c.dim(DASH) },
      ];
      if (withTime) {
        const tod = timeOfDayText(e.timeOfDayIds, names);
        row.push(tod ? tod : { plain: DASH, styled: c.dim(DASH) });
      }
      return row;
    });
    return { head, rows };
  };

  let table = build(true, true);
  if (flexRoom(table, 0, opts.width) < MIN_NAME) table = build(false, true);
  if (flexRoom(table, 0, opts.width) < MIN_NAME) table = build(false, false);
  return { ...table, flex: 0 };
}

/** One line per entry in JOURNAL_TSV_COLUMNS order, reading order, no header: what scripts read. */
export function journalTsv(entries: readonly JournalEntry[], names: TimeOfDayNames = {}): string {
  return toTsv(
    orderJournal(entries, names).map((e) => [
      e.id,
      e.name,
      e.status,
      e.progress ? formatNumber(e.progress.current) : '',
      e.progress ? formatNumber(e.progress.target) : '',
      e.progress?.unit ?? '',
      e.currentStreak && typeof e.currentStreak.length === 'number' ? formatNumber(e.currentStreak.length) : '',
      (e.timeOfDayIds ?? []).join(','),
    ]),
  );
}

/** The line for a day without habits. */
export function emptyJournalMessage(date: string): string {
  return `No habits due on ${date}.`;
}

/** A note of the day and the name of its habit. */
export interface DayNote {
  habit: string;
  note: Pick<Note, 'content' | 'moodLevel' | 'photos'>;
}

/**
 * The day's notes under the journal table, one line each within `width`: `Walk · 🙂 high · "felt
 * great"`, the mood as a face and its word, photos counted; line breaks in the text shown as `\n`.
 */
export function journalNotes(notes: readonly DayNote[], width: number): string {
  return notes
    .map(({ habit, note }) => {
      const parts = [escapeControls(habit)];
      const mood = moodLabel(note.moodLevel);
      if (mood) parts.push(mood);
      if (note.content) parts.push(`"${escapeControls(note.content)}"`);
      const photos = Array.isArray(note.photos) ? note.photos.length : 0;
      if (photos) parts.push(photos === 1 ? '1 photo' : `${photos} photos`);
      return truncate(parts.join(' · '), width);
    })
    .join('\n');
}
