// Habit fields in human words: `Mon, Wed, Fri`, `07:30 on Mon, Tue (alarm)`,
// `after "Meditate" is completed, +10 min`. Pure functions of data.
import { displayUnit, goalUnitName } from '../model/units.js';
import type { EndCondition, EndConditionInput, Goal, GoalInput, HabitStack, Occurrence, TimeTrigger } from '../api/types.js';

/** Weekday names by occurrence number (0 = Sunday). */
export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Full weekday names by occurrence number (0 = Sunday). */
export const WEEKDAY_LONG_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Monday-first order of occurrence numbers, for display (weeks start on Monday). */
export const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

/** Month names, January first. */
export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Occurrence days (0-6, Sunday = 0) as `Mon, Wed, Fri`, Monday first. */
function formatWeekdays(days: readonly number[]): string {
  return MONDAY_FIRST.filter((d) => days.includes(d)).map((d) => WEEKDAY_NAMES[d]).join(', ');
}

let nameCollator: Intl.Collator | undefined;

/**
 * Orders names alphabetically, ignoring case and accents: what `a.localeCompare(b, 'en',
 * { sensitivity: 'base' })` does, with one collator for a whole sort instead of a new one per
 * comparison (sorting 300 names that way took 10-20 ms).
 */
export function compareNames(a: string, b: string): number {
  nameCollator ??= new Intl.Collator('en', { sensitivity: 'base' });
  return nameCollator.compare(a, b);
}

/**
 * An amount as a person reads it: `3 cup`, `-1.5 km`, `2 pages` (the habit's own unit name for a
 * count); `?` for a value a server or the record did not give as a number, no unit when none.
 */
export function formatAmount(value: unknown, unit: unknown, customUnitName?: string | null): string {
  const n = typeof value === 'number' ? formatNumber(value) : '?';
  return typeof unit === 'string' && unit ? `${n} ${displayUnit(unit, customUnitName)}` : n;
}

/** A number without needless decimals: 3, 2.5, 0.33. */
export function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/** The schedule: `every day`, `Mon, Wed, Fri`, `days 1, 15 of the month`, `every 3 days`. */
export function formatOccurrence(o: Occurrence | null | undefined): string {
  if (!o) return 'every day';
  switch (o.type) {
    case 'daily':
      return 'every day';
    case 'weekDays':
      return o.days.length === 7 ? 'every day' : formatWeekdays(o.days);
    case 'monthDays':
      return `day${o.days.length === 1 ? '' : 's'} ${[...o.days].sort((a, b) => a - b).join(', ')} of the month`;
    case 'intervalDays':
      return o.interval === 1 ? 'every day' : `every ${o.interval} days`;
    default:
      return String((o as { type?: unknown }).type ?? 'unknown');
  }
}

/** A word for a shell command line: as it is when that is safe, else in single quotes. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) && !s.startsWith('-') ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `30 min daily`, `5 km weekly`, `20 pages daily` (the habit's unit name, when it has one). */
export function formatGoal(g: Pick<Goal | GoalInput, 'value' | 'unit' | 'periodicity'>, customUnitName?: string | null): string {
  return `${formatNumber(g.value)} ${displayUnit(String(g.unit), customUnitName)} ${g.periodicity}`;
}

/** A goal in the habit's own unit name whatever its unit: `8 glasses daily`, `8 glasses (cup) daily` (model/units.ts goalUnitName). */
export function formatNamedGoal(g: Pick<Goal | GoalInput, 'value' | 'unit' | 'periodicity'>, customUnitName?: string | null): string {
  return `${formatNumber(g.value)} ${goalUnitName(String(g.unit), customUnitName)} ${g.periodicity}`;
}

