// Calendar dates as `YYYY-MM-DD` strings, computed in the user's timezone. Every write sends one.
import { UsageError } from '../errors.js';
import { fail, flagValue } from './grammar.js';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date in `YYYY-MM-DD` form (`2026-02-30` is not). */
export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/**
 * The IANA names of UTC itself. They need no lookup: the first Intl.DateTimeFormat loads ICU's date
 * formatting, about 10 ms, which would be an eighth of a `habits log done` run from a cron line
 * that sets HABITS_TIMEZONE=UTC.
 */
const UTC_NAMES = new Set(['utc', 'etc/utc', 'uct', 'etc/uct', 'gmt', 'etc/gmt', 'gmt0', 'etc/gmt0', 'etc/gmt+0', 'etc/gmt-0', 'greenwich', 'etc/greenwich', 'universal', 'etc/universal', 'zulu', 'etc/zulu']);
// Intl may name no zone at all (resolvedOptions() for an odd TZ), hence the type check.
export const isUtcZone = (zone: string): boolean => typeof zone === 'string' && UTC_NAMES.has(zone.toLowerCase());

/** True when `zone` is an IANA time zone this Node knows. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  if (isUtcZone(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone of the system clock, as Node sees it (honours TZ). */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The calendar date of `now` in the system's zone: the one systemTimeZone() names (TZ, or the
 * system's), read with Date's local getters, which do not load ICU's date formatting as
 * Intl.DateTimeFormat does. Equal to dateInZone(now, systemTimeZone()).
 */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The calendar date of `now` in `zone`. */
export function dateInZone(now: Date, zone: string): string {
  if (isUtcZone(zone)) return now.toISOString().slice(0, 10);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** `date` moved by `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Day of the week, 0 = Sunday. */
export function weekday(date: string): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

function toUtcMs(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** The forms a date argument takes, for help texts and errors. */
export const DATE_FORMS = 'YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon, monday)';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/** Days back `-N` may reach: a hundred years, so `-99999999` is an error, not a year 0 date. */
const MAX_DAYS_BACK = 36_600;

/** The day number (0 = Sunday) of `mon`, `Monday` and so on: the first three letters or the whole name. */
function weekdayNumber(v: string): number | undefined {
  const i = WEEKDAYS.findIndex((name) => v === name || v === name.slice(0, 3));
  return i === -1 ? undefined : i;
}

/**
 * Resolves a date relative to `today` (case-insensitive): `YYYY-MM-DD`, `today`, `yesterday`, `tomorrow`, `-N`
 * (N days ago, `-0` is today) or a weekday, `mon` or `monday`, meaning the most recent such day:
 * today when today is that day, else within the six days before. Throws a GrammarError that names
 * no flag.
 */
export function parseDate(value: string, today: string): string {
  const v = value.trim().toLowerCase();
  if (v === 'today') return today;
  if (v === 'yesterday') return addDays(today, -1);
  // Where a future day makes sense (journal, week, note add); a log write refuses it as in the future.
  if (v === 'tomorrow') return addDays(today, 1);
  if (/^-\d+$/.test(v)) {
    const n = Number(v.slice(1));
    if (n > MAX_DAYS_BACK) return fail(`${value} goes back more than ${MAX_DAYS_BACK} days`);
    return addDays(today, -n);
  }
  const day = weekdayNumber(v);
  if (day !== undefined) return addDays(today, -((weekday(today) - day + 7) % 7));
  if (isValidDate(v)) return v;
  if (DATE_RE.test(v)) return fail(`${value} is not a real date`);
  return fail(`expected ${DATE_FORMS}, got "${value}"`);
}

/** parseDate for an option: errors name `flag`, e.g. `--date: 2026-02-30 is not a real date`. */
export function parseDateArg(value: string, today: string, flag: string): string {
  return flagValue(flag, () => parseDate(value, today));
}

/**
 * parseDateArg for a log write, which cannot be dated after today: such a log would sit unseen
 * until its day, so it is refused before any request.
 */
export function parseLogDateArg(value: string, today: string, flag: string): string {
  const date = parseDateArg(value, today, flag);
  if (date > today) throw new UsageError(`${flag}: ${date} is in the future (today is ${today} in your time zone)`, 'log a day once it has come; HABITS_TIMEZONE sets the zone');
  return date;
}

const HOUR_MS = 3_600_000;

/**
 * An instant that falls on `date` as `dateOf` reads instants (the user's zone): `now` moved by whole
 * days to `date`, at the same time of day, then by an hour at a time while a DST change in between
 * has carried it across midnight.
 */
export function instantOn(date: string, now: Date, dateOf: (instant: Date) => string): Date {
  let t = now.getTime() + daysBetween(dateOf(now), date) * DAY_MS;
  for (let i = 0; i < 3; i++) {
    const got = dateOf(new Date(t));
    if (got === date) break;
    t += got < date ? HOUR_MS : -HOUR_MS;
  }
  return new Date(t);
}

/** The Monday of the ISO week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekday(date) + 6) % 7));
}
