// `habits log add <habit> <value> [--unit U] [--date D]`: adds a measured value to the day's total.
import type { Command } from 'commander';
import { GOAL_UNITS } from '../../api/types.js';
import { DATE_FORMS, parseLogDateArg } from '../../model/dates.js';
import { UsageError } from '../../errors.js';
import { GrammarError, parseUnit as unitOf } from '../../model/grammar.js';
import { examples, type App } from '../shared/app.js';
import { afterLogWrite } from '../shared/after-write.js';
import type { Deps } from '../shared/deps.js';
import { sendValue, type TypedUnit } from '../shared/log-writes.js';

/** What `log add` was asked to do. */
export interface LogAddOptions {
  ref: string;
  value: number;
  /** --unit: a symbol (`kM` for km), or a word that may be the habit's own unit name; undefined: the goal's. */
  unit?: TypedUnit;
  date: string;
  /** --strict: a log that would not count is an error, not a warning. */
  strict: boolean;
}

/** Registers `log add`. */
export function register(parent: Command, app: App): void {
  parent
    .command('add')
    .description("add a measured value to a habit's total for a date (default today)")
    .argument('<habit>', 'habit name, id, id:<id> or unique prefix')
    .argument('<value>', 'a number to add, e.g. 2.5; negative lowers the total, never below 0 (ids and values starting with "-" go after --)')
    .option('--unit <unit>', "unit symbol, e.g. min, km, mL, or the habit's unit name (default: the goal's unit)")
    .option('--date <date>', `${DATE_FORMS}, in your timezone (default today)`)
    .option('--strict', 'fail (exit 2) instead of warning when the log would not count: archived habit, day not due')
    .addHelpText('after', examples([
      ['habits log add Run 5', "5 in the goal's unit, today"],
      ['habits log add Run 3.2 --unit km', 'units match case-insensitively (km is kM)'],
      ['habits log add "Drink water" 250 --unit mL --date yesterday'],
      ['habits log add Read 12 --unit pages', 'the unit name the habit was given (--unit-name)'],
      ['habits log add Water 2 --unit glasses', "2 in the goal's unit (cups, say), which the habit names glasses"],
      ['habits log add Water -- -1', 'one cup less (a value starting with "-" goes after --)'],
    ]) + `\n\nUnits: ${GOAL_UNITS.join(', ')}. A unit must convert to the goal's (min and hr do, min and km
do not): a log that would never count is refused. A negative value is checked against the day's
total first (one request more): one that would take it below 0 is refused, and \`habits log set
<habit> 0\` clears the day. The habit's own unit name (--unit-name, "the
unit name shown in the app" of habit add -i) means the goal's unit, whatever that is.`)
    .action((ref: string, value: string, opts: { unit?: string; date?: string; strict?: boolean }, cmd: Command) => {
      const options = parse(ref, value, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/**
 * The --unit flag: any of the 26 symbols in any case (`km` → `kM`) or a plain word (`minutes`);
 * any other word is kept, to be matched against the habit's own unit name when the command runs.
 */
export function parseUnit(raw: string): TypedUnit {
  const typed = raw.trim();
  if (!typed) throw new UsageError('--unit is empty');
  try {
    return { symbol: unitOf(typed), typed };
  } catch (err) {
    if (err instanceof GrammarError) return { typed };
    throw err;
  }
}

/** A decimal number as typed (`2.5`, `-1`, `1e3`), or the UsageError naming `what`. */
export function parseNumber(raw: string, what: string): number {
  const text = raw.trim();
  if (/^[+-]?\d+,\d+$/.test(text)) throw new UsageError(`${what}: "${raw}" uses a comma; write the decimal with a dot, e.g. ${text.replace(',', '.')}`);
  const n = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n)) throw new UsageError(`${what}: "${raw}" is not a number`);
  return n;
}

/**
 * A log value: a finite decimal number other than 0. A negative value lowers the day's total (as
 * production allows); `log set` computes one from the total wanted.
 */
export function parseValue(raw: string): number {
  const n = parseNumber(raw, '<value>');
  if (n === 0) throw new UsageError(`<value>: must not be 0, got ${raw}`, 'to change a total, `habits log set <habit> <total>` sends the difference');
  return n;
}

/** Checks the arguments before any request. */
export function parse(ref: string, value: string, opts: { unit?: string; date?: string; strict?: boolean }): LogAddOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  return {
    ref,
    value: parseValue(value),
    unit: opts.unit === undefined ? undefined : parseUnit(opts.unit),
    date: opts.date ?? 'today',
    strict: !!opts.strict,
  };
}

/** Adds the value to the habit's total for the date. */
export async function run(options: LogAddOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today'> & Partial<Pick<Deps, 'writes' | 'now' | 'scope' | 'paths'>>): Promise<void> {
  const date = parseLogDateArg(options.date, deps.today(), '--date');
  const habit = await deps.resolver.resolveHabit(options.ref);
  const sent = await sendValue({ habit, amount: options.value, ...(options.unit ? { unit: options.unit } : {}), date, strict: options.strict, today: deps.today() }, deps);
  afterLogWrite(deps, date, habit, { add: options.value, unit: sent.symbol });
  // Piped, the new log's id is the output (kept with -q, which silences only the confirmation).
  // A server that returns no log id (production is not known to) leaves stdout empty, and says so.
  const logId = sent.result.logId;
  const plain = (): string => {
    if (!logId) deps.out.info('The server returned no log id: nothing on stdout');
    return logId ?? '';
  };
  await deps.out.render({ json: sent.result, tty: () => '', plain });
  deps.out.info(sent.line);
  for (const w of sent.warnings) deps.out.warn(`warning: ${w}`);
}
