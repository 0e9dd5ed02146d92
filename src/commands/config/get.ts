// `habits config get <key>`: the value in use.
import type { Command } from 'commander';
import type { ConfigKey } from '../../config/file.js';
import { AuthError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { effective, parseKey } from './shared.js';
import type { Deps } from '../shared/deps.js';

export function register(parent: Command, app: App): void {
  parent
    .command('get')
    .description('print the value in use for a key (the API key only masked)')
    .argument('<key>', 'api-key, base-url, timezone, day-start, color or timeout')
    .addHelpText('after', examples([['habits config get timezone'], ['habits config get base-url --json']]))
    .action((key: string, _opts, cmd: Command) => {
      const parsed = parseKey(key);
      return app.run(cmd, (ctx) => run(parsed, ctx));
    });
}

export async function run(key: ConfigKey, deps: Pick<Deps, 'out' | 'paths' | 'settings'>): Promise<void> {
  const value = effective(deps.settings, key, deps.paths.configFile);
  if (value.value === null) throw new AuthError('no API key is configured');
  await deps.out.result(value, () => value.value!);
}
