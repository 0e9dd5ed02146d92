// The value grammar of the habit flags, shared by the flags and the prompts' validators: weekdays,
// month days, goals, reminders, stacks, durations, end conditions, colours. Pure functions; each
// throws GrammarError with a message that reads after the flag's name (`--days: …`).
import { STACK_TYPES, type EndConditionInput, type HabitType, type StackType, type TimeTrigger } from '../api/types.js';
import { parseDate } from './dates.js';
import { fail } from './grammar.js';
import { controlProblem } from './text.js';

/** The service's limits on numbers (docs/local-service.md, Limits), checked before any request. */
export const LIMITS = { interval: 3650, periods: 100_000, delaySecs: 86_400, amount: 1e9 } as const;

const DAY_NUMBERS: Record<string, number> = {
  sun: 0, sunday: 0, mon: 1, monday: 1, tue: 2, tues: 2, tuesday: 2, wed: 3, weds: 3, wednesday: 3,
  thu: 4, thur: 4, thurs: 4, thursday: 4, fri: 5, friday: 5, sat: 6, saturday: 6,
};
const DAY_GROUPS: Record<string, number[]> = {
  weekdays: [1, 2, 3, 4, 5], weekends: [0, 6], weekend: [0, 6], all: [0, 1, 2, 3, 4, 5, 6], everyday: [0, 1, 2, 3, 4, 5, 6],
};
const WEEKDAY_HINT = 'use mon,tue,wed,thu,fri,sat,sun, a range like mon-fri, weekdays or weekends';

function dayNumber(word: string): number {
  const n = DAY_NUMBERS[word.toLowerCase()];
  return n ?? fail(`"${word}" is not a weekday (${WEEKDAY_HINT})`);
}

/** `mon,wed,fri`, `Monday Tuesday`, `mon-fri`, `weekdays`, `weekends` → sorted unique 0-6 (Sunday = 0). */
export function parseWeekdays(value: string): number[] {
  const items = value.split(/[\s,]+/).filter(Boolean);
  if (items.length === 0) fail(`expected weekdays (${WEEKDAY_HINT})`);
  const days = new Set<number>();
  for (const item of items) {
    const group = DAY_GROUPS[item.toLowerCase()];
    const range = /^([a-z]+)-([a-z]+)$/i.exec(item);
    if (group) group.forEach((d) => days.add(d));
    else if (range) {
      // Ranges run forward through the week and may wrap: fri-mon is Fri, Sat, Sun, Mon.
      const from = dayNumber(range[1]!);
      const to = dayNumber(range[2]!);
      for (let d = from; ; d = (d + 1) % 7) {
        days.add(d);
        if (d === to) break;
      }
    } else days.add(dayNumber(item));
  }
  return [...days].sort((a, b) => a - b);
}

/** Occurrence days (0-6, Sunday = 0) as reminder weekDays (1-7, Sunday = 1): the numbering trap. */
export function toReminderDays(days: readonly number[]): number[] {
  return days.map((d) => d + 1);
}

/**
 * A reminder's day filter from its weekDays (1-7, Sunday = 1), sorted: none for no day or for all
 * seven, which both mean every day, so that the two compare equal and neither is re-sent.
 */
export function reminderFilter(weekDays: readonly number[]): { weekDays: number[] } | undefined {
  const days = [...new Set(weekDays)].sort((a, b) => a - b);
  return days.length === 0 || days.length >= 7 ? undefined : { weekDays: days };
}

/** `1,15`, `1-5,20` → sorted unique days of the month, 1-31. */
export function parseMonthDays(value: string): number[] {
  const items = value.split(/[\s,]+/).filter(Boolean);
  if (items.length === 0) fail('expected days of the month, e.g. 1,15 or 1-5');
  const days = new Set<number>();
  const day = (s: string): number => {
    const n = Number(s);
    return /^\d+$/.test(s) && n >= 1 && n <= 31 ? n : fail(`"${s}" is not a day of the month (1-31)`);
  };
  for (const item of items) {
    const range = /^(\d+)-(\d+)$/.exec(item);
    if (range) {
      const [from, to] = [day(range[1]!), day(range[2]!)];
      if (from > to) fail(`"${item}" runs backwards; write ${to}-${from}`);
      for (let d = from; d <= to; d++) days.add(d);
    } else days.add(day(item));
  }
  return [...days].sort((a, b) => a - b);
}

/** A whole number from 1 to `max`, e.g. the interval of `--every 3` (also `3d`, `3 days`). */
export function parseCount(value: string, what: string, max: number, opts: { daysSuffix?: boolean } = {}): number {
  const v = value.trim();
  const m = opts.daysSuffix ? /^(\d+)\s*(?:d|days?)?$/i.exec(v) : /^(\d+)$/.exec(v);
  const n = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) fail(`${what} must be a whole number from 1 to ${max}, got "${value}"`);
  return n;
}

/** A number greater than 0 and at most 10^9 (goal values, totals). */
export function parsePositive(value: string, what: string): number {
  const v = value.trim();
  const n = /^[+]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n) || n <= 0) fail(`${what} must be a number greater than 0, got "${value}"`);
  if (n > LIMITS.amount) fail(`${what} must be at most 1000000000, got "${value}"`);
  return n;
}

/** `07:30` or `7:30` (24-hour) → hour and minute. */
export function parseTime(value: string): { hour: number; minute: number } {
  const m = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(value);
  if (!m) return fail(`expected a 24-hour time HH:MM, e.g. 07:30, got "${value}"`);
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23) fail(`hour ${hour} is out of range (0-23)`);
  if (minute > 59) fail(`minute ${minute} is out of range (0-59)`);
  return { hour, minute };
}

