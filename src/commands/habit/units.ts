// The goal grammar: unit symbols (any case, or a plain word like minutes), periodicities, and
// `--goal "30 min daily"`. Pure; errors are GrammarErrors (see grammar.ts).
import { GOAL_UNITS, PERIODICITIES, type GoalInput, type GoalUnit, type Periodicity } from '../../api/types.js';
import { fail, parsePositive } from './grammar.js';

const UNIT_ALIASES: Record<string, GoalUnit> = {
  meter: 'm', meters: 'm', metre: 'm', metres: 'm', kilometer: 'kM', kilometers: 'kM', kilometre: 'kM', kilometres: 'kM',
  feet: 'ft', foot: 'ft', yard: 'yd', yards: 'yd', mile: 'mi', miles: 'mi', floors: 'floor',
  l: 'L', liter: 'L', liters: 'L', litre: 'L', litres: 'L', milliliter: 'mL', milliliters: 'mL', millilitre: 'mL', millilitres: 'mL',
  floz: 'fl oz', 'fluid ounce': 'fl oz', 'fluid ounces': 'fl oz', cups: 'cup',
  s: 'sec', secs: 'sec', second: 'sec', seconds: 'sec', mins: 'min', minute: 'min', minutes: 'min',
  h: 'hr', hrs: 'hr', hour: 'hr', hours: 'hr', millisecond: 'ms', milliseconds: 'ms',
  kgs: 'kg', kilogram: 'kg', kilograms: 'kg', gram: 'g', grams: 'g', milligram: 'mg', milligrams: 'mg',
  ounce: 'oz', ounces: 'oz', lbs: 'lb', pound: 'lb', pounds: 'lb', microgram: 'mcg', micrograms: 'mcg', ug: 'mcg', 'µg': 'mcg',
  joule: 'J', joules: 'J', kilojoule: 'kJ', kilojoules: 'kJ', calorie: 'cal', calories: 'cal', kilocalorie: 'kCal', kilocalories: 'kCal',
  reps: 'rep', repetition: 'rep', repetitions: 'rep', times: 'rep', steps: 'step',
};
// The 26 symbols differ even ignoring case, so a case-insensitive match is never ambiguous.
const UNIT_BY_LOWER = new Map<string, GoalUnit>(GOAL_UNITS.map((u) => [u.toLowerCase(), u]));

/** A unit symbol typed in any case (`km` → `kM`) or a friendly alias (`minutes` → `min`). */
export function parseUnit(value: string): GoalUnit {
  const v = value.trim().replace(/\s+/g, ' ').toLowerCase();
  const unit = UNIT_BY_LOWER.get(v) ?? UNIT_ALIASES[v];
  return unit ?? fail(`unknown unit "${value.trim()}" (use one of ${GOAL_UNITS.join(', ')})`);
}

const PERIOD_WORDS: Record<string, Periodicity> = {
  daily: 'daily', day: 'daily', weekly: 'weekly', week: 'weekly', monthly: 'monthly', month: 'monthly',
  yearly: 'yearly', year: 'yearly', annually: 'yearly',
};

/** `daily`, `weekly`, `monthly`, `yearly` (also `day`, `week`, …). */
export function parsePeriodicity(value: string): Periodicity {
  const p = PERIOD_WORDS[value.trim().toLowerCase()];
  return p ?? fail(`"${value}" is not a periodicity (use ${PERIODICITIES.join(', ')})`);
}

const GOAL_FORM = 'expected "<value> <unit> [daily|weekly|monthly|yearly]", e.g. "30 min daily"';

/** `30 min daily`, `8000 steps`, `2.5km weekly`, `2 L per day`, `20 rep/week` → a goal (default daily). */
export function parseGoal(value: string): GoalInput {
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
  if (!rest) return fail(`${GOAL_FORM}: the unit is missing`);
  return { value: amount, unit: parseUnit(rest), periodicity };
}
