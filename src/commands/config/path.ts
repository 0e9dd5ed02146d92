// `habits config path`: where the config file lives.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { examples, type App } from '../../program.js';

export function register(parent: Command, app: App): void {
  parent
    .command('path')
    .description('print the path of the config file')
    .addHelpText('after', examples([['habits config path'], ['$EDITOR "$(habits config path)"']]))
    .action((_opts, cmd: Command) => app.run(cmd, run));
}

export async function run(ctx: Context): Promise<void> {
  await ctx.out.result({ path: ctx.paths.configFile }, () => ctx.paths.configFile);
}
