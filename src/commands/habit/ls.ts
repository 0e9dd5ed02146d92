// `habits habit ls [--archived] [--area A] [--type good|bad]`: every habit, paged through.
import type { Command } from 'commander';
import { listAll } from '../../api/paging.js';
import { HABIT_TYPES, type Habit, type HabitType } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { formatGoal, formatOccurrence } from '../../output/format.js';
import { displayIcon } from '../../output/journal.js';
import { toTsv } from '../../output/plain.js';
import { examples, type App } from '../../program.js';
import { currentGoal } from '../../resources.js';
import { nameCache, resolveArea } from '../../resolve/index.js';

export interface LsOptions {
  archived: boolean;
  /** An area reference, resolved when the command runs. */
  area?: string;
  type?: HabitType;
}

/** Columns of the piped output, in order. */
export const HABIT_LS_TSV_COLUMNS = ['id', 'name', 'type', 'schedule', 'goal', 'areas'] as const;

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
Piped, each habit is one tab-separated line: ${HABIT_LS_TSV_COLUMNS.join(', ')}.
${examples([
  ['habits habit ls'],
  ['habits habit ls --archived'],
  ['habits habit ls --area Health --type good'],
  ['habits habit ls | cut -f1,2', 'ids and names'],
  ['habits habit ls --json | jq -r \'.[].name\''],
])}`)
    .action((opts: { archived?: boolean; area?: string; type?: string }, cmd: Command) => {
      const options = parse(opts);
      return app.run(cmd, (ctx) => run(ctx, options));
    });
}

/** Checks the flags; a bad --type fails before any request. */
export function parse(opts: { archived?: boolean; area?: string; type?: string }): LsOptions {
  const options: LsOptions = { archived: !!opts.archived };
  if (opts.area !== undefined) {
    if (!opts.area.trim()) throw new UsageError('--area: expected an area name or id');
    options.area = opts.area;
  }
  if (opts.type !== undefined) {
    const type = opts.type.trim().toLowerCase();
    if (!(HABIT_TYPES as readonly string[]).includes(type)) {
      throw new UsageError(`--type: expected good or bad, got "${opts.type}"`);
    }
    options.type = type as HabitType;
  }
  return options;
}

/** Lists the habits page by page and prints them. */
export async function run(ctx: Context, options: LsOptions): Promise<void> {
  const areaId = options.area === undefined ? undefined : (await resolveArea(ctx, options.area)).id;
  const api = await ctx.api();
  const habits = await listAll(api, 'GET /habits', {
    query: { archived: options.archived, ...(areaId ? { areaId } : {}), ...(options.type ? { type: options.type } : {}) },
  });
  await remember(ctx, habits, options, areaId);
  if (ctx.out.json) return ctx.out.printJson(habits);
  if (habits.length === 0) {
    const filtered = areaId !== undefined || options.type !== undefined;
    ctx.out.info(
      filtered ? 'No habits match these filters.'
        : options.archived ? 'No archived habits.'
          : 'No habits yet. Add one with `habits habit add <name>`.',
    );
    return;
  }
  const sorted = [...habits].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  const goal = (h: Habit) => {
    const g = currentGoal(h);
    return g ? formatGoal(g) : '';
  };
  const areas = (h: Habit) => (h.areas ?? []).map((a) => a.name).join(', ');
  if (ctx.out.mode === 'plain') {
    return ctx.out.print(toTsv(sorted.map((h) => [h.id, h.name, h.type, formatOccurrence(h.occurrence), goal(h), areas(h)])));
  }
  const { c } = ctx.out;
  const ids = shortIds(sorted.map((h) => h.id));
  const dash = { plain: '–', styled: c.dim('–') };
  const table = await ctx.out.table({
    head: ['NAME', 'TYPE', 'SCHEDULE', 'GOAL', 'AREAS', 'ID'],
    rows: sorted.map((h, i) => {
      const icon = displayIcon(h.icon);
      return [
        icon ? `${icon} ${h.name}` : h.name,
        h.type === 'bad' ? { plain: 'bad', styled: c.yellow('bad') } : h.type,
        formatOccurrence(h.occurrence),
        goal(h) || dash,
        areas(h) || dash,
        { plain: ids[i]!, styled: c.dim(ids[i]!) },
      ];
    }),
    flex: 0,
  });
  ctx.out.print(table);
}

/**
 * The shortest prefixes, at least `min` long, that tell the ids apart. Firebase-style ids share
 * their leading timestamp characters, so a fixed cut would not be unique.
 */
export function shortIds(ids: readonly string[], min = 8): string[] {
  return ids.map((id) => {
    let len = Math.min(min, id.length);
    while (len < id.length && ids.some((other) => other !== id && other.startsWith(id.slice(0, len)))) len++;
    return id.slice(0, len);
  });
}

/** A full listing of active habits is what name lookup needs: keep it, and learn time-of-day names. */
async function remember(ctx: Context, habits: Habit[], options: LsOptions, areaId: string | undefined): Promise<void> {
  const cache = await nameCache(ctx);
  const tods: Record<string, string> = {};
  for (const h of habits) for (const t of h.timeOfDays ?? []) tods[t.id] = t.name;
  cache.learnTimeOfDays(tods);
  if (!options.archived && areaId === undefined && options.type === undefined) {
    cache.set('habits', habits.map((h) => ({ id: h.id, name: h.name, archived: h.isArchived })), false);
  }
}
