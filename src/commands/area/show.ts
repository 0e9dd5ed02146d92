// `habits area show <area>`: the area's fields and the habits in it.
import type { Command } from 'commander';
import { listAll } from '../../api/paging.js';
import type { Area, Habit } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { escapeControls } from '../../model/text.js';
import { formatTimestamp } from '../../output/time.js';
import { examples, type App } from '../shared/app.js';
import { colorCell } from './shared.js';
import type { Deps } from '../shared/deps.js';

/** What `--json` prints: the area as the API returns it, plus its habits. */
type AreaDetails = Area & { habits: { id: string; name: string; isArchived: boolean }[] };

/** Registers `area show`. */
export function register(parent: Command, app: App): void {
  parent
    .command('show')
    .description('show an area and the habits in it')
    .argument('<area>', 'area name, id, id:<id> or unique prefix')
    .addHelpText('after', examples([['habits area show Health'], ['habits area show Health --json']]))
    .action((ref: string, _opts, cmd: Command) => {
      if (!ref.trim()) throw new UsageError('<area> is empty');
      return app.run(cmd, (ctx) => run(ref, ctx));
    });
}

/** Shows the area and its habits, active and archived. */
export async function run(ref: string, deps: Pick<Deps, 'api' | 'out' | 'resolver' | 'settings'>): Promise<void> {
  const found = await deps.resolver.resolveArea(ref);
  const api = await deps.api();
  const [area, active, archived] = await Promise.all([
    api.request('GET /areas/{areaId}', { params: { areaId: found.id } }),
    listAll(api, 'GET /habits', { query: { areaId: found.id, archived: false } }),
    listAll(api, 'GET /habits', { query: { areaId: found.id, archived: true } }),
  ]);
  const habits = [...active, ...archived].map((h: Habit) => ({ id: h.id, name: h.name, isArchived: !!h.isArchived }));
  const details: AreaDetails = { ...area, habits };
  const plain = (): Promise<string> => {
    const fields = [['name', area.name], ['icon', area.icon ?? ''], ['color', area.colorHex ?? ''], ['id', area.id], ['createdAt', area.createdAt ?? '']];
    const rows = [...fields, ...habits.map((h) => ['habit', h.id, h.name, h.isArchived ? 'archived' : 'active'])];
    return deps.out.table({ head: [], rows });
  };
  await deps.out.render({ json: details, plain, tty: () => {
    const zone = deps.settings.timezone.value;
    const color = colorCell(area.colorHex, deps.out.c);
    // The server's text shows its control characters escaped (`New\nline`).
    const lines = [
      deps.out.c.bold(escapeControls(`${area.icon ? `${area.icon} ` : ''}${area.name}`)),
      `  Color    ${typeof color === 'object' && color ? color.styled : escapeControls(area.colorHex ?? '') || '-'}`,
      `  Id       ${escapeControls(area.id)}`,
      `  Created  ${formatTimestamp(area.createdAt, zone) || '-'}`,
      '',
      habits.length ? deps.out.c.bold(`Habits (${habits.length})`) : 'No habits in this area.',
      ...habits.map((h) => `  ${escapeControls(h.name)}${h.isArchived ? deps.out.c.dim(' (archived)') : ''}  ${deps.out.c.dim(`id:${escapeControls(h.id)}`)}`),
    ];
    return lines.join('\n') + '\n';
  } });
}
