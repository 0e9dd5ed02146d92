// `habits off ls`: the ranges of time off this machine recorded, from the record of writes (each
// skip mark `habits off` wrote carries its range): id, dates, habits, days still marked, reason.
// Reads one local file; no request.
import type { Command } from 'commander';
import { offRanges, type OffRange } from '../../record/off.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';

/** Registers `off ls`. */
export function register(parent: Command, app: App): void {
  parent
    .command('ls')
    .description('the ranges of time off this machine recorded, with the days each still holds')
    .addHelpText('after', `
A range is listed while any of its marks stands: one undone (habits off rm, log undo) or replaced
(log done of that day) no longer counts. Ranges taken on another machine are not known here.
${examples([
  ['habits off ls'],
  ["habits off ls --json | jq '.[].id'"],
])}`)
    .action((_opts: unknown, command: Command) => app.run(command, (ctx) => run(ctx)));
}

/** One range as --json prints it. */
export function rangeRow(r: OffRange): { id: string; from: string; to: string; reason: string | null; habits: number; days: number; planned: number; since: string } {
  const habits = new Set([...r.marks, ...r.unconfirmed, ...r.planned].map((m) => m.habitId)).size;
  // A skip whose answer was never recorded may stand: counted, since off rm looks at it.
  return { id: r.id, from: r.from, to: r.to, reason: r.reason ?? null, habits, days: r.marks.length + r.unconfirmed.length, planned: r.planned.length, since: r.since };
}

/** Lists the ranges. */
export async function run(deps: Pick<Deps, 'out' | 'writes'>): Promise<void> {
  const { out } = deps;
  const { record, outbox } = deps.writes();
  const rows = offRanges(record, outbox).map(rangeRow);
  if (rows.length === 0) return out.empty(rows, 'No time off recorded on this machine.');
  const cells = rows.map((r) => [r.id, r.from, r.to, String(r.habits), String(r.days), String(r.planned), r.reason ?? '']);
  await out.render({
    json: rows,
    plain: () => out.table({ head: ['id', 'from', 'to', 'habits', 'marks', 'planned', 'reason'], rows: cells }),
    tty: () => out.table({ head: ['ID', 'From', 'To', 'Habits', 'Marks', 'Planned', 'Reason'], rows: cells, flex: 6 }),
  });
}
