// `habits auth logout`: removes the stored key.
import type { Command } from 'commander';
import { updateConfigFile } from '../../config/file.js';
import type { Context } from '../../context.js';
import { examples, type App } from '../../program.js';

export function register(parent: Command, app: App): void {
  parent
    .command('logout')
    .description('remove the stored API key from the config file')
    .addHelpText('after', examples([['habits auth logout']]))
    .action((_opts, cmd: Command) => app.run(cmd, run));
}

export async function run(ctx: Context): Promise<void> {
  let had = false;
  await updateConfigFile(ctx.paths, (values) => {
    had = values['api-key'] !== undefined;
    delete values['api-key'];
  });
  await ctx.out.result({ removed: had, file: ctx.paths.configFile }, () => '');
  ctx.out.info(had ? `Removed the API key from ${ctx.paths.configFile}` : 'No API key was stored');
  if (ctx.env.HABITS_API_KEY) ctx.out.warn('note: HABITS_API_KEY is still set in the environment');
}
