// `habits log rm <habit> <logId> [--yes]`: deletes one log entry, for good.
import type { Command } from 'commander';
import { examples, type App } from '../shared/app.js';
import { parseId } from '../../model/note.js';
import type { Deps } from '../shared/deps.js';
import { deleteOptions, deleteOfHabit, type DeleteOptions } from '../shared/delete.js';
import { DRY_RUN_HELP } from '../shared/dry-run.js';

/** What `log rm` was asked to do. */
export interface LogRmOptions extends DeleteOptions {
  logId: string;
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
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the arguments; `id:` in front of the log id is accepted and dropped. */
export function parse(ref: string, logId: string, opts: { yes?: boolean; dryRun?: boolean }): LogRmOptions {
  return { ...deleteOptions(ref, opts, '<habit> is empty'), logId: parseId(logId, '<logId>') };
}

/** Deletes the log entry, after confirming. */
export async function run(options: LogRmOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'prompter'>): Promise<void> {
  return deleteOfHabit(deps, options, `log ${options.logId}`, (api, habit) =>
    api.request('DELETE /habits/{habitId}/logs/{logId}', { params: { habitId: habit.id, logId: options.logId } }));
}