/** `07:30`. */
function formatTime(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Reminder weekDays (1-7, Sunday = 1) as occurrence numbers (0-6). */
function reminderDaysToOccurrence(days: readonly number[]): number[] {
  return days.map((d) => d - 1);
}

/** `07:30 on Mon, Tue (alarm)`, `21:00 every day`, `06:00 every day (alarm, live activity)`. */
export function formatReminder(t: TimeTrigger): string {
  const days = t.occurrenceFilter?.weekDays;
  const when = days && days.length > 0 && days.length < 7 ? ` on ${formatWeekdays(reminderDaysToOccurrence(days))}` : ' every day';
  const extras = [t.showAsAlarm ? 'alarm' : '', t.showLiveActivity ? 'live activity' : ''].filter(Boolean);
  return formatTime(t.time.hour, t.time.minute) + when + (extras.length ? ` (${extras.join(', ')})` : '');
}

/** Seconds as `45 s`, `10 min`, `1 h 30 min`. */
export function formatDuration(secs: number): string {
  if (secs < 60) return `${secs} s`;
  const h = Math.floor(secs / 3600);
  const m = Math.floor((secs % 3600) / 60);
  const s = secs % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : '', s ? `${s} s` : ''].filter(Boolean).join(' ');
}

/**
 * `after "Meditate" is completed, +10 min`; `nameOf` turns the condition habit's id into its name.
 * Takes a returned stack or one about to be sent (whose delay is absent when immediate).
 */
export function formatStack(
  s: Pick<HabitStack, 'conditionHabitId' | 'type' | 'timerType'> & { timerDelaySecs?: number },
  nameOf: (id: string) => string | undefined,
): string {
  const name = nameOf(s.conditionHabitId);
  const who = name ? `"${name}"` : `habit id:${s.conditionHabitId}`;
  const what = s.type === 'reminder' ? `after the reminder of ${who}` : `after ${who} is ${s.type}`;
  const delay = s.timerDelaySecs ?? 0;
  const timer = s.timerType === 'after' && delay > 0 ? `, +${formatDuration(delay)}` : ', immediately';
  return what + timer;
}

// Goal periodicities, and the period words servers send with streaks (`day`, `days`).
const PERIOD_NOUN: Record<string, string> = {
  daily: 'day', day: 'day', days: 'day', weekly: 'week', week: 'week', weeks: 'week',
  monthly: 'month', month: 'month', months: 'month', yearly: 'year', year: 'year', years: 'year',
};

/** `n day(s)`, from a goal periodicity or a period word (`daily`, `week`, `days`); default daily. */
/** `30 successful days`, `1 successful week`. */
function successful(n: number, period: string | undefined): string {
  const [count, ...noun] = periods(n, period).split(' ');
  return `${count} successful ${noun.join(' ')}`;
}

export function periods(n: number, period: string | undefined): string {
  const noun = PERIOD_NOUN[(period || 'daily').trim().toLowerCase()] ?? 'period';
  return `${formatNumber(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * The icon worth showing before a name: an emoji (or other symbol), never an identifier like
 * `water` that some servers send, which would read as part of the name. Empty when none.
 */
export function displayIcon(icon: string | null | undefined): string {
  const v = icon?.trim() ?? '';
  // Emoji sequences run to several code points (a family is seven); identifiers are ASCII; no
  // control character (C1, U+2028) passes as an emoji.
  return v && !/[\x00-\x9f\u2028\u2029]/.test(v) && [...v].length <= 8 ? v : '';
}

/** The end condition in words, with its met state when the server reports one (not on an input). */
export function formatEndCondition(e: EndCondition | (EndConditionInput & { periodType?: string }), unit?: string): string {
  let text: string;
  switch (e.type) {
    case 'date':
      text = `ends on ${e.date}`;
      break;
    // In the words the prompt and --end use: successful periods, in a row or in all.
    case 'streak':
      text = `ends after ${successful(e.streakLength, e.periodType)} in a row`;
      break;
    case 'successPeriods':
      text = `ends after ${successful(e.totalPeriods, e.periodType)} in all`;
      break;
    case 'totalLogValue':
      text = `ends when the total logged reaches ${formatNumber(e.totalLogValue)}${unit ? ` ${unit}` : ''}`;
      break;
    default:
      text = `ends by ${String((e as { type?: unknown }).type)}`;
  }
  return 'isMet' in e && typeof e.isMet === 'boolean' ? `${text} (${e.isMet ? 'met' : 'not met yet'})` : text;
}
