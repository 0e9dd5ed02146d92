// `habits config unset <key>`: removes a key from the config file.
import type { Command } from 'commander';
import { readConfig, updateConfigFile, type ConfigKey } from '../../config/file.js';
import { existingProfileTarget, inProfile } from '../../config/profiles.js';
import { examples, type App } from '../shared/app.js';
import { parseKey } from './shared.js';
import type { Deps } from '../shared/deps.js';

export function register(parent: Command, app: App): void {
  parent
    .command('unset')
    .description('remove a key from the config file')
    .argument('<key>', 'api-key, base-url, timezone, day-start, color or timeout')
    .addHelpText('after', examples([['habits config unset timezone']]))
    .action((key: string, _opts, cmd: Command) => {
      const parsed = parseKey(key);
      return app.run(cmd, (ctx) => run(parsed, ctx));
    });
}

export async function run(key: ConfigKey, deps: Pick<Deps, 'out' | 'paths' | 'profile'>): Promise<void> {
  const target = existingProfileTarget(deps.profile, readConfig(deps.paths.configFile), deps.paths.configFile);
  let had = false;
  await updateConfigFile(deps.paths, (values) => {
    had = values[key] !== undefined;
    delete values[key];
  }, target, (line) => deps.out.warn(line));
  await deps.out.result({ key, removed: had }, () => '');
  deps.out.info(had ? `Removed ${key} from ${deps.paths.configFile}${inProfile(deps.profile)}` : `${key} was not set in ${deps.paths.configFile}${inProfile(deps.profile)}`);
}
