// The user's day: a calendar date that begins at `day-start` (config), not necessarily at midnight.
// Between midnight and that time, "today" is still the day before, for every command: each asks
// userDay (through the Context's today()), and the reminders place their times with reminderDate.
//
// The rule across a DST change (docs/cli-contract.md, "The day start"): a day begins the first
// moment its wall clock shows day-start or later. When day-start falls in an hour the clock skips,
// the day begins when the clock jumps past it (02:30 in Paris on 2026-03-29: at 03:00); when it
// falls in an hour the clock repeats, the day begins the first time the clock shows it, and the
// repeat does not bring the day before back.
import { UsageError } from '../errors.js';
import { addDays, dateInZone, isUtcZone, localDate } from './dates.js';

/** The latest day-start accepted: noon (see parseDayStart). */
export const DAY_START_MAX = 12 * 60;

/**
 * A day-start, `HH:MM` (or `H:MM`), as minutes after midnight: 00:00 to 12:00. Later than noon is
 * refused: a day is named by the calendar date it starts on, and past noon most of it would lie on
 * the next date, so "today" would read as the day before for most of the waking day.
 */
export function parseDayStart(raw: string, where: string): number {
  const m = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(raw);
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  if (!m || Number(m[2]) > 59 || !(minutes <= DAY_START_MAX)) {
    throw new UsageError(`${where}: "${raw}" is not a time from 00:00 to 12:00`, 'e.g. 04:00: until 4 in the morning, "today" is still the day before');
  }
  return minutes;
}

/** Minutes after midnight as `HH:MM`. */
export function formatDayStart(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** What a wall clock shows at an instant: the date, the minutes since its midnight, its offset from UTC (ms). */
export interface Wall {
  date: string;
  minutes: number;
  offsetMs: number;
}

/** The system zone's wall clock, with Date's local getters (no ICU date formatting loaded). */
export function systemWall(at: Date): Wall {
  return { date: localDate(at), minutes: at.getHours() * 60 + at.getMinutes(), offsetMs: -at.getTimezoneOffset() * 60_000 };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` (an IANA name). */
export function zoneWall(zone: string): (at: Date) => Wall {
  return (at) => {
    if (isUtcZone(zone)) {
      return { date: at.toISOString().slice(0, 10), minutes: at.getUTCHours() * 60 + at.getUTCMinutes(), offsetMs: 0 };
    }
    let format = formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
      });
      formats.set(zone, format);
    }
    const parts = format.formatToParts(at);
    const n = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
    const pad = (v: number, w = 2) => String(v).padStart(w, '0');
    return {
      date: `${pad(n('year'), 4)}-${pad(n('month'))}-${pad(n('day'))}`,
      minutes: n('hour') * 60 + n('minute'),
      offsetMs: asUtc - Math.floor(at.getTime() / 1000) * 1000,
    };
  };
}

const HOUR_MS = 3_600_000;

/** The user's date at `now` on the wall clock `wall`, for a day that begins `dayStart` minutes after midnight. */
export function dayAt(now: Date, dayStart: number, wall: (at: Date) => Wall): string {
  const w = wall(now);
  if (w.minutes >= dayStart) return w.date;
  // Before day-start on the clock: the day before, unless the clock was set back within the last
  // hours (a repeated hour) after it had shown day-start on this date.
  const t = now.getTime();
  if (wall(new Date(t - 3 * HOUR_MS)).offsetMs > w.offsetMs) {
    let [lo, hi] = [t - 3 * HOUR_MS, t];
    while (hi - lo > 1000) {
      const mid = Math.floor((lo + hi) / 2);
      if (wall(new Date(mid)).offsetMs === w.offsetMs) hi = mid;
      else lo = mid;
    }
    const before = wall(new Date(lo));
    if (before.date === w.date && before.minutes >= dayStart) return w.date;
  }
  return addDays(w.date, -1);
}

/** Where "today" is read: a time zone, and whether it is the system's (read without ICU). */
export interface UserZone {
  value: string;
  source: string;
}

/**
 * The user's date at `now`: the calendar date in their zone, or the day before while the clock is
 * before `dayStart` (minutes after midnight). With day-start 00:00 it is the calendar date, read as
 * before (the system's zone with Date's getters, which load no ICU).
 */
export function userDay(now: Date, zone: UserZone, dayStart = 0): string {
  const system = zone.source === 'system';
  if (dayStart === 0) return system ? localDate(now) : dateInZone(now, zone.value);
  return dayAt(now, dayStart, system ? systemWall : zoneWall(zone.value));
}

/**
 * The calendar date on which a reminder at `minutes` after midnight falls for the user's day
 * `date`: that date, or the next one for a time before day-start (a reminder at 01:00 with
 * day-start 04:00 belongs to the evening before, as "today" does at 01:00).
 */
export function reminderDate(date: string, minutes: number, dayStart = 0): string {
  return minutes < dayStart ? addDays(date, 1) : date;
}
