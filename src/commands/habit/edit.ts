// `habits habit edit <habit> [flags] [-i]`: all of PUT /habits/{id}. It reads the habit first and
// sends only the fields that change; when nothing changes it sends nothing.
import type { Command } from 'commander';
import type { Habit, UpdateHabitBody } from '../../api/types.js';
import { CancelledError, UsageError } from '../../errors.js';
import { addDays } from '../../model/dates.js';
import { examples, type App } from '../shared/app.js';
import { promptHabit, reviewDraft, type HabitWalk } from '../../prompts/habit.js';
import { applyFlags, diffDrafts, draftFromHabit, draftProblem, fieldLabel, type HabitDraft } from '../../model/draft.js';
import { beyondPeriod } from '../../model/goal.js';
import { declareFieldOptions } from './flags.js';
import { hasFieldFlags, parseFieldFlags, type FieldFlags, type RawFieldOptions } from '../../model/habit-flags.js';
import { habitText, Names, resolveFlags } from '../../resolve/habit-refs.js';
import type { Deps } from '../shared/deps.js';
import { DRY_RUN_HELP, printPlan, writeApi, type PlannedRequest } from '../shared/dry-run.js';
import { requireUniqueName } from '../shared/unique-name.js';

/** What `habit edit` was asked to do, validated; references still unresolved. */
export interface EditOptions {
  ref: string;
  interactive: boolean;
  /** --allow-duplicate: rename even when another active habit has the name. */
  allowDuplicate: boolean;
  flags: FieldFlags;
  /** --dry-run: print the PUT it would send instead of sending it. */
  dryRun?: boolean;
}

/** Registers `habit edit`. */
export function register(parent: Command, app: App): void {
  const cmd = parent
    .command('edit')
    .description('change a habit: only the fields you give are sent; -i walks through every field pre-filled')
    .argument('<habit>', 'name, unique prefix, id, or id:<id>');
  declareFieldOptions(cmd, 'edit');
  cmd
    .option('--dry-run', DRY_RUN_HELP.replace('find the habit', 'read the habit and compute the change'))
    .addHelpText('after', examples([
      ['habits habit edit Walk --name "Evening walk"'],
      ['habits habit edit Walk --days weekdays --goal "45 min"'],
      ['habits habit edit Walk --remind 07:30@mon-fri --remind 18:00', 'replaces every time reminder'],
      ['habits habit edit Stretch --stack Walk:completed:after=5m', 'replaces every stack'],
      ['habits habit edit Walk --no-goal --no-end --no-description'],
      ['habits habit edit id:-Nab3xY --color "#e67e22"', 'an id (ids may begin with "-")'],
      ['habits habit edit Walk -i', 'prompts for every field, pre-filled'],
      ['habits habit edit Walk --goal "45 min" --dry-run', 'prints the PUT and its body; sends nothing'],
    ]) + `

--area, --time-of-day, --remind and --stack replace the whole set; --no-… clears it. The type of a
habit cannot change. The flag grammar is the same as for \`habits habit add\` (see its help).`)
    .action((ref: string, raw: RawFieldOptions & { dryRun?: boolean }, command: Command) =>
      app.run(command, (ctx) => run(parse(ref, raw, ctx.today()), ctx)));
}

/** Validates every flag; `today` resolves relative dates. */
export function parse(ref: string, raw: RawFieldOptions & { dryRun?: boolean }, today: string): EditOptions {
  if (!ref.trim()) throw new UsageError('<habit>: name the habit to edit');
  return { ref, interactive: !!raw.interactive, allowDuplicate: !!raw.allowDuplicate, flags: parseFieldFlags(raw, today, 'edit'), dryRun: !!raw.dryRun };
}

function isHabit(value: unknown): value is Habit {
  const v = value as Partial<Habit> | null;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.name === 'string';
}

/** The labels of the fields a body changes: `name, goal, reminders` (a bad habit's goal: `limit`). */
function changedFields(body: UpdateHabitBody, type: string): string[] {
  return (Object.keys(body) as (keyof UpdateHabitBody)[]).map((k) => fieldLabel(k, type));
}

/**
 * A later start leaves the logs before it out of every count (streaks, totals, statistics). When
 * there are any, say so, and on a terminal ask (default no); a script gets the warning. True when
 * the move may go ahead.
 */
async function laterStartAgreed(deps: Pick<Deps, 'api' | 'out' | 'prompter'>, habit: Habit, start: string): Promise<boolean> {
  const api = await deps.api();
  const query = { startDate: habit.startDate, endDate: addDays(start, -1) };
  const stats = await api.request('GET /habits/{habitId}/statistics', { params: { habitId: habit.id }, query }).catch(() => undefined);
  const counts = stats ? [stats.totalLogs, stats.completions, stats.skips, stats.fails] : [];
  // Unreadable statistics may hide history: then warn as if there were some.
  if (counts.length > 0 && counts.every((n) => n === 0)) return true;
  const warning = `moving the start of "${habit.name}" from ${habit.startDate} to ${start} leaves the logs before ${start} out of every count (streaks, totals, statistics, export)`;
  if (!deps.prompter.available) {
    deps.out.warn(`warning: ${warning}`);
    return true;
  }
  deps.out.warn(warning);
  return deps.prompter.confirm({ message: `Move the start to ${start}?`, default: false });
}

