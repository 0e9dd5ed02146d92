// The goal prompt: whether to track one, then value, unit (the 26 symbols) and periodicity.
import { GOAL_UNITS, PERIODICITIES, type GoalInput, type GoalUnit, type Periodicity } from '../api/types.js';
import { parsePositive } from '../model/habit-fields.js';
import { check, unitName } from '../model/grammar.js';
import { displayUnit } from '../model/units.js';
import { controlProblem } from '../model/text.js';
import { optional } from './optional.js';
import type { Choice, Prompter } from './prompter.js';

/** The 26 unit symbols as choices, `min (minutes)`. */
function unitChoices(): Choice<GoalUnit>[] {
  return GOAL_UNITS.map((u) => ({ name: `${displayUnit(u)} (${unitName(u)})`, value: u }));
}

/** Asks for a goal; `current` pre-fills. Returns the goal and the custom unit name (both may be null). */
export async function promptGoal(
  p: Prompter,
  current: GoalInput | null,
  unitName: string | null,
  type: 'good' | 'bad' = 'good',
): Promise<{ goal: GoalInput | null; customUnitName: string | null }> {
  // A bad habit's goal is a limit, as the journal shows it (within limit, over limit).
  const word = type === 'bad' ? 'limit' : 'goal';
  const wanted = await p.confirm({ message: type === 'bad' ? 'Set a limit (an amount per day, week, month or year not to go over)?' : 'Track a goal (an amount per day, week, month or year)?', default: current !== null });
  if (!wanted) return { goal: null, customUnitName: unitName };
  const value = await p.number({
    message: type === 'bad' ? 'Limit value' : 'Goal value',
    default: current?.value,
    required: true,
    validate: (n) => check(() => parsePositive(String(n ?? ''), `the ${word} value`)),
  });
  const unit = await p.select<GoalUnit>({ message: 'Unit', choices: unitChoices(), default: current?.unit ?? 'min', pageSize: 10 });
  const periodicity = await p.select<Periodicity>({
    message: 'Per',
    choices: PERIODICITIES.map((x) => ({ name: x, value: x })),
    default: current?.periodicity ?? 'daily',
  });
  const name = (await p.input({
    message: optional('Unit name shown in the app, e.g. glasses', unitName),
    default: unitName ?? '',
    validate: (v) => controlProblem(v.trim(), 'the unit name') ?? true,
  })).trim();
  return { goal: { value: value ?? 1, unit, periodicity }, customUnitName: name || null };
}
