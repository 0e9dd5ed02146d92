// `habits log add <habit> <value> [--unit U] [--date D]`: adds a measured value to the day's total.
import type { Command } from 'commander';
import { GOAL_UNITS, type GoalUnit, type LogValueBody } from '../../api/types.js';
import { parseLogDateArg } from '../../model/dates.js';
import { checkedWrite, UsageError, type WriteError } from '../../errors.js';
import { queueFailed } from '../../record/index.js';
import { canonicalUnit, GrammarError, parseUnit as unitOf } from '../../model/grammar.js';
import type { HabitFacts } from '../../model/habit-facts.js';
import { converts, displayUnit, ownUnitName, unitsThatCount } from '../../model/units.js';
import { formatGoal, shellWord } from '../../output/format.js';
import type { Named } from '../../resolve/index.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { checkLogWrite } from './checks.js';

/** What `log add` was asked to do. */
export interface LogAddOptions {
  ref: string;
  value: number;
  /** --unit: a symbol (`kM` for km), or a word that may be the habit's own unit name; undefined: the goal's. */
  unit?: { symbol?: GoalUnit; typed: string };
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
    .argument('<value>', 'a number greater than 0, e.g. 2.5')
    .option('--unit <unit>', "unit symbol, e.g. min, km, mL, or the habit's unit name (default: the goal's unit)")
    .option('--date <date>', 'YYYY-MM-DD, today or yesterday, in your timezone (default today)')
    .option('--strict', 'fail (exit 2) instead of warning when the log would not count: archived habit, day not due')
    .addHelpText('after', examples([
      ['habits log add Run 5', "5 in the goal's unit, today"],
      ['habits log add Run 3.2 --unit km', 'units match case-insensitively (km is kM)'],
      ['habits log add "Drink water" 250 --unit mL --date yesterday'],
      ['habits log add Read 12 --unit pages', 'the unit name the habit was given (--unit-name)'],
    ]) + `\n\nUnits: ${GOAL_UNITS.join(', ')}. A unit must convert to the goal's (min and hr do, min and km
do not): a log that would never count is refused.`)
    .action((ref: string, value: string, opts: { unit?: string; date?: string; strict?: boolean }, cmd: Command) => {
      const options = parse(ref, value, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/**
 * The --unit flag: any of the 26 symbols in any case (`km` → `kM`) or a plain word (`minutes`);
 * any other word is kept, to be matched against the habit's own unit name when the command runs.
 */
export function parseUnit(raw: string): { symbol?: GoalUnit; typed: string } {
  const typed = raw.trim();
  if (!typed) throw new UsageError('--unit is empty');
  try {
    return { symbol: unitOf(typed), typed };
  } catch (err) {
    if (err instanceof GrammarError) return { typed };
    throw err;
  }
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
export async function run(options: LogAddOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today'> & Partial<Pick<Deps, 'writes'>>): Promise<void> {
  const date = parseLogDateArg(options.date, deps.today(), '--date');
  const habit = await deps.resolver.resolveHabit(options.ref);
  const checked = await checkLogWrite(habit, date, options.strict, deps);
  let { facts, fresh } = checked;
  const refresh = async () => {
    if (!fresh) [facts, fresh] = [await deps.resolver.freshFacts(habit.id), true];
  };
  // Without --unit the goal's unit is used, so read it as it is now, not as the cache has it.
  if (!options.unit || facts.goal === undefined) await refresh();
  let unit = unitFor(habit, facts, options.unit);
  // A unit the cached facts refuse may be one the habit accepts since: ask before refusing.
  if (unit instanceof Error && !fresh) {
    await refresh();
    unit = unitFor(habit, facts, options.unit);
  }
  if (unit instanceof Error) throw unit;
  const body: LogValueBody = { value: options.value, unitSymbol: unit, targetDate: date };
  // A value adds to the day's total: after an unknown outcome, the journal shows whether it did.
  const api = await deps.api();
  const result = await checkedWrite(api.request('POST /habits/{habitId}/logs', { params: { habitId: habit.id }, body }), `habits journal --date ${date}`).catch((err: unknown) => {
    // A value that could not reach the server waits in the outbox; one that may have is held there.
    throw queueFailed(deps.writes?.(), (err as WriteError).error, { route: 'POST /habits/{habitId}/logs', params: { habitId: habit.id }, body, habit: { id: habit.id, name: habit.name } }) ?? err;
  });
  await deps.out.result(result, () => '');
  const id = result.logId ? ` (log id:${result.logId})` : '';
  const shown = displayUnit(unit, unit === facts.goal?.unit ? facts.customUnitName : undefined);
  deps.out.info(`Logged ${String(options.value)} ${shown} to "${habit.name}" for ${date}${id}`);
  for (const w of checked.warnings) deps.out.warn(`warning: ${w}`);
}

/** The symbol to send for `typed` (the goal's when undefined), or the UsageError saying why none fits. */
function unitFor(habit: Named, facts: HabitFacts, typed: LogAddOptions['unit']): GoalUnit | UsageError {
  const goal = facts.goal;
  const custom = goal ? ownUnitName(goal.unit, facts.customUnitName) : undefined;
  if (!typed) {
    if (!goal) return new UsageError(`--unit is required: "${habit.name}" has no goal to take the unit from`, `units: ${GOAL_UNITS.join(', ')}`);
    return canonicalUnit(goal.unit) ?? (goal.unit as GoalUnit);
  }
  // The habit's own unit name (`pages` on a goal in rep) stands for the goal's unit.
  if (custom && goal && typed.typed.toLowerCase() === custom.toLowerCase()) return canonicalUnit(goal.unit) ?? (goal.unit as GoalUnit);
  if (!typed.symbol) {
    const own = custom ? `, or "${custom}", the unit name of "${habit.name}"` : '';
    // A count (rep, step, floor) may be given a name of its own, which --unit then takes.
    const count = !goal || ['rep', 'step', 'floor'].includes(goal.unit);
    const hint = count && !custom ? `to count in ${typed.typed}, name the unit: habits habit edit ${shellWord(habit.name)} --unit-name ${shellWord(typed.typed)}` : undefined;
    return new UsageError(`--unit: unknown unit "${typed.typed}" (use one of ${GOAL_UNITS.join(', ')}${own})`, hint);
  }
  if (goal && !converts(typed.symbol, goal.unit)) {
    const ok = (unitsThatCount(goal.unit) ?? []).map((u) => displayUnit(u));
    const own = custom ? ` (or ${custom})` : '';
    return new UsageError(
      `--unit: ${displayUnit(typed.symbol)} does not convert to the goal of "${habit.name}" (${formatGoal(goal, custom)}), so the log would never count`,
      `units that count: ${ok.join(', ')}${own}`,
    );
  }
  return typed.symbol;
}

