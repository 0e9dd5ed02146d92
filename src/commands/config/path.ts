// `habits config path`: where the config file lives.
import type { Command } from 'commander';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';

export function register(parent: Command, app: App): void {
  parent
    .command('path')
    .description('print the path of the config file')
    .addHelpText('after', examples([['habits config path'], ['$EDITOR "$(habits config path)"']]))
    .action((_opts, cmd: Command) => app.run(cmd, run));
}

export async function run(deps: Pick<Deps, 'out' | 'paths'>): Promise<void> {
  await deps.out.result({ path: deps.paths.configFile }, () => deps.paths.configFile);
}
