// `habits habit ls [--archived] [--area A] [--type good|bad]`: every habit, paged through.
import type { Command } from 'commander';
import { listAll } from '../../api/paging.js';
import type { Habit, HabitType } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { flagValue } from '../../model/grammar.js';
import { endState } from '../../model/ending.js';
import { factsOf } from '../../model/habit-facts.js';
import { HABIT_LS_TSV_COLUMNS, habitsTable, habitsTsv, type ListedHabit } from '../../output/habits.js';
import { examples, type App } from '../shared/app.js';
import { parseHabitType } from '../../model/habit-fields.js';
import type { Deps } from '../shared/deps.js';
import { withEndDays } from '../shared/endings.js';

/** What `habit ls` lists. */
export interface LsOptions {
  archived: boolean;
  /** An area reference, resolved when the command runs. */
  area?: string;
  type?: HabitType;
}

/** Registers `habit ls` on `parent`. */
export function register(parent: Command, app: App): void {
  parent
    .command('ls')
    .alias('list')
    .description('list habits: active ones, or archived ones with --archived')
    .option('--archived', 'list archived habits instead of active ones')
    .option('--area <area>', 'only habits in this area (name, id or unique prefix)')
    .option('--type <type>', 'only good or bad habits')
    .addHelpText('after', `
On a terminal the ID column shows the shortest prefix that names the habit (whole ids when
other habits are not known). A habit whose end condition has ended it reads "ended" and the
day it ended (its last due day) in a STATE column; it is no longer due, and its history stays.
Piped, each habit is one tab-separated line with its full id:
${HABIT_LS_TSV_COLUMNS.join(', ')} (the day it ended; yes when the server does not say which;
empty while it runs). --json adds "ended" (true or false) and "endedOn" (the day, or null).
${examples([
  ['habits habit ls'],
  ['habits habit ls --archived'],
  ['habits habit ls --area Health --type good'],
  ['habits habit ls | cut -f1,2', 'ids and names'],
  ['habits habit ls --json | jq -r \'.[].name\''],
])}`)
    .action((opts: { archived?: boolean; area?: string; type?: string }, cmd: Command) => {
      const options = parse(opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the flags; a bad --type fails before any request. */
export function parse(opts: { archived?: boolean; area?: string; type?: string }): LsOptions {
  const options: LsOptions = { archived: !!opts.archived };
  if (opts.area !== undefined) {
    if (!opts.area.trim()) throw new UsageError('--area: expected an area name or id');
    options.area = opts.area;
  }
  if (opts.type !== undefined) options.type = flagValue('--type', () => parseHabitType(opts.type!));
  return options;
}

/** Lists the habits page by page and prints them. */
export async function run(options: LsOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver' | 'today'>): Promise<void> {
  const areaId = options.area === undefined ? undefined : (await deps.resolver.resolveArea(options.area)).id;
  const api = await deps.api();
  const habits = await listAll(api, 'GET /habits', {
    query: { archived: options.archived, ...(areaId ? { areaId } : {}), ...(options.type ? { type: options.type } : {}) },
  });
  // Every active habit is what name lookup needs; a filtered listing only teaches time-of-day names.
  const complete = !options.archived && areaId === undefined && options.type === undefined;
  await deps.resolver.rememberHabits(habits, complete);
  if (habits.length === 0) {
    return deps.out.empty(habits,
      areaId !== undefined || options.type !== undefined ? 'No habits match these filters.'
        : options.archived ? 'No archived habits.'
          : 'No habits yet. Add one with `habits habit add <name>`.',
    );
  }
  const listed = await withEndStates(habits, deps);
  await deps.out.render({
    json: listed,
    page: true,
    plain: () => habitsTsv(listed),
    tty: async () => deps.out.table(habitsTable(listed, deps.out.c, complete ? habits.map((h) => h.id) : await knownIds(deps, options), deps.out.width)),
  });
}

/**
 * Each habit with whether it has ended today (`ended`, `endedOn`): from its end condition, and for
 * one met on a day the server does not say, from its statistics (shared/endings.ts).
 */
async function withEndStates(habits: readonly Habit[], deps: Pick<Deps, 'api' | 'resolver' | 'today'>): Promise<ListedHabit[]> {
  const facts = await withEndDays(new Map(habits.map((h) => [h.id, factsOf(h)] as const)), habits.map((h) => h.id), deps);
  const today = deps.today();
  return habits.map((h) => ({ ...h, ...endState(facts.get(h.id) ?? {}, today) }));
}

/**
 * Every habit id a short id must differ from, when the listing shows only some: the cached names,
 * if fresh and covering archived habits when those are listed; else undefined (show whole ids).
 * A reference matches active habits first, so a full active listing needs nothing more.
 */
async function knownIds(deps: Pick<Deps, 'resolver'>, options: LsOptions): Promise<string[] | undefined> {
  const cached = (await deps.resolver.nameCache()).get('habits');
  if (!cached || (options.archived && !cached.complete)) return undefined;
  return cached.items.map((h) => h.id);
}
