// `habits habit rm <habit> [--yes]`: deletes a habit with all its logs, notes and goals, for good.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { confirmDestructive, requireConfirmable } from '../shared/confirm.js';
import type { Deps } from '../shared/deps.js';
import { DRY_RUN_HELP, printPlan, writeApi, type PlannedRequest } from '../shared/dry-run.js';

/** What `habit rm` deletes, and whether it may without asking. */
export interface RmOptions {
  ref: string;
  yes: boolean;
  /** --dry-run: print the request instead of sending it. */
  dryRun?: boolean;
}

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
      // A dry run sends nothing: not even what waits in the outbox.
      return app.run(cmd, (ctx) => run(options, ctx), { outboxFirst: !options.dryRun });
    });
}

/** Checks the argument and flags. */
export function parse(ref: string, opts: { yes?: boolean; dryRun?: boolean }): RmOptions {
  if (!ref.trim()) throw new UsageError('<habit>: name the habit to delete');
  return { ref, yes: !!opts.yes, dryRun: !!opts.dryRun };
}

/** Confirms, deletes, and forgets the cached names. */
export async function run(options: RmOptions, deps: Pick<Deps, 'api' | 'out' | 'prompter' | 'resolver'>): Promise<void> {
  const action = (name: string) => `delete habit "${name}"`;
  // Without a terminal and without --yes the answer is known: refuse before any request.
  const planned: PlannedRequest[] | undefined = options.dryRun ? [] : undefined;
  if (!planned) requireConfirmable(deps, options.yes, action(options.ref));
  const habit = await deps.resolver.resolveHabit(options.ref);
  if (!planned) await confirmDestructive(deps, options.yes, action(habit.name), 'Its logs, notes and goals go too; this cannot be undone.');
  const api = await writeApi(deps, planned);
  const result = await api.request('DELETE /habits/{habitId}', { params: { habitId: habit.id } });
  if (planned) return printPlan(deps.out, planned);
  await deps.resolver.forgetNames('habits');
  await deps.out.result(result, () => '');
  deps.out.info(`Deleted "${habit.name}".`);
}