/** The later start's question; declining cancels (exit 130). */
async function confirmLaterStart(deps: Pick<Deps, 'api' | 'out' | 'prompter'>, habit: Habit, start: string): Promise<void> {
  if (!(await laterStartAgreed(deps, habit, start))) throw new CancelledError('cancelled; nothing was changed');
}

/** Reads the habit, applies flags (and prompts), and sends what changed. */
export async function run(options: EditOptions, deps: Pick<Deps, 'api' | 'out' | 'prompter' | 'resolver' | 'settings' | 'today'>): Promise<void> {
  const hasFlags = hasFieldFlags(options.flags);
  if (options.interactive && !deps.prompter.available) {
    throw new UsageError('-i needs a terminal (stdin and stderr), and no --no-input or HABITS_NO_INPUT', 'pass the changes as flags instead');
  }
  const interactive = options.interactive || (!hasFlags && deps.prompter.available);
  if (!interactive && !hasFlags) {
    throw new UsageError('nothing to change: give at least one field flag, e.g. --name or --goal', 'see `habits habit edit --help`, or use -i on a terminal');
  }
  const { id } = await deps.resolver.resolveHabit(options.ref);
  const api = await deps.api();
  const habit = await api.request('GET /habits/{habitId}', { params: { habitId: id } });
  const names = new Names();
  for (const a of habit.areas ?? []) names.areas.set(a.id, a.name);
  for (const t of habit.timeOfDays ?? []) names.timeOfDays.set(t.id, t.name);
  const current = draftFromHabit(habit);
  let next = applyFlags(current, await resolveFlags(deps.resolver, options.flags, names, habit.id));
  const laterStart = (d: HabitDraft): string | undefined => (d.startDate > current.startDate ? d.startDate : undefined);
  const planned: PlannedRequest[] | undefined = options.dryRun ? [] : undefined;
  if (interactive) {
    // A rename to a name an active habit has is said at the Name question; the walk ends on a
    // menu, where Save asks about a later start over logs first (no returns to the menu).
    const walk: HabitWalk = {
      mode: 'edit', draft: next, names, selfId: habit.id, unique: !options.allowDuplicate, checkedName: habit.name,
      beforeSend: async (d) => {
        const start = laterStart(d);
        return !start || laterStartAgreed(deps, habit, start);
      },
    };
    next = await promptHabit(deps, walk);
    if (!planned) next = await reviewDraft(deps, walk, next, (d) => changedFields(diffDrafts(current, d), current.type));
  }
  const body = diffDrafts(current, next);
  const changes = changedFields(body, current.type);
  if (changes.length === 0) {
    deps.out.info(`No changes: "${habit.name}" already has these values; nothing was sent`);
    if (options.dryRun) return printPlan(deps.out, []);
    await deps.out.result(habit, () => '');
    return;
  }
  // With prompts, the name was checked at its question (or kept there on purpose).
  if (!interactive && body.name !== undefined && body.name.trim().toLowerCase() !== habit.name.trim().toLowerCase() && !options.allowDuplicate) {
    await requireUniqueName(deps, 'habits', body.name, habit.id);
  }
  const problem = draftProblem(next);
  if (problem) throw new UsageError(problem, 'give an end date on or after the start (--start), or --no-end');
  // A goal of more time than its period holds can never be reached: said, and sent as asked.
  const tooLong = body.goal ? beyondPeriod(body.goal.value, body.goal.unit, body.goal.periodicity, 'a goal of') : undefined;
  if (tooLong) deps.out.warn(`warning: ${tooLong}, so it can never be reached`);
  // The menu asked about a later start already. A dry run asks nothing: the warning is shown, its
  // question is not.
  const start = laterStart(next);
  if (start && !(interactive && !planned)) {
    const asking = planned ? { api: () => deps.api(), out: deps.out, prompter: { ...deps.prompter, available: false } } : deps;
    await confirmLaterStart(asking, habit, start);
  }
  const answer = await (await writeApi(deps, planned)).request('PUT /habits/{habitId}', { params: { habitId: id }, body });
  if (planned) return printPlan(deps.out, planned);
  // Servers answer the habit, `{message}` or nothing; the habit as stored is what we print.
  const updated = isHabit(answer) ? answer : await api.request('GET /habits/{habitId}', { params: { habitId: id } });
  // The name cache holds what log writes check (schedule, goal, start): any change outdates it.
  await deps.resolver.forgetNames('habits');
  deps.out.info(`Updated habit "${updated.name}": ${changes.join(', ')} (id:${id})`);
  await deps.out.render({ json: updated, tty: () => habitText(deps, updated, true, names), plain: () => habitText(deps, updated, false, names) });
}
