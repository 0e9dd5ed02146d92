// `habits log add <habit> <value> [--unit U] [--date D]`: adds a measured value to the day's total.
import type { Command } from 'commander';
import { GOAL_UNITS, type GoalUnit, type LogValueBody } from '../../api/types.js';
import { parseDateArg } from '../../model/dates.js';
import { UsageError } from '../../errors.js';
import { canonicalUnit, flagValue, parseUnit as unitOf } from '../../model/grammar.js';
import { examples, type App } from '../shared/app.js';
import { currentGoal } from '../../model/resources.js';
import type { Deps } from '../shared/deps.js';

/** What `log add` was asked to do. */
export interface LogAddOptions {
  ref: string;
  value: number;
  /** Canonical symbol; undefined means the habit's goal unit. */
  unit?: GoalUnit;
  date: string;
}

/** Registers `log add`. */
export function register(parent: Command, app: App): void {
  parent
    .command('add')
    .description("add a measured value to a habit's total for a date (default today)")
    .argument('<habit>', 'habit name, id, id:<id> or unique prefix')
    .argument('<value>', 'a number greater than 0, e.g. 2.5')
    .option('--unit <unit>', "unit symbol, e.g. min, kM, mL (default: the habit's goal unit)")
    .option('--date <date>', 'YYYY-MM-DD, today or yesterday, in your timezone (default today)')
    .addHelpText('after', examples([
      ['habits log add Run 5', "5 in the goal's unit, today"],
      ['habits log add Run 3.2 --unit km', 'units match case-insensitively (km is kM)'],
      ['habits log add "Drink water" 250 --unit mL --date yesterday'],
    ]) + `\n\nUnits: ${GOAL_UNITS.join(', ')}`)
    .action((ref: string, value: string, opts: { unit?: string; date?: string }, cmd: Command) => {
      const options = parse(ref, value, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** The --unit flag: any of the 26 symbols in any case (`km` → `kM`), or a plain word (`minutes`). */
export function parseUnit(raw: string): GoalUnit {
  return flagValue('--unit', () => unitOf(raw));
}

/** A log value: a finite decimal number greater than 0. */
export function parseValue(raw: string): number {
  const text = raw.trim();
  if (/^\d+,\d+$/.test(text)) throw new UsageError(`<value>: "${raw}" uses a comma; write the decimal with a dot, e.g. ${text.replace(',', '.')}`);
  const n = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(n)) throw new UsageError(`<value>: "${raw}" is not a number`);
  if (n <= 0) throw new UsageError(`<value>: must be greater than 0, got ${raw}`, 'to take a value back, `habits log undo` clears the day');
  return n;
}

/** Checks the arguments before any request. */
export function parse(ref: string, value: string, opts: { unit?: string; date?: string }): LogAddOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  return {
    ref,
    value: parseValue(value),
    unit: opts.unit === undefined ? undefined : parseUnit(opts.unit),
    date: opts.date ?? 'today',
  };
}

/** Adds the value to the habit's total for the date. */
export async function run(options: LogAddOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today'>): Promise<void> {
  const date = parseDateArg(options.date, deps.today(), '--date');
  const habit = await deps.resolver.resolveHabit(options.ref);
  const api = await deps.api();
  let unit = options.unit;
  if (!unit) {
    const goal = currentGoal(await api.request('GET /habits/{habitId}', { params: { habitId: habit.id } }));
    if (!goal) throw new UsageError(`--unit is required: "${habit.name}" has no goal to take the unit from`, `units: ${GOAL_UNITS.join(', ')}`);
    unit = canonicalUnit(String(goal.unit)) ?? (goal.unit as GoalUnit);
  }
  const body: LogValueBody = { value: options.value, unitSymbol: unit, targetDate: date };
  const result = await api.request('POST /habits/{habitId}/logs', { params: { habitId: habit.id }, body });
  await deps.out.result(result, () => '');
  const id = result.logId ? ` (log id:${result.logId})` : '';
  deps.out.info(`Logged ${String(options.value)} ${unit} to "${habit.name}" for ${date}${id}`);
}
