// `habits auth logout`: removes the stored key.
import type { Command } from 'commander';
import { readConfig, updateConfigFile } from '../../config/file.js';
import { existingProfileTarget, inProfile } from '../../config/profiles.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';

export function register(parent: Command, app: App): void {
  parent
    .command('logout')
    .description('remove the stored API key from the config file')
    .addHelpText('after', examples([['habits auth logout']]))
    .action((_opts, cmd: Command) => app.run(cmd, run));
}

export async function run(deps: Pick<Deps, 'env' | 'out' | 'paths' | 'profile'>): Promise<void> {
  const target = existingProfileTarget(deps.profile, readConfig(deps.paths.configFile), deps.paths.configFile);
  let had = false;
  await updateConfigFile(deps.paths, (values) => {
    had = values['api-key'] !== undefined;
    delete values['api-key'];
  }, target, (line) => deps.out.warn(line));
  await deps.out.result({ removed: had, file: deps.paths.configFile }, () => '');
  deps.out.info(had ? `Removed the API key${inProfile(deps.profile)} from ${deps.paths.configFile}` : `No API key was stored${inProfile(deps.profile)}`);
  if (deps.env.HABITS_API_KEY) deps.out.warn('note: HABITS_API_KEY is still set in the environment');
}
