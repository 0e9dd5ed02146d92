// `habits log set <habit> <total> [--unit U] [--date D]`: makes a day's total what it should be,
// by reading it and sending the difference, up or down (a value may be negative).
import type { Command } from 'commander';
import { DATE_FORMS, parseLogDateArg } from '../../model/dates.js';
import { UsageError } from '../../errors.js';
import { shellWord } from '../../output/format.js';
import { examples, type App } from '../shared/app.js';
import { afterLogWrite } from '../shared/after-write.js';
import type { Deps } from '../shared/deps.js';
import { sendSet } from '../shared/log-writes.js';
import { parseNumber, parseUnit, type LogAddOptions } from './add.js';

/** What `log set` was asked to do: `value` is the day's total to reach. */
export type LogSetOptions = LogAddOptions;

/** Registers `log set`. */
export function register(parent: Command, app: App): void {
  parent
    .command('set')
    .description("set a habit's total for a date (default today): sends the difference from what the day shows")
    .argument('<habit>', 'habit name, id, id:<id> or unique prefix')
    .argument('<total>', 'the total the day should show, 0 or more, e.g. 5')
    .option('--unit <unit>', "unit of the total: a symbol, or the habit's unit name, which means the goal's unit (default: the goal's unit)")
    .option('--date <date>', `${DATE_FORMS}, in your timezone (default today)`)
    .option('--strict', 'fail (exit 2) instead of warning when the log would not count: archived habit, day not due')
    .addHelpText('after', examples([
      ['habits log set Water 5', 'the day shows 6 cups: logs -1 cup'],
      ['habits log set Water 0', "clears the day's values (marks stay: habits log undo clears them)"],
      ['habits log set Run 10 --unit km --date yesterday'],
    ]) + `\n\nOne request reads the day's total (the habit's statistics for that day), one sends the difference;
nothing is sent when the day already shows the total. A server out of reach keeps the set in the
outbox, which reads the day again when it sends it.`)
    .action((ref: string, total: string, opts: { unit?: string; date?: string; strict?: boolean }, cmd: Command) => {
      const options = parse(ref, total, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the arguments before any request. */
export function parse(ref: string, total: string, opts: { unit?: string; date?: string; strict?: boolean }): LogSetOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  const value = parseNumber(total, '<total>');
  if (value < 0) throw new UsageError(`<total>: must be 0 or more, got ${total}`, `0 clears the day's values: habits log set ${shellWord(ref)} 0`);
  return { ref, value, unit: opts.unit === undefined ? undefined : parseUnit(opts.unit), date: opts.date ?? 'today', strict: !!opts.strict };
}

/** Sets the day's total. */
export async function run(options: LogSetOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today'> & Partial<Pick<Deps, 'writes' | 'now' | 'scope' | 'paths'>>): Promise<void> {
  const date = parseLogDateArg(options.date, deps.today(), '--date');
  const habit = await deps.resolver.resolveHabit(options.ref);
  const sent = await sendSet({ habit, amount: options.value, ...(options.unit ? { unit: options.unit } : {}), date, strict: options.strict }, deps);
  if (sent.result) afterLogWrite(deps, date, habit, { add: sent.value, unit: sent.symbol });
  const logId = sent.result?.logId;
  const json = {
    habit: { id: habit.id, name: habit.name }, date, unitSymbol: sent.symbol, total: options.value, was: sent.was,
    sent: sent.value, ...(sent.result ? { result: sent.result } : {}),
  };
  // Piped, like log add: the new log's id (nothing when nothing was sent, or no id came back).
  await deps.out.render({ json, tty: () => '', plain: () => logId ?? '' });
  deps.out.info(sent.line);
  for (const w of sent.warnings) deps.out.warn(`warning: ${w}`);
}