/** `07:30[@mon,tue][!alarm][!live]` (or `+alarm`, `+live`) → a time trigger (weekDays 1-7, Sunday = 1). */
export function parseReminder(value: string): TimeTrigger {
  const m = /^\s*(\d{1,2}:\d{2})(.*)$/.exec(value);
  if (!m) return fail(`expected HH:MM[@days][!alarm][!live], e.g. 07:30@mon-fri!alarm, got "${value}"`);
  const trigger: TimeTrigger = { time: parseTime(m[1]!), showAsAlarm: false, showLiveActivity: false };
  let days: number[] | undefined;
  // `+alarm` is accepted too: an unquoted `!` starts history expansion in interactive shells.
  const parts = m[2]!.trim().split(/(?=[@!+])/).map((p) => p.trim()).filter(Boolean);
  for (const part of parts) {
    if (part.startsWith('@')) {
      if (days) fail(`give the days once, e.g. @mon,wed`);
      days = parseWeekdays(part.slice(1));
    } else if (part.startsWith('!') || part.startsWith('+')) {
      const flag = part.slice(1).toLowerCase().replace(/[-_ ]/g, '');
      if (flag === 'alarm') trigger.showAsAlarm = true;
      else if (flag === 'live' || flag === 'liveactivity') trigger.showLiveActivity = true;
      else fail(`unknown reminder option "${part}" (use !alarm or !live)`);
    } else fail(`unexpected "${part}" after the time (use HH:MM[@days][!alarm][!live], 24-hour)`);
  }
  const filter = reminderFilter(toReminderDays(days ?? []));
  return filter ? { ...trigger, occurrenceFilter: filter } : trigger;
}

/** `30s`, `10m`, `1h30m`, `1h 30m`, `90 min` → seconds (at least 1). */
export function parseDuration(value: string): number {
  const v = value.trim().toLowerCase();
  const m = /^(?:(\d+)\s*h(?:ours?|rs?)?)?\s*(?:(\d+)\s*m(?:in(?:utes?|s)?)?)?\s*(?:(\d+)\s*s(?:ec(?:onds?|s)?)?)?$/.exec(v);
  if (!v || !m || (m[1] ?? m[2] ?? m[3]) === undefined) {
    return fail(`"${value}" is not a duration (use e.g. 30s, 10m, 1h30m)`);
  }
  const secs = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  if (secs < 1) fail(`a delay must be at least 1s; leave out after= to trigger immediately`);
  if (secs > LIMITS.delaySecs) fail(`a delay must be at most 24h, got "${value}"`);
  return secs;
}

const STACK_ALIASES: Record<string, StackType> = { complete: 'completed', done: 'completed', skip: 'skipped', fail: 'failed', reminded: 'reminder' };

/** A `--stack` before its habit reference is resolved. */
export interface StackSpec {
  ref: string;
  type: StackType;
  /** Seconds to wait; undefined triggers immediately. */
  delaySecs?: number;
}

/** `Meditate:completed`, `Morning: stretch:skipped:after=10m` → a stack spec; read from the right, names may hold `:`. */
export function parseStack(value: string): StackSpec {
  const form = `expected <habit>:<${STACK_TYPES.join('|')}>[:after=10m], got "${value}"`;
  const parts = value.split(':');
  let delaySecs: number | undefined;
  const last = parts.at(-1)?.trim() ?? '';
  if (/^after=/i.test(last)) {
    delaySecs = parseDuration(last.slice(6));
    parts.pop();
  }
  if (parts.length < 2) return fail(form);
  const word = parts.pop()!.trim().toLowerCase();
  const type = (STACK_TYPES as readonly string[]).includes(word) ? (word as StackType) : STACK_ALIASES[word];
  if (!type) return fail(`"${word}" is not a stack trigger (use ${STACK_TYPES.join(', ')})`);
  const ref = parts.join(':').trim();
  if (!ref) return fail(`the habit is missing: ${form}`);
  return { ref, type, ...(delaySecs !== undefined ? { delaySecs } : {}) };
}

/** `date:D` (any form of parseDate), `streak:N`, `periods:N`, `total:X` → an end condition. */
export function parseEndCondition(value: string, today: string): EndConditionInput {
  const i = value.indexOf(':');
  const kind = (i === -1 ? value : value.slice(0, i)).trim().toLowerCase();
  const arg = i === -1 ? '' : value.slice(i + 1).trim();
  const form = 'expected date:YYYY-MM-DD, streak:N, periods:N or total:X';
  if (!arg) return fail(`${form}, got "${value}"`);
  switch (kind) {
    case 'date':
      return { type: 'date', date: parseDate(arg, today) };
    case 'streak':
      return { type: 'streak', streakLength: parseCount(arg, 'the streak length', LIMITS.periods) };
    case 'periods':
    case 'successperiods':
      return { type: 'successPeriods', totalPeriods: parseCount(arg, 'the number of periods', LIMITS.periods) };
    case 'total':
    case 'totallogvalue':
      return { type: 'totalLogValue', totalLogValue: parsePositive(arg, 'the total') };
    default:
      return fail(`${form}, got "${value}"`);
  }
}

/** `good` or `bad`. */
export function parseHabitType(value: string): HabitType {
  const v = value.trim().toLowerCase();
  return v === 'good' || v === 'bad' ? v : fail(`"${value}" is not a habit type (use good or bad)`);
}

/** A habit name: not blank; trimmed. */
export function parseName(value: string): string {
  const v = value.trim();
  if (!v) return fail('the name must not be empty');
  const problem = controlProblem(v, 'the name');
  return problem ? fail(problem) : v;
}
