// The field flags of `habit add` and `habit edit` checked into FieldFlags before any request: their
// grammar and the service's numeric limits. References (--area, --stack) stay unresolved here;
// resolve/habit-refs.ts resolves them. Pure: commands/habit/flags.ts declares the flags.
import type { EndConditionInput, GoalInput, HabitType, Occurrence, TimeTrigger } from '../api/types.js';
import { parseDate } from './dates.js';
import { UsageError } from '../errors.js';
import { flagValue, GrammarError, parseColor } from './grammar.js';
import {
  LIMITS, parseCount, parseEndCondition, parseHabitType, parseMonthDays, parseName, parseReminder,
  parseStack, parseWeekdays, type StackSpec,
} from './habit-fields.js';
import { parseGoal } from './goal.js';
import { controlProblem } from './text.js';

/** Options as commander hands them over (`false` comes from a `--no-…` flag). */
export interface RawFieldOptions {
  interactive?: boolean;
  allowDuplicate?: boolean;
  name?: string;
  type?: string;
  description?: string | false;
  icon?: string | false;
  color?: string;
  start?: string;
  unitName?: string | false;
  daily?: boolean;
  days?: string;
  monthDays?: string;
  every?: string;
  goal?: string | false;
  area?: string[];
  /** false with --no-areas (commander defaults a lone `--no-x` to true). */
  areas?: boolean;
  timeOfDay?: string[] | false;
  /** Set when --time-of-day was given: commander keeps one value for it and --no-time-of-day. */
  timeOfDayGiven?: boolean;
  /** Set when --no-time-of-day was given. */
  timeOfDayCleared?: boolean;
  remind?: string[];
  reminders?: boolean;
  stack?: string[];
  stacks?: boolean;
  end?: string | false;
}

/**
 * What the flags ask for. An absent key leaves the field as it is (or at its default on add);
 * null and [] clear it.
 */
export interface FieldFlags {
  name?: string;
  type?: HabitType;
  description?: string | null;
  icon?: string | null;
  colorHex?: string;
  startDate?: string;
  customUnitName?: string | null;
  occurrence?: Occurrence;
  goal?: GoalInput | null;
  /** Area references, resolved later. */
  areas?: string[];
  /** Time-of-day ids or names, resolved later. */
  timeOfDays?: string[];
  timeTriggers?: TimeTrigger[];
  stacks?: StackSpec[];
  endCondition?: EndConditionInput | null;
}

/** Text that clears on edit when empty: undefined (absent), null (clear) or the text. */
function clearable(value: string | false | undefined, mode: 'add' | 'edit'): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === false) return null;
  const v = value.trim();
  if (v) return v;
  return mode === 'edit' ? null : undefined;
}

/** Text without control characters (a description may hold line breaks and tabs); null passes. */
function plainText(flag: string, value: string | null, what: string, lines = false): string | null {
  const problem = value === null ? undefined : controlProblem(value, what, lines);
  if (problem) throw new UsageError(`${flag}: ${problem}`);
  return value;
}

function exclusive(pairs: [flag: string, present: boolean][], why: string): void {
  const given = pairs.filter(([, present]) => present).map(([flag]) => flag);
  if (given.length > 1) throw new UsageError(`${given.join(' and ')} cannot be used together (${why})`);
}

/**
 * Validates every field flag: its grammar and the service's numeric limits (LIMITS); text lengths
 * and list sizes are left to the server. `today` resolves relative dates.
 */
