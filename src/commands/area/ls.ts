// `habits area ls`: every area, with its icon, colour and id.
import type { Command } from 'commander';
import type { Cell } from '../../output/table.js';
import type { Output } from '../../output/output.js';
import { examples, type App } from '../../program.js';
import type { Deps } from '../shared/deps.js';

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
  if (areas.length === 0 && !deps.out.json) {
    deps.out.info('No areas yet. Create one with `habits area add <name>`.');
    return;
  }
  await deps.out.result(areas, () => deps.out.table({
    head: ['NAME', 'ICON', 'COLOR', 'ID'],
    rows: areas.map((a) => [a.name, a.icon ?? '', colorCell(a.colorHex, deps.out), a.id]),
    flex: 0,
  }));
}

/** On a terminal, a swatch in the colour before its code; in a pipe, the code alone. */
export function colorCell(hex: string | null | undefined, out: Pick<Output, 'mode' | 'c'>): Cell {
  const code = hex ?? '';
  if (out.mode !== 'tty' || !/^#[0-9a-f]{6}$/i.test(code)) return code;
  return { plain: `● ${code}`, styled: `${out.c.hex(code)('●')} ${code}` };
}

