// `habits area ls`: every area, with its icon, colour and id.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import type { Cell } from '../../output/table.js';
import type { Output } from '../../output/output.js';
import { examples, type App } from '../../program.js';

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
export async function run(ctx: Context): Promise<void> {
  const areas = await ctx.resolver.fetchAreas();
  if (areas.length === 0 && !ctx.out.json) {
    ctx.out.info('No areas yet. Create one with `habits area add <name>`.');
    return;
  }
  await ctx.out.result(areas, () => ctx.out.table({
    head: ['NAME', 'ICON', 'COLOR', 'ID'],
    rows: areas.map((a) => [a.name, a.icon ?? '', colorCell(a.colorHex, ctx.out), a.id]),
    flex: 0,
  }));
}

/** On a terminal, a swatch in the colour before its code; in a pipe, the code alone. */
export function colorCell(hex: string | null | undefined, out: Pick<Output, 'mode' | 'c'>): Cell {
  const code = hex ?? '';
  if (out.mode !== 'tty' || !/^#[0-9a-f]{6}$/i.test(code)) return code;
  return { plain: `● ${code}`, styled: `${out.c.hex(code)('●')} ${code}` };
}

