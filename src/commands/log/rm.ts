// `habits log rm <habit> <logId> [--yes]`: deletes one log entry, for good.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { confirmDestructive, requireConfirmable } from '../shared/confirm.js';
import { parseId } from '../../model/note.js';
import type { Deps } from '../shared/deps.js';
import { DRY_RUN_HELP, printPlan, writeApi, type PlannedRequest } from '../shared/dry-run.js';

/** What `log rm` was asked to do. */
export interface LogRmOptions {
  ref: string;
  logId: string;
  yes: boolean;
  /** --dry-run: print the request instead of sending it. */
  dryRun?: boolean;
}

/** Registers `log rm`. */
export function register(parent: Command, app: App): void {
  parent
    .command('rm')
    .description('delete one log entry of a habit (its value leaves the history)')
    .argument('<habit>', 'habit name, id, id:<id> or unique prefix')
    .argument('<logId>', 'the log id (printed by `habits log add` on servers that return one)')
    .option('-y, --yes', 'delete without asking (needed when not on a terminal)')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples([
      ['habits log rm Run -- -Nx7Lq2', 'asks first on a terminal; ids starting with "-" go after --'],
      ['habits log rm Run id:-Nx7Lq2 --yes', 'in scripts'],
    ]))
    .action((ref: string, logId: string, opts: { yes?: boolean; dryRun?: boolean }, cmd: Command) => {
      const options = parse(ref, logId, opts);
      // A dry run sends nothing: not even what waits in the outbox.
      return app.run(cmd, (ctx) => run(options, ctx), { outboxFirst: !options.dryRun });
    });
}

/** Checks the arguments; `id:` in front of the log id is accepted and dropped. */
export function parse(ref: string, logId: string, opts: { yes?: boolean; dryRun?: boolean }): LogRmOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  return { ref, logId: parseId(logId, '<logId>'), yes: !!opts.yes, dryRun: !!opts.dryRun };
}

/** Deletes the log entry, after confirming. */
export async function run(options: LogRmOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'prompter'>): Promise<void> {
  const planned: PlannedRequest[] | undefined = options.dryRun ? [] : undefined;
  if (!planned) requireConfirmable(deps, options.yes, `delete log ${options.logId}`);
  const habit = await deps.resolver.resolveHabit(options.ref);
  if (!planned) await confirmDestructive(deps, options.yes, `delete log ${options.logId} of "${habit.name}"`, 'This cannot be undone.');
  const api = await writeApi(deps, planned);
  const result = await api.request('DELETE /habits/{habitId}/logs/{logId}', { params: { habitId: habit.id, logId: options.logId } });
  if (planned) return printPlan(deps.out, planned);
  await deps.out.result(result, () => '');
  deps.out.info(`Deleted log ${options.logId} of "${habit.name}"`);
}
