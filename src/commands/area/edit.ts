// `habits area edit <area> [--name N] [--color C] [--icon I]`: sends only the fields that change.
import type { Command } from 'commander';
import type { Area, AreaBody } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { parseAreaIcon, parseAreaName, parseColor } from './shared.js';
import type { Deps } from '../shared/deps.js';
import { requireUniqueName } from '../shared/unique-name.js';

/** What `area edit` was asked to do. */
export interface AreaEditOptions {
  ref: string;
  changes: AreaBody;
  /** --allow-duplicate: rename even when another area has the name. */
  allowDuplicate: boolean;
}

/** Registers `area edit`. */
export function register(parent: Command, app: App): void {
  parent
    .command('edit')
    .description("change an area's name, colour or icon")
    .argument('<area>', 'area name, id, id:<id> or unique prefix')
    .option('--name <name>', 'the new name')
    .option('--allow-duplicate', 'rename even if another area has this name')
    .option('--color <hex>', 'colour as #RRGGBB or #RGB (the # is optional)')
    .option('--icon <icon>', 'an icon, e.g. an emoji')
    .addHelpText('after', examples([
      ['habits area edit Health --name Wellbeing'],
      ['habits area edit Work --color "#E24A4A" --icon 🏢'],
    ]))
    .action((ref: string, opts: { name?: string; color?: string; icon?: string; allowDuplicate?: boolean }, cmd: Command) => {
      const options = parse(ref, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the flags; at least one is needed. */
export function parse(ref: string, opts: { name?: string; color?: string; icon?: string; allowDuplicate?: boolean }): AreaEditOptions {
  if (!ref.trim()) throw new UsageError('<area> is empty');
  const changes: AreaBody = {};
  if (opts.name !== undefined) changes.name = parseAreaName(opts.name, '--name');
  if (opts.color !== undefined) changes.colorHex = parseColor(opts.color);
  if (opts.icon !== undefined) changes.icon = parseAreaIcon(opts.icon);
  if (Object.keys(changes).length === 0) throw new UsageError('nothing to change', 'pass --name, --color or --icon');
  return { ref, changes, allowDuplicate: !!opts.allowDuplicate };
}

/** The fields of `changes` that differ from `area`. */
export function diffArea(area: Partial<Area>, changes: AreaBody): AreaBody {
  const body: AreaBody = {};
  if (changes.name !== undefined && changes.name !== area.name) body.name = changes.name;
  if (changes.colorHex !== undefined && changes.colorHex.toUpperCase() !== (area.colorHex ?? '').toUpperCase()) body.colorHex = changes.colorHex;
  if (changes.icon !== undefined && changes.icon !== (area.icon ?? '')) body.icon = changes.icon;
  return body;
}

/** Sends the fields that differ; a rename drops the cached names. */
export async function run(options: AreaEditOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver'>): Promise<void> {
  const found = await deps.resolver.resolveArea(options.ref);
  const api = await deps.api();
  const current = await api.request('GET /areas/{areaId}', { params: { areaId: found.id } });
  const body = diffArea(current, options.changes);
  if (Object.keys(body).length === 0) {
    await deps.out.result(current, () => '');
    deps.out.info(`Area "${current.name}" already has those values; nothing changed`);
    return;
  }
  if (body.name !== undefined && !options.allowDuplicate) await requireUniqueName(deps, 'areas', body.name, found.id);
  const area = await api.request('PUT /areas/{areaId}', { params: { areaId: found.id }, body });
  if (body.name !== undefined) await deps.resolver.forgetNames('areas');
  await deps.out.result(area, () => '');
  deps.out.info(`Updated area "${area.name ?? body.name ?? current.name}": ${Object.keys(body).map((k) => (k === 'colorHex' ? 'color' : k)).join(', ')}`);
}
