// `habits habit archive <habit>`: hides a habit and keeps its data. Archiving twice is not an error
// for the user: the habit is archived, which is what they asked for. --json prints
// {ok: true, alreadyArchived} either way.
import type { Command } from 'commander';
import { ApiError } from '../../api/errors.js';
import { UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';

/** Which habit `habit archive` archives. */
export interface ArchiveOptions {
  ref: string;
}

/** Registers `habit archive` on `parent`. */
export function register(parent: Command, app: App): void {
  parent
    .command('archive')
    .description('archive a habit: hidden from lists and the journal, its data kept')
    .argument('<habit>', 'name, id, id:<id> or unique prefix (ids starting with "-" go after --)')
    .addHelpText('after', examples([
      ['habits habit archive Walk'],
      ['habits habit archive -- -Nq3xY', 'an id that begins with "-"'],
      ['habits habit ls --archived', 'see archived habits'],
    ]))
    .action((ref: string, _opts, cmd: Command) => {
      const options = parse(ref);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the argument. */
export function parse(ref: string): ArchiveOptions {
  if (!ref.trim()) throw new UsageError('<habit>: name the habit to archive');
  return { ref };
}

/** Archives the habit; a 409 (already archived) is reported and succeeds. */
export async function run(options: ArchiveOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver'>): Promise<void> {
  const habit = await deps.resolver.resolveHabit(options.ref);
  const api = await deps.api();
  let alreadyArchived = false;
  try {
    await api.request('POST /habits/{habitId}/archive', { params: { habitId: habit.id } });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409)) throw err;
    alreadyArchived = true;
  }
  // Either way the cached names hold the habit as active, which it no longer is.
  await deps.resolver.forgetNames('habits');
  await deps.out.result({ ok: true, alreadyArchived }, () => '');
  deps.out.info(alreadyArchived
    ? `"${habit.name}" is already archived.`
    : `Archived "${habit.name}". Its data is kept; see it with \`habits habit ls --archived\`.`);
}