export function parseFieldFlags(raw: RawFieldOptions, today: string, mode: 'add' | 'edit'): FieldFlags {
  const f: FieldFlags = {};
  if (raw.type !== undefined) {
    if (mode === 'edit') {
      throw new UsageError('--type: a habit\'s type cannot be changed after it is created (the API does not allow it)',
        'create a new habit with `habits habit add <name> --type ' + (raw.type === 'bad' ? 'bad' : 'good') + '`, and archive this one');
    }
    f.type = flagValue('--type', () => parseHabitType(raw.type!));
  }
  if (raw.name !== undefined) f.name = flagValue('--name', () => parseName(raw.name!));
  const description = clearable(raw.description, mode);
  if (description !== undefined) f.description = plainText('--description', description, 'the description', true);
  const icon = clearable(raw.icon, mode);
  if (icon !== undefined) f.icon = plainText('--icon', icon, 'the icon');
  const unitName = clearable(raw.unitName, mode);
  if (unitName !== undefined) f.customUnitName = plainText('--unit-name', unitName, 'the unit name');
  if (raw.color !== undefined) f.colorHex = flagValue('--color', () => parseColor(raw.color!));
  if (raw.start !== undefined) f.startDate = flagValue('--start', () => parseDate(raw.start!, today));

  exclusive([['--daily', !!raw.daily], ['--days', raw.days !== undefined], ['--month-days', raw.monthDays !== undefined], ['--every', raw.every !== undefined]],
    'a habit has one schedule');
  if (raw.daily) f.occurrence = { type: 'daily' };
  if (raw.days !== undefined) f.occurrence = { type: 'weekDays', days: flagValue('--days', () => parseWeekdays(raw.days!)) };
  if (raw.monthDays !== undefined) f.occurrence = { type: 'monthDays', days: flagValue('--month-days', () => parseMonthDays(raw.monthDays!)) };
  if (raw.every !== undefined) {
    f.occurrence = { type: 'intervalDays', interval: flagValue('--every', () => parseCount(raw.every!, 'the interval', LIMITS.interval, { daysSuffix: true })) };
  }

  if (raw.goal === false) f.goal = null;
  // `--goal "20 pages" --unit-name pages` counts pages as rep, the unit a name is given to.
  else if (raw.goal !== undefined) f.goal = flagValue('--goal', () => parseGoal(raw.goal as string, f.customUnitName ?? undefined));
  if (raw.end === false) f.endCondition = null;
  else if (raw.end !== undefined) f.endCondition = flagValue('--end', () => parseEndCondition(raw.end as string, today));

  exclusive([['--area', !!raw.area?.length], ['--no-areas', raw.areas === false]], 'one adds areas, the other removes them all');
  if (raw.areas === false) f.areas = [];
  else if (raw.area) {
    f.areas = raw.area.map((a) => flagValue('--area', () => {
      if (!a.trim()) throw new GrammarError('the area reference is empty');
      return a.trim();
    }));
  }
  exclusive([['--time-of-day', !!raw.timeOfDayGiven || Array.isArray(raw.timeOfDay)], ['--no-time-of-day', !!raw.timeOfDayCleared || raw.timeOfDay === false]],
    'one sets the times of day, the other removes them all');
  if (raw.timeOfDay === false) f.timeOfDays = [];
  else if (raw.timeOfDay) {
    f.timeOfDays = [...new Set(raw.timeOfDay.map((t) => flagValue('--time-of-day', () => {
      if (!t.trim()) throw new GrammarError('the time-of-day id is empty');
      return t.trim();
    })))];
  }
  exclusive([['--remind', !!raw.remind?.length], ['--no-reminders', raw.reminders === false]], 'one sets reminders, the other removes them all');
  if (raw.reminders === false) f.timeTriggers = [];
  else if (raw.remind) f.timeTriggers = raw.remind.map((r) => flagValue('--remind', () => parseReminder(r)));
  exclusive([['--stack', !!raw.stack?.length], ['--no-stacks', raw.stacks === false]], 'one sets stacks, the other removes them all');
  if (raw.stacks === false) f.stacks = [];
  else if (raw.stack) f.stacks = raw.stack.map((s) => flagValue('--stack', () => parseStack(s)));
  return f;
}

/** True when the flags change at least one field. */
export function hasFieldFlags(f: FieldFlags): boolean {
  return Object.keys(f).length > 0;
}
