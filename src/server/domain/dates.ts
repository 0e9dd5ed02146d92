// Calendar arithmetic on whole days. A `Day` is the number of days since 1970-01-01 (UTC calendar),
// so consecutive dates are consecutive integers and no time zone can shift them.

/** Days since 1970-01-01. */
export type Day = number;

const MS_PER_DAY = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** First year a date may have: dates outside MIN_YEAR..MAX_YEAR are rejected, keeping timelines bounded. */
export const MIN_YEAR = 1900;
/** Last year a date may have. */
export const MAX_YEAR = 2999;

/** The numbers of a `YYYY-MM-DD` string, unchecked against the calendar; null when it has another form. */
export function dateParts(text: string): { year: number; month: number; day: number } | null {
  const m = DATE_RE.exec(text);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

/** `YYYY-MM-DD` to a Day, or null when malformed or not a real calendar date (2026-02-30). */
export function parseDate(text: string): Day | null {
  const parts = dateParts(text);
  if (!parts) return null;
  const { year: y, month: mo, day: d } = parts;
  if (y < MIN_YEAR || y > MAX_YEAR || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return fromYmd(y, mo, d);
}

/** A Day as `YYYY-MM-DD`. */
export function formatDay(day: Day): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The Day of a calendar date; month is 1-12. */
export function fromYmd(year: number, month: number, day: number): Day {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** Year, month (1-12) and day of month of a Day. */
export function toYmd(day: Day): { year: number; month: number; day: number } {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Day of the week, 0 = Sunday ... 6 = Saturday (the occurrence numbering). 1970-01-01 was a Thursday. */
export function weekday(day: Day): number {
  return (((day + 4) % 7) + 7) % 7;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The IANA names of UTC, answered without Intl: the first Intl.DateTimeFormat loads ICU's date
 * formatting (about 10 ms), which local mode would pay on every command run with
 * HABITS_TIMEZONE=UTC. (The CLI keeps the same list in src/model/dates.ts.)
 */
const UTC_NAMES = new Set(['utc', 'etc/utc', 'uct', 'etc/uct', 'gmt', 'etc/gmt', 'gmt0', 'etc/gmt0', 'etc/gmt+0', 'etc/gmt-0', 'greenwich', 'etc/greenwich', 'universal', 'etc/universal', 'zulu', 'etc/zulu']);
const isUtc = (timeZone: string): boolean => typeof timeZone === 'string' && UTC_NAMES.has(timeZone.toLowerCase());

/** The Day an instant falls on in UTC shifted by `offsetMs` (a fixed offset, no DST). */
export function dayAtOffset(instant: Date, offsetMs: number): Day {
  return Math.floor((instant.getTime() + offsetMs) / MS_PER_DAY);
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  if (isUtc(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date of an instant in an IANA time zone. */
export function dayInZone(instant: Date, timeZone: string): Day {
  if (isUtc(timeZone)) return dayAtOffset(instant, 0);
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, fmt);
  }
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of fmt.formatToParts(instant)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return fromYmd(year, month, day);
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the wall clock of `timeZone` is ahead of UTC at `instant` (ms since the epoch), in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let fmt = clockFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    clockFormatters.set(timeZone, fmt);
  }
  const f: Record<string, number> = {};
  for (const part of fmt.formatToParts(instant)) if (part.type !== 'literal') f[part.type] = Number(part.value);
  const wall = Date.UTC(f.year ?? 1970, (f.month ?? 1) - 1, f.day ?? 1, f.hour ?? 0, f.minute ?? 0, f.second ?? 0);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant (ms since the epoch) a calendar day begins in an IANA time zone: its midnight, or
 * the first moment after it where a clock change skips midnight.
 */
export function startOfDayInZone(day: Day, timeZone: string): number {
  const midnight = day * MS_PER_DAY;
  // Two passes: the offset at the first guess may differ from the offset at the answer (a clock change).
  const guess = midnight - zoneOffsetMs(midnight, timeZone);
  const instant = midnight - zoneOffsetMs(guess, timeZone);
  return dayInZone(new Date(instant), timeZone) === day ? instant : guess;
}
