// `habits config list`: every setting in use, with where it comes from.
import type { Command } from 'commander';
import { CONFIG_KEYS } from '../../config/file.js';
import { examples, type App } from '../shared/app.js';
import { effective } from './shared.js';
import type { Deps } from '../shared/deps.js';

export function register(parent: Command, app: App): void {
  parent
    .command('list')
    .alias('ls')
    .description('show the profile and every setting in use, and where each comes from (the key masked)')
    .addHelpText('after', examples([['habits config list'], ['habits config list --profile home', 'the settings of the profile "home"'], ['habits config list --json']]))
    .action((_opts, cmd: Command) => app.run(cmd, run));
}

export async function run(deps: Pick<Deps, 'out' | 'paths' | 'settings'>): Promise<void> {
  const { profile } = deps.settings;
  const source = profile.source === 'default' ? 'default' : `${profile.source} ${profile.origin}`;
  const rows = [{ key: 'profile', value: profile.value, source }, ...CONFIG_KEYS.map((key) => effective(deps.settings, key, deps.paths.configFile))];
  await deps.out.result(rows, () =>
    deps.out.table({ head: ['KEY', 'VALUE', 'SOURCE'], rows: rows.map((r) => [r.key, r.value ?? '', r.source]) }),
  );
}
