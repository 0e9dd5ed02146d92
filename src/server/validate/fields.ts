// Checks of single values (strings, numbers, dates, colours, ids, arrays), shared by every body,
// query and export document. Each records its problems in `issues` (issues.ts).
import { type Day, MAX_YEAR, MIN_YEAR, dateParts, parseDate } from '../domain/dates.js';
import { timeOfDayById } from '../domain/time-of-day.js';
import { ID_CHARS, PATH_WORDS } from '../ids.js';
import type { Issues } from './issues.js';
import { LIMITS } from './limits.js';

/** What a string may hold besides printable characters: nothing (`line`), or line breaks and tabs (`text`). */
export type Printable = 'line' | 'text';

/**
 * Control characters: C0 (tab and line breaks among them), DEL, C1, and U+2028/U+2029; and the
 * invisible ones that make text show other than it is: bidirectional embeddings, overrides and
 * isolates, the zero-width space, the word joiner and the BOM (as the CLI's model/text.ts).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff]/;
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff]/;

/** An unpaired UTF-16 surrogate (JSON's `\ud800`): SQLite would store U+FFFD instead. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `\n`, `\x1b`, `\u2028`: a control character named in a message. */
function shown(ch: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  const code = ch.charCodeAt(0);
  return named[ch] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

/**
 * A string of at most `max` characters; with `trim` the trimmed string is checked and returned.
 * `printable` refuses control characters, which would break tables and drive terminals.
 */
export function text(
  value: unknown, field: string, issues: Issues,
  opts: { max: number; nonEmpty?: boolean; trim?: boolean; printable?: Printable },
): string | undefined {
  if (typeof value !== 'string') return issues.add(field, 'must be a string');
  if (LONE_SURROGATE.test(value)) return issues.add(field, 'must be valid Unicode text: it holds an unpaired UTF-16 surrogate');
  const s = opts.trim ? value.trim() : value;
  if (opts.nonEmpty && s.trim() === '') return issues.add(field, 'must not be empty');
  if (s.length > opts.max) return issues.add(field, `must be at most ${opts.max} characters`);
  const control = opts.printable === 'line' ? CONTROL.exec(s) : opts.printable === 'text' ? TEXT_CONTROL.exec(s) : null;
  if (control) {
    return issues.add(field, opts.printable === 'line'
      ? `must be one line of printable text, without control characters (found ${shown(control[0])})`
      : `must not contain control characters other than line breaks and tabs (found ${shown(control[0])})`);
  }
  return s;
}

/** A required string: a missing one says so rather than "must be a string". */
export function required(value: unknown, field: string, issues: Issues, opts: { max: number; nonEmpty?: boolean; trim?: boolean; printable?: Printable }): string | undefined {
  return value === undefined ? issues.add(field, 'is required') : text(value, field, issues, opts);
}

/** A required name: trimmed, then 1 to `max` characters on one line, without control characters. */
export function trimmedName(value: unknown, field: string, issues: Issues, max: number): string | undefined {
  return required(value, field, issues, { max, nonEmpty: true, trim: true, printable: 'line' });
}

/** A record id as sent or stored (non-empty, at most LIMITS.id characters). */
export function recordId(value: unknown, field: string, issues: Issues): string | undefined {
  return required(value, field, issues, { max: LIMITS.id, nonEmpty: true });
}

/** A character as a message shows it: printable ASCII quoted, anything else as an escape (`\x20`, `\u{1f600}`). */
function character(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code > 0x20 && code < 0x7f) return JSON.stringify(ch);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/**
 * The id a record is kept under when it is given rather than generated (an import keeps the
 * document's ids), held to what an id of the service is: any id pushId makes passes. 1 to LIMITS.id
 * characters of the push-id alphabet (ids.ts: letters, digits, `-`, `_`; so no `/`, `.`, `%`,
 * space or control character), and none of the words of the API's paths (ids.ts PATH_WORDS),
 * which a path naming the record would reach instead.
 */
export function givenId(value: unknown, field: string, issues: Issues): string | undefined {
  const id = recordId(value, field, issues);
  if (id === undefined) return undefined;
  if (!ID_CHARS.test(id)) {
    const bad = [...id].find((ch) => !ID_CHARS.test(ch)) ?? '';
    return issues.add(field, `must be an id of letters, digits, - and _ only (found ${character(bad)})`);
  }
  if (PATH_WORDS.has(id)) return issues.add(field, `${JSON.stringify(id)} is a reserved word of the API's paths`);
  return id;
}

/** An ISO 8601 date-time with a zone: `2026-11-21T09:30:00Z`, `2026-11-21T10:30:00.000+01:00`. */
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A moment that has passed, as a note's `createdAt` is sent: an ISO 8601 date-time with a zone,
 * from MIN_YEAR on and not after `now`. Returned as stored, in UTC (`toISOString`).
 */
export function pastDateTime(value: unknown, field: string, issues: Issues, now: Date): string | undefined {
  const ms = typeof value === 'string' && DATE_TIME_RE.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms) || ms < Date.UTC(MIN_YEAR, 0, 1)) {
    return issues.add(field, `must be an ISO 8601 date-time with a zone (2026-11-21T09:30:00Z) from ${MIN_YEAR} on`);
  }
  if (ms > now.getTime()) return issues.add(field, 'is in the future');
  return new Date(ms).toISOString();
}

