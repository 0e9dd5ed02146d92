// `habits status`: one line from the status file (resolve/status-cache.ts), for a shell prompt,
// tmux or a status bar. Pure: the data in, the text out. The CommonJS fast path (status-bin.ts)
// uses it too, so it imports nothing but model/text.ts (which imports nothing).
import { escapeControls, escapeJsonText } from '../model/text.js';

/** The default line: `3/7 ✓  🔥12`; `3/7? ✓  🔥12` when a write since the journal could not be followed. */
export const DEFAULT_STATUS_FORMAT = '{done}/{due}{stale} ✓  🔥{best_streak}';

/** The placeholders of --format (the words), and the --json field each one shows. */
const PLACEHOLDER_FIELDS = { done: 'done', due: 'due', open: 'open', best_streak: 'bestStreak', next: 'next', stale: 'stale' } as const;

/** What `{stale}` shows when the counts may be out of date. */
const STALE_MARK = '?';
export const STATUS_PLACEHOLDERS = Object.keys(PLACEHOLDER_FIELDS) as (keyof typeof PLACEHOLDER_FIELDS)[];

/** What the line is made of, and what --json prints. */
export interface StatusValues {
  date: string;
  done: number;
  due: number;
  open: number;
  /** The longest current streak among the day's habits (`{best_streak}`). */
  bestStreak: number;
  /** The first open habit in the journal's order, or null. */
  next: string | null;
  /** A write since the journal could not be followed: the counts may be out of date (`{stale}` is `?`). */
  stale: boolean;
}

/** The values of the file's data. */
export function statusValues(data: { date: string; done: number; due: number; open: [string, string][]; best_streak: number; stale?: boolean }): StatusValues {
  return { date: data.date, done: data.done, due: data.due, open: data.open.length, bestStreak: data.best_streak, next: data.open[0]?.[1] ?? null, stale: data.stale === true };
}

/** `format` with each `{placeholder}` filled (an unknown one stays as it is); a name's control characters escaped. */
export function formatStatus(format: string, values: StatusValues): string {
  return format.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!Object.hasOwn(PLACEHOLDER_FIELDS, key)) return whole;
    const v = values[PLACEHOLDER_FIELDS[key as keyof typeof PLACEHOLDER_FIELDS]];
    if (typeof v === 'boolean') return v ? STALE_MARK : '';
    return v === null ? '' : escapeControls(String(v));
  });
}

/** An unknown placeholder in `format`, if any (the full path refuses it; the fast path leaves it). */
export function unknownPlaceholder(format: string): string | undefined {
  for (const m of format.matchAll(/\{(\w+)\}/g)) if (!(STATUS_PLACEHOLDERS as readonly string[]).includes(m[1]!)) return m[0];
  return undefined;
}

/** What `habits status --json` prints: the values, as every command prints JSON (2 spaces, escaped). */
export function statusJson(values: StatusValues): string {
  return escapeJsonText(JSON.stringify(values, null, 2));
}
