// `habits area add <name> [--color C] [--icon I]`
import type { Command } from 'commander';
import type { AreaBody } from '../../api/types.js';
import type { Context } from '../../context.js';
import { examples, type App } from '../../program.js';
import { parseAreaName, parseColor } from './shared.js';

type AreaAddBody = AreaBody & { name: string };

/** Registers `area add`. */
export function register(parent: Command, app: App): void {
  parent
    .command('add')
    .description('create an area')
    .argument('<name>', 'the area name')
    .option('--color <hex>', 'colour as #RRGGBB or #RGB (the # is optional)')
    .option('--icon <icon>', 'an icon, e.g. an emoji')
    .addHelpText('after', examples([
      ['habits area add Health'],
      ['habits area add Work --color 4a90e2 --icon 💼'],
      ['habits area add Health --json | jq -r .id'],
    ]))
    .action((name: string, opts: { color?: string; icon?: string }, cmd: Command) => {
      const body = parse(name, opts);
      return app.run(cmd, (ctx) => run(ctx, body));
    });
}

/** Builds the POST body from the arguments. */
export function parse(name: string, opts: { color?: string; icon?: string }): AreaAddBody {
  const body: AreaAddBody = { name: parseAreaName(name) };
  if (opts.color !== undefined) body.colorHex = parseColor(opts.color);
  if (opts.icon !== undefined) body.icon = opts.icon.trim();
  return body;
}

/** Creates the area; its name resolves at once (the cached names are dropped). */
export async function run(ctx: Context, body: AreaAddBody): Promise<void> {
  const area = await (await ctx.api()).request('POST /areas', { body });
  await ctx.resolver.forgetNames('areas');
  await ctx.out.result(area, () => '');
  ctx.out.info(`Created area "${area.name ?? body.name}"${area.id ? ` (id:${area.id})` : ''}`);
}
