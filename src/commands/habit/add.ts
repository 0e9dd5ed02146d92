// `habits habit add [name] [flags] [-i]`: every field of POST /habits, by flags or by prompts.
import type { Command } from 'commander';
import { GOAL_UNITS } from '../../api/types.js';
import { checkedWrite, UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { promptHabit, reviewDraft } from '../../prompts/habit.js';
import { applyFlags, createBody, defaultDraft, draftProblem, type HabitDraft } from '../../model/draft.js';
import { beyondPeriod } from '../../model/goal.js';
import { controlProblem } from '../../model/text.js';
import { declareFieldOptions } from './flags.js';
import { parseFieldFlags, type FieldFlags, type RawFieldOptions } from '../../model/habit-flags.js';
import { habitText, Names, resolveFlags } from '../../resolve/habit-refs.js';
import type { Deps } from '../shared/deps.js';
import { requireUniqueName } from '../shared/unique-name.js';

/** What `habit add` was asked to do, validated. */
export interface AddOptions {
  name?: string;
  interactive: boolean;
  /** --allow-duplicate: create it even when an active habit has the name. */
  allowDuplicate: boolean;
  flags: FieldFlags;
}

/** Registers `habit add`. */
export function register(parent: Command, app: App): void {
  const cmd = parent
    .command('add')
    .description('create a habit from flags, or walk through every field with prompts (-i, or no name on a terminal)')
    .argument('[name]', 'the habit\'s name (prompted for on a terminal when left out)');
  declareFieldOptions(cmd, 'add');
  cmd
    .addHelpText('after', examples([
      ['habits habit add "Drink water" --goal "2 L daily"'],
      ['habits habit add Walk --days mon,wed,fri --goal "30 min"'],
      ["habits habit add Walk --remind '07:30@mon-fri!alarm'", 'an alarm at 07:30 on weekdays'],
      ['habits habit add Read --every 2 --time-of-day evening'],
      ['habits habit add Read --area Learning --area Leisure', 'in two areas'],
      ['habits habit add Stretch --stack Walk:completed:after=10m', '10 min after Walk is done'],
      ['habits habit add Smoking --type bad --end streak:30', 'a habit to quit; ends after 30 in a row'],
      ['habits habit add Budget --month-days 1,15 --color 2ecc71'],
      ['habits habit add -i', 'prompts for every field'],
    ]) + `

Quote a --remind with "!" ('07:30!alarm'), or write +alarm and +live instead: interactive
shells expand an unquoted "!". Weekdays are mon..sun (or full names), ranges like mon-fri,
weekdays, weekends. Goal units:
${GOAL_UNITS.map((u) => (u.includes(' ') ? `"${u}"` : u)).join(' ')}
(any case; minutes, hours, steps, reps and other plain words work too).

With prompts, a name an active habit has is said at the Name question (type another, or keep
it, as --allow-duplicate does), Esc goes back one question, and the walk ends on a menu: create
the habit, change one field (only that question is asked again), or cancel. Ctrl-C cancels with
nothing sent.`)
    .action((name: string | undefined, raw: RawFieldOptions, command: Command) =>
      app.run(command, (ctx) => run(parse(name, raw, ctx.today()), ctx)));
}

/** Validates the name and every flag; `today` resolves relative dates. */
export function parse(name: string | undefined, raw: RawFieldOptions, today: string): AddOptions {
  if (name !== undefined && !name.trim()) throw new UsageError('the habit name must not be empty');
  const problem = name === undefined ? undefined : controlProblem(name.trim(), 'the habit name');
  if (problem) throw new UsageError(problem);
  return { name: name?.trim(), interactive: !!raw.interactive, allowDuplicate: !!raw.allowDuplicate, flags: parseFieldFlags(raw, today, 'add') };
}

/** What the reminders of a bad habit do (docs/cli-contract.md, "Reminders that fire"). */
function checkInNote(draft: Pick<HabitDraft, 'goal' | 'timeTriggers' | 'habitStacks'>): string {
  const its = draft.timeTriggers.length + draft.habitStacks.length === 1 ? 'Its reminder is a check-in' : 'Its reminders are check-ins';
  return draft.goal
    ? `${its} ("had any?"): fired while the day is within its limit, quiet once it is over`
    : `${its} ("slipped?"): fired while the day is clean, quiet once a slip is logged`;
}

/** Creates the habit and prints it. */
export async function run(options: AddOptions, deps: Pick<Deps, 'api' | 'out' | 'prompter' | 'resolver' | 'settings' | 'today'>): Promise<void> {
  const interactive = options.interactive || (options.name === undefined && deps.prompter.available);
  if (interactive && !deps.prompter.available) {
    throw new UsageError('-i needs a terminal (stdin and stderr), and no --no-input or HABITS_NO_INPUT', 'pass the fields as flags instead');
  }
  if (!interactive && options.name === undefined) {
    throw new UsageError('missing habit name: habits habit add <name> [flags]', 'or run it on a terminal to be prompted for every field');
  }
  // Checked first, so a typo'd second "Walk" costs nothing; an interactive name is checked once typed.
  if (options.name !== undefined && !options.allowDuplicate) await requireUniqueName(deps, 'habits', options.name);
  const names = new Names();
  const resolved = await resolveFlags(deps.resolver, options.flags, names);
  let draft = applyFlags(defaultDraft(options.name ?? '', deps.today()), resolved);
  if (interactive) {
    // The name is checked as it is typed, and the walk ends on a menu: no answer is lost at the end.
    const walk = { mode: 'add' as const, draft, names, unique: !options.allowDuplicate, ...(options.name !== undefined ? { checkedName: options.name } : {}) };
    draft = await reviewDraft(deps, walk, await promptHabit(deps, walk));
    // A name changed at the menu was checked there too (the Name question is the same).
  }
  const problem = draftProblem(draft);
  if (problem) throw new UsageError(problem, 'give an end date on or after the start (--start)');
  // A goal of more time than its period holds can never be reached: said, and created as asked.
  const tooLong = draft.goal ? beyondPeriod(draft.goal.value, draft.goal.unit, draft.goal.periodicity, 'a goal of') : undefined;
  if (tooLong) deps.out.warn(`warning: ${tooLong}, so it can never be reached`);
  const api = await deps.api();
  const habit = await checkedWrite(api.request('POST /habits', { body: createBody(draft) }), 'habits habit ls');
  await deps.resolver.forgetNames('habits');
  if (!('id' in habit)) {
    // Accepted, but the answer could not be read (the client warned): no habit to show.
    await deps.out.result(habit, () => '');
    return deps.out.info(`Created habit "${draft.name}"; see it with \`habits habit ls\``);
  }
  deps.out.info(`Created habit "${habit.name}" (id:${habit.id})`);
  // A bad habit has nothing to be done: what its reminder asks is said once, here.
  if (draft.type === 'bad' && (draft.timeTriggers.length > 0 || draft.habitStacks.length > 0)) deps.out.info(checkInNote(draft));
  // Piped, the new id alone, as area add, note add and log add print theirs: id=$(habits habit add …).
  await deps.out.render({ json: habit, tty: () => habitText(deps, habit, true, names), plain: () => habit.id });
}
