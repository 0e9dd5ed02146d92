// What a log write needs to know about a habit to tell whether it will count: its type, start date,
// schedule, goal, custom unit name, whether it is archived, and when its end condition ends it.
// Read tolerantly from whatever a server sends (a missing or odd field is simply unknown), small
// enough to keep in the name cache, and pure: the rules below mirror the local service's
// (docs/local-service.md, "Periods" and "Habits that end").
import type { Habit, HabitStack, Occurrence, Periodicity, TimeTrigger } from '../api/types.js';
import { PERIODICITIES } from '../api/types.js';
import { addDays, isValidDate, mondayOf, weekday } from './dates.js';
import { currentGoal } from './resources.js';

/** The facts of one habit; a field left out is unknown and checks nothing. */
export interface HabitFacts {
  type?: 'good' | 'bad';
  startDate?: string;
  occurrence?: Occurrence;
  /** The current goal; null when the habit has none, missing when unknown. */
  goal?: { value: number; unit: string; periodicity: Periodicity } | null;
  customUnitName?: string;
  archived?: boolean;
  /** Its reminders, for `habits remind` to fire from the cache when the server is out of reach. */
  reminders?: { timeTriggers: TimeTrigger[]; habitStacks: HabitStack[] };
  /** Its end condition, as far as it bounds the days due (see model/ending.ts). */
  end?: HabitEnd;
}

/**
 * What an end condition says of the days due: its last due day when known (a date end's date, or
 * the `metOn` a server that says it sends), and whether the server said it was met (`isMet`).
 */
export interface HabitEnd {
  type: 'date' | 'streak' | 'successPeriods' | 'totalLogValue';
  /** The condition's value: the date, the streak length, the number of periods or the total. */
  value: string | number;
  met: boolean;
  lastDay?: string;
  /** The condition's id, so that a day learnt for it is not taken for another's. */
  id?: string;
}

/** The time reminders and stacks of a habit as sent, [] where missing or odd. */
export function remindersOf(habit: Pick<Habit, 'reminders'>): { timeTriggers: TimeTrigger[]; habitStacks: HabitStack[] } {
  const r = habit.reminders && typeof habit.reminders === 'object' ? habit.reminders : {};
  const timeTriggers = (Array.isArray(r.timeTriggers) ? r.timeTriggers : []).filter(
    (t) => t && typeof t === 'object' && t.time && Number.isInteger(t.time.hour) && Number.isInteger(t.time.minute),
  );
  const habitStacks = (Array.isArray(r.habitStacks) ? r.habitStacks : []).filter(
    (s) => s && typeof s === 'object' && typeof s.conditionHabitId === 'string' && typeof s.type === 'string',
  );
  return { timeTriggers, habitStacks };
}

const isNumberList = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isInteger(n));

function occurrenceOf(o: unknown): Occurrence | undefined {
  const v = o as { type?: unknown; days?: unknown; interval?: unknown } | null;
  if (!v || typeof v !== 'object') return undefined;
  if (v.type === 'daily') return { type: 'daily' };
  if ((v.type === 'weekDays' || v.type === 'monthDays') && isNumberList(v.days)) return { type: v.type, days: v.days };
  if (v.type === 'intervalDays' && Number.isInteger(v.interval) && (v.interval as number) >= 1) return { type: 'intervalDays', interval: v.interval as number };
  return undefined;
}

/** The facts of a habit as a server returned it. */
export function factsOf(habit: Habit): HabitFacts {
  const facts: HabitFacts = {};
  if (habit.type === 'good' || habit.type === 'bad') facts.type = habit.type;
  if (typeof habit.startDate === 'string' && isValidDate(habit.startDate.slice(0, 10))) facts.startDate = habit.startDate.slice(0, 10);
  const occurrence = occurrenceOf(habit.occurrence);
  if (occurrence) facts.occurrence = occurrence;
  if ('goal' in habit || 'goals' in habit) {
    const g = currentGoal(habit);
    const periodicity = (PERIODICITIES as readonly string[]).includes(String(g?.periodicity)) ? (g!.periodicity as Periodicity) : 'daily';
    facts.goal = g && typeof g.value === 'number' && typeof g.unit === 'string' ? { value: g.value, unit: g.unit, periodicity } : null;
  }
  if (typeof habit.customUnitName === 'string' && habit.customUnitName.trim()) facts.customUnitName = habit.customUnitName.trim();
  if (typeof habit.isArchived === 'boolean') facts.archived = habit.isArchived;
  const reminders = remindersOf(habit);
  if (reminders.timeTriggers.length || reminders.habitStacks.length) facts.reminders = reminders;
  const end = endOf(habit.endCondition);
  if (end) facts.end = end;
  return facts;
}

