// `habits area ls`: every area, with its icon, colour and id.
import type { Command } from 'commander';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { colorCell } from './shared.js';

/** Registers `area ls` (alias `list`). */
export function register(parent: Command, app: App): void {
  parent
    .command('ls')
    .alias('list')
    .description('list areas: name, icon, colour and id')
    .addHelpText('after', examples([
      ['habits area ls'],
      ['habits area ls | cut -f1', 'names only (piped: name, icon, colour, id)'],
      ['habits area ls --json'],
    ]))
    .action((_opts, cmd: Command) => app.run(cmd, run));
}

/** Lists every area; the listing also refreshes the names that references and completion read. */
export async function run(deps: Pick<Deps, 'out' | 'resolver'>): Promise<void> {
  const areas = await deps.resolver.fetchAreas();
  if (areas.length === 0) return deps.out.empty(areas, 'No areas yet. Create one with `habits area add <name>`.');
  const table = (swatches: boolean) => deps.out.table({
    head: ['NAME', 'ICON', 'COLOR', 'ID'],
    rows: areas.map((a) => [a.name, a.icon ?? '', swatches ? colorCell(a.colorHex, deps.out.c) : (a.colorHex ?? ''), a.id]),
    flex: 0,
  });
  await deps.out.render({ json: areas, plain: () => table(false), tty: () => table(true) });
}
