// The flags of `habit add` and `habit edit`: their declaration on a command, and parse() that
// validates them all into FieldFlags before any request. References (--area, --stack) stay
// unresolved here; draft.ts resolves them.
import { Option, type Command } from 'commander';
import type { EndConditionInput, GoalInput, HabitType, Occurrence, TimeTrigger } from '../../api/types.js';
import { parseDate } from '../../dates.js';
import { UsageError } from '../../errors.js';
import { flagValue, GrammarError, parseColor } from '../../model/grammar.js';
import {
  LIMITS, parseCount, parseEndCondition, parseHabitType, parseMonthDays, parseName, parseReminder,
  parseStack, parseWeekdays, type StackSpec,
} from '../../model/habit-fields.js';
import { parseGoal } from '../../model/goal.js';

/** Options as commander hands them over (`false` comes from a `--no-…` flag). */
export interface RawFieldOptions {
  interactive?: boolean;
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

const collect = (value: string, previous: unknown): string[] => [...(Array.isArray(previous) ? previous : []), value];

/** Declares the field flags on `cmd`; `edit` adds --name and the clearing `--no-…` forms. */
export function declareFieldOptions(cmd: Command, mode: 'add' | 'edit'): Command {
  cmd.option('-i, --interactive', mode === 'add' ? 'walk through every field with prompts (flags pre-fill them)' : 'walk through every field with prompts, pre-filled with the current values');
  cmd.optionsGroup('Fields:');
  if (mode === 'edit') cmd.option('--name <name>', 'rename the habit');
  if (mode === 'add') cmd.option('--type <type>', 'good (build it) or bad (quit it); default good');
  // Declared so that edit can explain why the type cannot change, instead of "unknown option".
  else cmd.addOption(new Option('--type <type>').hideHelp());
  cmd
    .option('--description <text>', 'free description')
    .option('--icon <icon>', 'icon identifier or emoji')
    .option('--color <hex>', 'colour, #RRGGBB or #RGB (the # is optional)')
    .option('--start <date>', `first day: YYYY-MM-DD, today or yesterday${mode === 'add' ? ' (default today)' : ''}`)
    .option('--unit-name <name>', 'custom unit name for measurable habits');
  cmd.optionsGroup('Schedule (one of):');
  cmd
    .option('--daily', `every day${mode === 'add' ? ' (the default)' : ''}`)
    .option('--days <days>', 'weekdays: mon,wed,fri, mon-fri, weekdays, weekends')
    .option('--month-days <days>', 'days of the month: 1,15 or 1-5 (1-31)')
    .option('--every <n>', 'every N days (N >= 1)');
  cmd.optionsGroup('Goal, areas, time of day:');
  cmd
    .option('--goal <goal>', '"<value> <unit> [daily|weekly|monthly|yearly]", e.g. "30 min daily", "8000 steps", "5 km weekly"')
    .option('--area <area>', `area by name, id prefix or id:<id>; repeat for several${mode === 'edit' ? ' (replaces the areas)' : ''}`, collect)
    .option('--time-of-day <id>', `time-of-day id (or a known name, e.g. morning); repeatable${mode === 'edit' ? ' (replaces them)' : ''}`, collect);
  cmd.optionsGroup('Reminders, stacks, end:');
  cmd
    .option('--remind <spec>', `HH:MM[@days][!alarm][!live], e.g. 07:30@mon-fri!alarm; repeatable${mode === 'edit' ? ' (replaces the time reminders)' : ''}`, collect)
    .option('--stack <spec>', `<habit>:<completed|skipped|failed|reminder>[:after=10m]: start after another habit; repeatable${mode === 'edit' ? ' (replaces the stacks)' : ''}`, collect)
    .option('--end <spec>', 'date:YYYY-MM-DD, streak:N, periods:N (successful periods) or total:X (total logged)');
  if (mode === 'edit') {
    cmd.optionsGroup('Clearing:');
    cmd
      .option('--no-description', 'remove the description')
      .option('--no-icon', 'remove the icon')
      .option('--no-unit-name', 'remove the custom unit name')
      .option('--no-goal', 'remove the goal')
      .option('--no-areas', 'take the habit out of every area')
      .option('--no-time-of-day', 'remove every time of day (any time)')
      .option('--no-reminders', 'remove every time reminder')
      .option('--no-stacks', 'remove every habit stack')
      .option('--no-end', 'remove the end condition');
    // Both write `timeOfDay`, so the last one given would silently win; note each, so that
    // giving both fails like the other pairs.
    cmd.on('option:time-of-day', () => cmd.setOptionValue('timeOfDayGiven', true));
    cmd.on('option:no-time-of-day', () => cmd.setOptionValue('timeOfDayCleared', true));
  }
  return cmd;
}

/** Text that clears on edit when empty: undefined (absent), null (clear) or the text. */
function clearable(value: string | false | undefined, mode: 'add' | 'edit'): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === false) return null;
  const v = value.trim();
  if (v) return v;
  return mode === 'edit' ? null : undefined;
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
  if (description !== undefined) f.description = description;
  const icon = clearable(raw.icon, mode);
  if (icon !== undefined) f.icon = icon;
  const unitName = clearable(raw.unitName, mode);
  if (unitName !== undefined) f.customUnitName = unitName;
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
  else if (raw.goal !== undefined) f.goal = flagValue('--goal', () => parseGoal(raw.goal as string));
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
