// `habits log ls <habit> [--from D] [--to D]`: the logs of a habit, with the ids `log rm` takes. In
// local mode, every log of the store (the local service's GET /habits/{id}/logs); against a server,
// which lists no logs, the ones this machine wrote and has not removed since (the record of writes).
import type { Command } from 'commander';
import type { LogEntry } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { DATE_FORMS, parseDateArg } from '../../model/dates.js';
import { formatAmount } from '../../output/format.js';
import { formatTimestamp } from '../../output/time.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';

/** What `log ls` was asked to do. */
export interface LogLsOptions {
  ref: string;
  from?: string;
  to?: string;
}

/** A listed log: the local service's LogEntry, with `id` empty and `value`/`unitSymbol` null where the record does not know them. */
export type ListedLog = Omit<LogEntry, 'localLastModifiedDate' | 'value' | 'id'> & { id: string; value: number | null };

/** Registers `log ls`. */
export function register(parent: Command, app: App): void {
  parent
    .command('ls')
    .alias('list')
    .description('list the logs of a habit with their ids (for log rm): all of them in local mode, else the ones this machine wrote')
    .argument('<habit>', 'habit name, id, id:<id> or unique prefix')
    .option('--from <date>', `first date: ${DATE_FORMS}`)
    .option('--to <date>', `last date: ${DATE_FORMS}`)
    .addHelpText('after', examples([
      ['habits log ls Run', 'id, date, kind (value or mark), value and when it was written'],
      ['habits log ls Run --from 2026-11-01 --to 2026-11-07'],
      ['habits log ls Run | cut -f1', 'ids only (piped: id, date, kind, value, unit, createdAt, type)'],
    ]) + `\n\nThe service API lists no logs: against a server this shows the logs written from this machine
(kept in the record of writes in the data directory). In local mode it shows every log.`)
    .action((ref: string, opts: { from?: string; to?: string }, cmd: Command) =>
      app.run(cmd, (ctx) => run(parse(ref, opts, ctx.today()), ctx)),
    );
}

/** Checks the arguments before any request. */
export function parse(ref: string, opts: { from?: string; to?: string }, today: string): LogLsOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  const from = opts.from === undefined ? undefined : parseDateArg(opts.from, today, '--from');
  const to = opts.to === undefined ? undefined : parseDateArg(opts.to, today, '--to');
  if (from && to && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  return { ref, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** Lists the logs: a table on a terminal, TSV in a pipe, or JSON. */
export async function run(options: LogLsOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'writes' | 'isLocal' | 'settings'>): Promise<void> {
  const habit = await deps.resolver.resolveHabit(options.ref);
  const { from, to } = options;
  let logs: ListedLog[];
  if (deps.isLocal) {
    const api = await deps.api();
    const listed = await api.request('GET /habits/{habitId}/logs', { params: { habitId: habit.id }, query: { ...(from ? { from } : {}), ...(to ? { to } : {}) } });
    logs = (Array.isArray(listed) ? listed : []).map(({ id, type, kind, date, value, unitSymbol, createdAt }) => ({ id, type, kind, date, value, unitSymbol, createdAt }));
  } else {
    logs = deps.writes().record.liveLogs()
      .filter((l) => l.habitId === habit.id && (!from || l.date >= from) && (!to || l.date <= to))
      .map((l) => {
        const body = l.write.body as { value?: unknown; unitSymbol?: unknown };
        // The record's `type` is the kind of log; every log this machine wrote is a manual one.
        return {
          id: l.logId ?? '', type: 'manual' as const, kind: l.type, date: l.date,
          value: typeof body.value === 'number' ? body.value : null,
          unitSymbol: typeof body.unitSymbol === 'string' ? body.unitSymbol : null,
          createdAt: l.write.at,
        };
      })
      .sort((a, b) => (a.date === b.date ? a.createdAt.localeCompare(b.createdAt) : a.date.localeCompare(b.date)));
  }
  const range = from || to ? ` ${from ? `from ${from}` : ''}${from && to ? ' ' : ''}${to ? `to ${to}` : ''}` : '';
  if (logs.length === 0) {
    return deps.out.empty(logs, `No logs of "${habit.name}"${range}${deps.isLocal ? '' : ' written from this machine'}.`);
  }
  const amount = (l: ListedLog): string => (l.value === null || (l.kind !== 'value' && l.value === 0) ? '' : formatAmount(l.value, l.unitSymbol));
  await deps.out.render({
    json: logs,
    // Piped, the kind stays the third column (it was headed TYPE before `type` meant manual | auto).
    plain: () => deps.out.table({ head: ['ID', 'DATE', 'KIND', 'VALUE', 'UNIT', 'CREATED', 'TYPE'], rows: logs.map((l) => [l.id, l.date, l.kind, l.value === null ? '' : String(l.value), l.unitSymbol ?? '', l.createdAt, l.type]) }),
    tty: () => deps.out.table({ head: ['ID', 'DATE', 'KIND', 'VALUE', 'WRITTEN'], rows: logs.map((l) => [l.id || '(no id)', l.date, l.kind, amount(l), formatTimestamp(l.createdAt, deps.settings.timezone.value)]) }),
  });
}
