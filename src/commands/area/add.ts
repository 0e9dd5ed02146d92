// `habits area add <name> [--color C] [--icon I]`
import type { Command } from 'commander';
import type { AreaBody } from '../../api/types.js';
import { checkedWrite } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { parseAreaIcon, parseAreaName, parseColor } from './shared.js';
import type { Deps } from '../shared/deps.js';
import { requireUniqueName } from '../shared/unique-name.js';

type AreaAddBody = AreaBody & { name: string };

/** What `area add` was asked to do. */
export interface AreaAddOptions {
  body: AreaAddBody;
  /** --allow-duplicate: create it even when an area already has the name. */
  allowDuplicate: boolean;
}

/** Registers `area add`. */
export function register(parent: Command, app: App): void {
  parent
    .command('add')
    .description('create an area')
    .argument('<name>', 'the area name')
    .option('--color <hex>', 'colour as #RRGGBB or #RGB (the # is optional)')
    .option('--icon <icon>', 'an icon, e.g. an emoji')
    .option('--allow-duplicate', 'create it even if an area already has this name')
    .addHelpText('after', examples([
      ['habits area add Health'],
      ['habits area add Work --color 4a90e2 --icon 💼'],
      ['habits area add Health --json | jq -r .id'],
    ]))
    .action((name: string, opts: { color?: string; icon?: string; allowDuplicate?: boolean }, cmd: Command) => {
      const options = { body: parse(name, opts), allowDuplicate: !!opts.allowDuplicate };
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Builds the POST body from the arguments. */
export function parse(name: string, opts: { color?: string; icon?: string }): AreaAddBody {
  const body: AreaAddBody = { name: parseAreaName(name) };
  if (opts.color !== undefined) body.colorHex = parseColor(opts.color);
  if (opts.icon !== undefined) body.icon = parseAreaIcon(opts.icon);
  return body;
}

/** Creates the area, unless one has its name; its name resolves at once (the cached names are dropped). */
export async function run(options: AreaAddOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver'>): Promise<void> {
  const { body } = options;
  if (!options.allowDuplicate) await requireUniqueName(deps, 'areas', body.name);
  const area = await checkedWrite((await deps.api()).request('POST /areas', { body }), 'habits area ls');
  await deps.resolver.forgetNames('areas');
  // Piped, the new id is the output (kept with -q, which silences only the confirmation).
  await deps.out.render({ json: area, tty: () => '', plain: () => area.id ?? '' });
  deps.out.info(`Created area "${area.name ?? body.name}"${area.id ? ` (id:${area.id})` : ''}`);
}
