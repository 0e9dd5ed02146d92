// `habits habit rm <habit> [--yes]`: deletes a habit with all its logs, notes and goals, for good.
import type { Command } from 'commander';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { deleteOptions, runDelete, type DeleteOptions } from '../shared/delete.js';
import { DRY_RUN_HELP } from '../shared/dry-run.js';

/** What `habit rm` deletes, and whether it may without asking. */
export type RmOptions = DeleteOptions;

/** Registers `habit rm` on `parent`. */
export function register(parent: Command, app: App): void {
  parent
    .command('rm')
    .alias('delete')
    .description('delete a habit and all its data, permanently (asks first; --yes when not on a terminal)')
    .argument('<habit>', 'name, id, id:<id> or unique prefix (ids starting with "-" go after --)')
    .option('-y, --yes', 'delete without asking (needed when not on a terminal)')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', `
To keep the data but hide the habit, use \`habits habit archive\` instead.
${examples([
  ['habits habit rm Walk', 'asks before deleting'],
  ['habits habit rm Walk --yes', 'in scripts'],
  ['habits habit rm --yes -- -Nq3xY', 'an id that begins with "-"'],
])}`)
    .action((ref: string, opts: { yes?: boolean; dryRun?: boolean }, cmd: Command) => {
      const options = parse(ref, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the argument and flags. */
export function parse(ref: string, opts: { yes?: boolean; dryRun?: boolean }): RmOptions {
  return deleteOptions(ref, opts, '<habit>: name the habit to delete');
}

/** Confirms, deletes, and forgets the cached names. */
export async function run(options: RmOptions, deps: Pick<Deps, 'api' | 'out' | 'prompter' | 'resolver'>): Promise<void> {
  const action = (name: string) => `delete habit "${name}"`;
  await runDelete(deps, {
    ...options,
    asked: action(options.ref),
    resolve: () => deps.resolver.resolveHabit(options.ref),
    action: (habit) => action(habit.name),
    consequence: 'Its logs, notes and goals go too; this cannot be undone.',
    send: (api, habit) => api.request('DELETE /habits/{habitId}', { params: { habitId: habit.id } }),
    forget: 'habits',
    done: (habit) => `Deleted "${habit.name}".`,
  });
}
