// `habits config set <key> <value>`: checks the value, then writes the config file.
import type { Command } from 'commander';
import { updateConfigFile, type ConfigKey } from '../../config/file.js';
import { PROFILE_KEYS, inProfile, profileTarget } from '../../config/profiles.js';
import { normalizeConfigValue } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { parseKey } from './shared.js';
import type { Deps } from '../shared/deps.js';

export interface SetOptions {
  key: ConfigKey;
  value: string;
}

export function register(parent: Command, app: App): void {
  parent
    .command('set')
    .description('set a key in the config file (the API key is set with `habits auth login`)')
    .argument('<key>', 'base-url, timezone, day-start, color or timeout')
    .argument('<value>', 'the value; checked before it is written')
    .addHelpText('after', examples([
      ['habits config set timezone Europe/Paris'],
      ['habits config set day-start 04:00', 'until 4 in the morning, "today" is the day before'],
      ['habits config set base-url local', 'use the local service by default'],
      ['habits config set color never'],
      ['habits config set timeout 10s'],
      ['habits config set --profile home base-url http://127.0.0.1:8080/v2', 'creates the profile "home"'],
    ]))
    .action((key: string, value: string, _opts, cmd: Command) => {
      const options = parse(key, value);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

export function parse(rawKey: string, rawValue: string): SetOptions {
  const key = parseKey(rawKey);
  return { key, value: normalizeConfigValue(key, rawValue) };
}

export async function run({ key, value }: SetOptions, deps: Pick<Deps, 'out' | 'paths' | 'profile'>): Promise<void> {
  const target = profileTarget(deps.profile);
  if (target !== undefined && !PROFILE_KEYS.includes(key)) {
    throw new UsageError(`${key} is not set per profile`, `a profile holds ${PROFILE_KEYS.filter((k) => k !== 'api-key').join(', ')} and its key; drop --profile (and HABITS_PROFILE) to set ${key} for all`);
  }
  await updateConfigFile(deps.paths, (values) => {
    values[key] = value;
  }, target, (line) => deps.out.warn(line));
  await deps.out.result({ key, value, file: deps.paths.configFile, profile: deps.profile.value }, () => '');
  deps.out.info(`Set ${key} to ${value}${inProfile(deps.profile)} in ${deps.paths.configFile}`);
}
