// The goal grammar: periodicities and `--goal "30 min daily"` (units come from src/grammar.ts).
// Pure; errors are GrammarErrors.
import type { GoalInput, Periodicity } from '../api/types.js';
import { check, fail, parseUnit } from './grammar.js';
import { parsePositive } from './habit-fields.js';
import { convertUnit, unitList } from './units.js';

const PERIOD_WORDS: Record<string, Periodicity> = {
  daily: 'daily', day: 'daily', weekly: 'weekly', week: 'weekly', monthly: 'monthly', month: 'monthly',
  yearly: 'yearly', year: 'yearly', annually: 'yearly',
};

const GOAL_FORM = 'expected "<value> <unit> [daily|weekly|monthly|yearly]", e.g. "30 min daily"';

/**
 * `30 min daily`, `8000 steps`, `2.5km weekly`, `2 L per day`, `20 rep/week` → a goal (default
 * daily). `ownUnit`, the unit name given with it (--unit-name pages), counts as rep: `20 pages`.
 */
export function parseGoal(value: string, ownUnit?: string): GoalInput {
  const m = /^\s*([+-]?[\d.]+(?:e[+-]?\d+)?)\s*(.*?)\s*$/i.exec(value);
  if (!m || !m[2]) return fail(`${GOAL_FORM}, got "${value}"`);
  const amount = parsePositive(m[1]!, 'the goal value');
  let rest = m[2];
  let periodicity: Periodicity = 'daily';
  const period = /(?:^|\s+|\s*\/\s*)(?:(?:per|a|an|each|every)\s+)?([a-z]+)$/i.exec(rest);
  if (period && PERIOD_WORDS[period[1]!.toLowerCase()] && period.index > 0) {
    periodicity = PERIOD_WORDS[period[1]!.toLowerCase()]!;
    rest = rest.slice(0, period.index).trim();
  }
  if (!rest || PERIOD_WORDS[rest.toLowerCase()]) return fail(`${GOAL_FORM}: the unit is missing`);
  // `30 min hourly`: a unit, then a word that is no period.
  const last = /^(.*?\S)\s+(?:(?:per|a|an|each|every)\s+)?([a-z]+)$/i.exec(rest);
  if (last && !PERIOD_WORDS[last[2]!.toLowerCase()] && check(() => parseUnit(last[1]!)) === true) {
    return fail(`unknown period "${last[2]}" in "${value.trim()}" (use daily, weekly, monthly or yearly)`);
  }
  if (ownUnit && rest.toLowerCase() === ownUnit.trim().toLowerCase() && check(() => parseUnit(rest)) !== true) {
    return { value: amount, unit: 'rep', periodicity };
  }
  if (check(() => parseUnit(rest)) !== true) {
    const name = /^[\w-]+$/.test(rest) ? rest : `'${rest.replace(/'/g, `'\\''`)}'`;
    return fail(`unknown unit "${rest}": for a unit of your own, write --goal "${String(amount)} rep ${periodicity}" --unit-name ${name} (units: ${unitList()})`);
  }
  return { value: amount, unit: parseUnit(rest), periodicity };
}

/** The minutes each period holds at most: a day, a week, the longest month, a leap year. */
const PERIOD_MINUTES: Record<Periodicity, number> = { daily: 1_440, weekly: 10_080, monthly: 44_640, yearly: 527_040 };
const PERIOD_NOUNS: Record<Periodicity, string> = { daily: 'a day', weekly: 'a week', monthly: 'a month', yearly: 'a year' };

/**
 * Why an amount of time cannot fit its period (`a goal of 2000 min daily is more than a day
 * holds (1440 min)`), or undefined. Only durations have such a bound: 50 km a day is a lot, not
 * impossible. `what` names the amount: `a goal of`, `a value of`.
 */
export function beyondPeriod(value: number, unit: string, periodicity: Periodicity, what: string): string | undefined {
  const minutes = convertUnit(value, unit, 'min');
  if (minutes === null || minutes <= PERIOD_MINUTES[periodicity]) return undefined;
  const holds = convertUnit(PERIOD_MINUTES[periodicity], 'min', unit) ?? PERIOD_MINUTES[periodicity];
  return `${what} ${formatAmount(value)} ${unit}${what.startsWith('a goal') ? ` ${periodicity}` : ''} is more than ${PERIOD_NOUNS[periodicity]} holds (${formatAmount(holds)} ${unit})`;
}

function formatAmount(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en-US') : String(Math.round(n * 100) / 100);
}

/** Relative tolerance of a sum against a target (0.1 + 0.2 reaches 0.3), as the local service's. */
const EPS = 1e-9;
/** A period's sum reaches its target, within the local service's rounding. */
export const reaches = (sum: number, target: number): boolean => sum >= target - EPS * Math.max(1, target);
/** A period's sum exceeds its target (a bad habit's limit), within the same rounding. */
export const exceeds = (sum: number, target: number): boolean => sum > target + EPS * Math.max(1, target);
