// `habits area rm <area> [--yes]`: deletes an area; its habits stay.
import type { Command } from 'commander';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { deleteOptions, runDelete, type DeleteOptions } from '../shared/delete.js';
import { DRY_RUN_HELP } from '../shared/dry-run.js';

/** What `area rm` was asked to do. */
export type AreaRmOptions = DeleteOptions;

/** Registers `area rm`. */
export function register(parent: Command, app: App): void {
  parent
    .command('rm')
    .description('delete an area (its habits stay, outside the area)')
    .argument('<area>', 'area name, id, id:<id> or unique prefix')
    .option('-y, --yes', 'delete without asking (needed when not on a terminal)')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples([
      ['habits area rm Work', 'asks first on a terminal'],
      ['habits area rm Work --yes', 'in scripts'],
    ]))
    .action((ref: string, opts: { yes?: boolean; dryRun?: boolean }, cmd: Command) => {
      const options = parse(ref, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the arguments before any request. */
export function parse(ref: string, opts: { yes?: boolean; dryRun?: boolean }): AreaRmOptions {
  return deleteOptions(ref, opts, '<area> is empty');
}

/** Deletes the area, after confirming; the cached names are dropped. */
export async function run(options: AreaRmOptions, deps: Pick<Deps, 'api' | 'out' | 'prompter' | 'resolver'>): Promise<void> {
  await runDelete(deps, {
    ...options,
    asked: `delete area "${options.ref}"`,
    resolve: () => deps.resolver.resolveArea(options.ref),
    action: (area) => `delete area "${area.name}"`,
    consequence: 'Its habits stay; they only leave the area.',
    send: (api, area) => api.request('DELETE /areas/{areaId}', { params: { areaId: area.id } }),
    forget: 'areas',
    done: (area) => `Deleted area "${area.name}"; its habits stay`,
  });
}
