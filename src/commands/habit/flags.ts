// The flags of `habit add` and `habit edit` declared on a command; model/habit-flags.ts checks what
// they hold.
import { Option, type Command } from 'commander';
import { LIMITS } from '../../model/habit-fields.js';
import { DATE_FORMS } from '../../model/dates.js';

const collect = (value: string, previous: unknown): string[] => [...(Array.isArray(previous) ? previous : []), value];

/** Declares the field flags on `cmd`; `edit` adds --name and the clearing `--no-…` forms. */
export function declareFieldOptions(cmd: Command, mode: 'add' | 'edit'): Command {
  cmd.option('-i, --interactive', mode === 'add' ? 'walk through every field with prompts (flags pre-fill them; Esc goes back; a menu at the end)' : 'walk through every field with prompts, pre-filled with the current values (Esc goes back; a menu at the end)');
  cmd.optionsGroup('Fields:');
  if (mode === 'edit') cmd.option('--name <name>', 'rename the habit');
  cmd.option('--allow-duplicate', mode === 'add' ? 'create it even if an active habit has this name' : 'rename it even if another active habit has the name');
  if (mode === 'add') cmd.option('--type <type>', 'good (build it) or bad (quit it); default good');
  // Declared so that edit can explain why the type cannot change, instead of "unknown option".
  else cmd.addOption(new Option('--type <type>').hideHelp());
  cmd
    .option('--description <text>', 'free description')
    .option('--icon <icon>', 'icon identifier or emoji')
    .option('--color <hex>', 'colour, #RRGGBB or #RGB (the # is optional)')
    .option('--start <date>', `first day: ${DATE_FORMS}${mode === 'add' ? ' (default today)' : ''}`)
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
    .option('--time-of-day <id>', `morning, afternoon or evening (any case), or a period's id; repeatable${mode === 'edit' ? ' (replaces them)' : ''}`, collect);
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
