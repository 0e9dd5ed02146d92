// `habits config unset <key>`: removes a key from the config file.
import type { Command } from 'commander';
import { updateConfigFile, type ConfigKey } from '../../config/file.js';
import type { Context } from '../../context.js';
import { examples, type App } from '../../program.js';
import { parseKey } from './shared.js';

export function register(parent: Command, app: App): void {
  parent
    .command('unset')
    .description('remove a key from the config file')
    .argument('<key>', 'api-key, base-url, timezone, color or timeout')
    .addHelpText('after', examples([['habits config unset timezone']]))
    .action((key: string, _opts, cmd: Command) => {
      const parsed = parseKey(key);
      return app.run(cmd, (ctx) => run(ctx, parsed));
    });
}

export async function run(ctx: Context, key: ConfigKey): Promise<void> {
  let had = false;
  await updateConfigFile(ctx.paths, (values) => {
    had = values[key] !== undefined;
    delete values[key];
  });
  await ctx.out.result({ key, removed: had }, () => '');
  ctx.out.info(had ? `Removed ${key} from ${ctx.paths.configFile}` : `${key} was not set in ${ctx.paths.configFile}`);
}
