// `habits config get <key>`: the value in use.
import type { Command } from 'commander';
import type { ConfigKey } from '../../config/file.js';
import type { Context } from '../../context.js';
import { AuthError } from '../../errors.js';
import { examples, type App } from '../../program.js';
import { effective, parseKey } from './shared.js';

export function register(parent: Command, app: App): void {
  parent
    .command('get')
    .description('print the value in use for a key (the API key only masked)')
    .argument('<key>', 'api-key, base-url, timezone, color or timeout')
    .addHelpText('after', examples([['habits config get timezone'], ['habits config get base-url --json']]))
    .action((key: string, _opts, cmd: Command) => {
      const parsed = parseKey(key);
      return app.run(cmd, (ctx) => run(ctx, parsed));
    });
}

export async function run(ctx: Context, key: ConfigKey): Promise<void> {
  const value = effective(ctx.settings, key, ctx.paths.configFile);
  if (value.value === null) throw new AuthError('no API key is configured');
  await ctx.out.result(value, () => value.value!);
}
