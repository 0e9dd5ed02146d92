// `habits config set <key> <value>`: checks the value, then writes the config file.
import type { Command } from 'commander';
import { updateConfigFile, type ConfigKey } from '../../config/file.js';
import { normalizeConfigValue } from '../../config/settings.js';
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
    .argument('<key>', 'base-url, timezone, color or timeout')
    .argument('<value>', 'the value; checked before it is written')
    .addHelpText('after', examples([
      ['habits config set timezone Europe/Paris'],
      ['habits config set base-url local', 'use the local service by default'],
      ['habits config set color never'],
      ['habits config set timeout 10s'],
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

export async function run({ key, value }: SetOptions, deps: Pick<Deps, 'out' | 'paths'>): Promise<void> {
  await updateConfigFile(deps.paths, (values) => {
    values[key] = value;
  });
  await deps.out.result({ key, value, file: deps.paths.configFile }, () => '');
  deps.out.info(`Set ${key} to ${value} in ${deps.paths.configFile}`);
}