/** The end condition of a habit as sent, read tolerantly; undefined for none or one not understood. */
export function endOf(e: unknown): HabitEnd | undefined {
  const o = e as { type?: unknown; isMet?: unknown; metOn?: unknown; id?: unknown; [k: string]: unknown } | null | undefined;
  if (!o || typeof o !== 'object') return undefined;
  const met = o.isMet === true;
  const id = typeof o.id === 'string' ? { id: o.id } : {};
  const metOn = typeof o.metOn === 'string' && isValidDate(o.metOn) ? o.metOn : undefined;
  switch (o.type) {
    case 'date': {
      const date = typeof o.date === 'string' ? o.date.slice(0, 10) : '';
      return isValidDate(date) ? { type: 'date', value: date, met, lastDay: date, ...id } : undefined;
    }
    case 'streak':
    case 'successPeriods':
    case 'totalLogValue': {
      const value = o[o.type === 'streak' ? 'streakLength' : o.type === 'successPeriods' ? 'totalPeriods' : 'totalLogValue'];
      if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
      // A day the server gives counts only with the condition met (a server sends it only then).
      return { type: o.type, value, met, ...(met && metOn ? { lastDay: metOn } : {}), ...id };
    }
  }
  return undefined;
}

/**
 * Whether the habit is over on `date`: after its last due day. Undefined when its end condition was
 * met on a day this client does not know (a server that says `isMet` but not when).
 */
export function endedBy(facts: Pick<HabitFacts, 'end'>, date: string): boolean | undefined {
  const end = facts.end;
  if (!end) return false;
  if (end.lastDay) return date > end.lastDay;
  return end.met ? undefined : false;
}

/** Whether the schedule alone makes `date` a due day (nothing is due before the start date). */
export function dueOn(occurrence: Occurrence, startDate: string, date: string): boolean {
  if (date < startDate) return false;
  switch (occurrence.type) {
    case 'daily':
      return true;
    case 'weekDays':
      return occurrence.days.includes(weekday(date));
    case 'monthDays':
      return occurrence.days.includes(Number(date.slice(8, 10)));
    case 'intervalDays': {
      const days = Math.round((Date.parse(date) - Date.parse(startDate)) / 86_400_000);
      return days % occurrence.interval === 0;
    }
  }
}

/** First and last day of the goal period holding `date`: a day, an ISO week, a month, a year. */
export function periodOf(periodicity: Periodicity, date: string): { from: string; to: string } {
  switch (periodicity) {
    case 'daily':
      return { from: date, to: date };
    case 'weekly': {
      const from = mondayOf(date);
      return { from, to: addDays(from, 6) };
    }
    case 'monthly': {
      const from = `${date.slice(0, 8)}01`;
      return { from, to: addDays(addDays(from, 32).slice(0, 8) + '01', -1) };
    }
    case 'yearly':
      return { from: `${date.slice(0, 4)}-01-01`, to: `${date.slice(0, 4)}-12-31` };
  }
}

/**
 * Whether a log on `date` counts: the goal period holding it has a due day. For a daily goal (or
 * none) that is the day itself; a weekly goal counts a log on any day of a week with a due day.
 * Undefined when the facts do not say.
 */
export function countsOn(facts: HabitFacts, date: string): boolean | undefined {
  if (!facts.occurrence || !facts.startDate || facts.goal === undefined) return undefined;
  const { from, to } = periodOf(facts.goal?.periodicity ?? 'daily', date);
  // Nothing is due after the habit's last day (an end met on an unknown day: its days still count).
  const last = facts.end?.lastDay;
  for (let d = from; d <= to && (!last || d <= last); d = addDays(d, 1)) if (dueOn(facts.occurrence, facts.startDate, d)) return true;
  return false;
}

/** Whether `date` is due: by its schedule, and not after the habit's end; undefined when the facts do not say. */
export function dueByFacts(facts: HabitFacts, date: string): boolean | undefined {
  if (!facts.occurrence || !facts.startDate) return undefined;
  return dueOn(facts.occurrence, facts.startDate, date) && endedBy(facts, date) !== true;
}

/**
 * The mark a day's `status` stands for, if any. A bad habit's day reads `completed` for staying
 * within its limit whether or not anything was marked: where that is all it can mean
 * (`withinLimitOnly`: a bad habit's day over, and no mark made from here), it is no mark.
 */
export function markOfDay(status: string | undefined, withinLimitOnly: boolean): 'completed' | 'skipped' | 'failed' | undefined {
  if (status === 'completed') return withinLimitOnly ? undefined : 'completed';
  return status === 'skipped' || status === 'failed' ? status : undefined;
}
