// Unit conversion between the spec's goal units. Units of one dimension convert into each other;
// `floor`, `rep` and `step` stand alone. A log in a unit that does not convert to the goal's unit
// is kept but does not count towards the goal.
import { type GoalUnit, type StatisticsUnit, type UnitType, UNIT_SCALE } from '../../api/types.js';

/**
 * `value` expressed in `to`, or null when the units are of different dimensions (or unknown); a
 * count (scalar) converts into no other unit. UNIT_SCALE (api/types.ts) is the table the CLI converts by too.
 */
export function convertUnit(value: number, from: string | null, to: string): number | null {
  if (from === to) return value;
  if (from === null) return null;
  const a = UNIT_SCALE.get(from);
  const b = UNIT_SCALE.get(to);
  if (!a || !b || a.dim !== b.dim || a.dim === 'scalar') return null;
  return (value * a.factor) / b.factor;
}

/** The unit type of a symbol: its dimension (api/types.ts). Counts (`floor`, `rep` and `step`) and unknown symbols are `scalar`. */
export function unitType(symbol: string): UnitType {
  return UNIT_SCALE.get(symbol)?.dim ?? 'scalar';
}

/** Each unit's plain name (plural, as a total reads: `30 minutes`); its id is `unit-` and the symbol in lower case, a space as `-`. */
const NAMES: Record<GoalUnit, string> = {
  m: 'meters', kM: 'kilometers', ft: 'feet', yd: 'yards', mi: 'miles', floor: 'floors',
  L: 'liters', mL: 'milliliters', 'fl oz': 'fluid ounces', cup: 'cups',
  sec: 'seconds', min: 'minutes', hr: 'hours', ms: 'milliseconds',
  kg: 'kilograms', g: 'grams', mg: 'milligrams', oz: 'ounces', lb: 'pounds', mcg: 'micrograms',
  J: 'joules', kJ: 'kilojoules', kCal: 'kilocalories', cal: 'calories',
  rep: 'reps', step: 'steps',
};

/** The unit a habit without a goal is counted in, and its name when the habit gives none. */
const COUNT_UNIT: GoalUnit = 'rep';
const COUNT_NAME = 'times';

/** The stable id of a unit: `unit-min`, `unit-km`, `unit-fl-oz` (distinct for the 26 symbols). */
export function unitId(symbol: string): string {
  return `unit-${symbol.toLowerCase().replace(/ /g, '-')}`;
}

/**
 * The statistics `unit` of a habit: its goal's unit, or for a habit without a goal a count (`rep`,
 * `scalar`: any amount logged counts, as a number of times). `name` is the habit's customUnitName
 * when it has one, else the unit's plain name, `times` for a habit without a goal.
 */
export function statisticsUnit(goalUnit: string | null, customUnitName: string | null): StatisticsUnit {
  // A goal's unit is one of the 26: requests and imports are held to them.
  const symbol = (goalUnit ?? COUNT_UNIT) as GoalUnit;
  const own = customUnitName?.trim() ? customUnitName : undefined;
  return { id: unitId(symbol), name: own ?? (goalUnit === null ? COUNT_NAME : NAMES[symbol] ?? symbol), symbol, type: unitType(symbol) };
}