/** An integer in [min, max]. */
export function integer(value: unknown, field: string, issues: Issues, min: number, max: number): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return issues.add(field, `must be an integer between ${min} and ${max}`);
  }
  return value;
}

/** A finite number greater than 0 and at most `max`. */
export function positive(value: unknown, field: string, issues: Issues, max: number): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return issues.add(field, 'must be a number');
  if (value <= 0 || value > max) return issues.add(field, `must be greater than 0 and at most ${max}`);
  return value;
}

/** A finite number from -`max` to `max`: 0 and negative numbers included. */
export function signedAmount(value: unknown, field: string, issues: Issues, max: number): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return issues.add(field, 'must be a number');
  if (Math.abs(value) > max) return issues.add(field, `must be a number from -${max} to ${max}`);
  return value;
}

/** One of the `allowed` strings. */
export function oneOf<T extends string>(value: unknown, field: string, issues: Issues, allowed: readonly T[]): T | undefined {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    return issues.add(field, `must be one of: ${allowed.join(', ')}`);
  }
  return value as T;
}

/** A boolean. */
export function boolean(value: unknown, field: string, issues: Issues): boolean | undefined {
  if (typeof value !== 'boolean') return issues.add(field, 'must be a boolean');
  return value;
}

/** A `YYYY-MM-DD` string naming a real calendar date between MIN_YEAR and MAX_YEAR, as a Day. */
export function dayValue(value: unknown, field: string, issues: Issues): Day | undefined {
  const parts = typeof value === 'string' ? dateParts(value) : null;
  if (parts === null) return issues.add(field, 'must be a date in YYYY-MM-DD form');
  const parsed = parseDate(value as string);
  if (parsed !== null) return parsed;
  if (parts.year < MIN_YEAR || parts.year > MAX_YEAR) return issues.add(field, `must be between ${MIN_YEAR}-01-01 and ${MAX_YEAR}-12-31`);
  return issues.add(field, 'is not a valid calendar date');
}

/** The same check as `dayValue`, keeping the date as the string sent. */
export function date(value: unknown, field: string, issues: Issues): string | undefined {
  return dayValue(value, field, issues) === undefined ? undefined : (value as string);
}

/** `#RRGGBB` or `#RGB`, either case. */
export function colorHex(value: unknown, field: string, issues: Issues): string | undefined {
  if (typeof value !== 'string' || !/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value)) {
    return issues.add(field, 'must be a hex color like #RRGGBB or #RGB');
  }
  return value;
}

/** The id of one of the service's times of day. */
export function timeOfDayId(value: unknown, field: string, issues: Issues): string | undefined {
  if (typeof value === 'string' && timeOfDayById(value)) return value;
  return issues.add(field, 'is not a time of day; use morning, afternoon or evening');
}

/** An array of `min` to `max` items. */
export function array(value: unknown, field: string, issues: Issues, min: number, max: number): unknown[] | undefined {
  if (!Array.isArray(value)) return issues.add(field, 'must be an array');
  if (value.length < min || value.length > max) {
    return issues.add(field, min === max ? `must have ${min} items` : min === 0 ? `must have at most ${max} items` : `must have between ${min} and ${max} items`);
  }
  return value;
}

/** An array of unique integers in [lo, hi] with between `min` and `max` items. */
export function uniqueIntegers(value: unknown, field: string, issues: Issues, lo: number, hi: number, min: number, max: number): number[] | undefined {
  const items = array(value, field, issues, min, max);
  if (!items) return undefined;
  const before = issues.list.length;
  const seen = new Set<number>();
  items.forEach((item, i) => {
    const n = integer(item, `${field}[${i}]`, issues, lo, hi);
    if (n === undefined) return;
    if (seen.has(n)) issues.add(`${field}[${i}]`, `duplicates the value ${n}; items must be unique`);
    seen.add(n);
  });
  return issues.list.length === before ? (items as number[]) : undefined;
}

/** An array of at most `max` unique ids. */
export function uniqueIds(value: unknown, field: string, issues: Issues, max: number): string[] | undefined {
  const items = array(value, field, issues, 0, max);
  if (!items) return undefined;
  const before = issues.list.length;
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const s = text(item, `${field}[${i}]`, issues, { max: LIMITS.id, nonEmpty: true });
    if (s === undefined) return;
    if (seen.has(s)) issues.add(`${field}[${i}]`, `duplicates "${s}"; items must be unique`);
    seen.add(s);
  });
  return issues.list.length === before ? (items as string[]) : undefined;
}
