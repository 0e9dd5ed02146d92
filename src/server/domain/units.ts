// Unit conversion between the spec's goal units. Units of one dimension convert into each other;
// `floor`, `rep` and `step` stand alone. A log in a unit that does not convert to the goal's unit
// is kept but does not count towards the goal.
import type { GoalUnit, StatisticsUnit, UnitType } from '../../api/types.js';

const FACTORS: Record<string, { dim: string; factor: number }> = {
  // time, in seconds
  ms: { dim: 'time', factor: 0.001 },
  sec: { dim: 'time', factor: 1 },
  min: { dim: 'time', factor: 60 },
  hr: { dim: 'time', factor: 3600 },
  // distance, in metres
  m: { dim: 'distance', factor: 1 },
  kM: { dim: 'distance', factor: 1000 },
  ft: { dim: 'distance', factor: 0.3048 },
  yd: { dim: 'distance', factor: 0.9144 },
  mi: { dim: 'distance', factor: 1609.344 },
  // volume, in litres (US customary fluid ounce and cup)
  L: { dim: 'volume', factor: 1 },
  mL: { dim: 'volume', factor: 0.001 },
  'fl oz': { dim: 'volume', factor: 0.0295735295625 },
  cup: { dim: 'volume', factor: 0.2365882365 },
  // mass, in kilograms
  kg: { dim: 'mass', factor: 1 },
  g: { dim: 'mass', factor: 0.001 },
  mg: { dim: 'mass', factor: 1e-6 },
  mcg: { dim: 'mass', factor: 1e-9 },
  oz: { dim: 'mass', factor: 0.028349523125 },
  lb: { dim: 'mass', factor: 0.45359237 },
  // energy, in joules (thermochemical calorie; kCal is the food Calorie)
  J: { dim: 'energy', factor: 1 },
  kJ: { dim: 'energy', factor: 1000 },
  cal: { dim: 'energy', factor: 4.184 },
  kCal: { dim: 'energy', factor: 4184 },
  // counts
  floor: { dim: 'floor', factor: 1 },
  rep: { dim: 'rep', factor: 1 },
  step: { dim: 'step', factor: 1 },
};

/** `value` expressed in `to`, or null when the units are of different dimensions (or unknown). */
export function convertUnit(value: number, from: string | null, to: string): number | null {
  if (from === to) return value;
  if (from === null) return null;
  const a = FACTORS[from];
  const b = FACTORS[to];
  if (!a || !b || a.dim !== b.dim) return null;
  return (value * a.factor) / b.factor;
}

const TYPE_OF_DIMENSION: Record<string, UnitType> = { time: 'duration', distance: 'length', volume: 'volume', mass: 'mass', energy: 'energy' };

/**
 * The unit type of a symbol: its dimension in the words production uses (`duration`, `mass`,
 * `energy` and `scalar` are seen in clients' fixtures; `length` and `volume` are ours for the other
 * two). Counts (`floor`, `rep` and `step`) and unknown symbols are `scalar`.
 */
export function unitType(symbol: string): UnitType {
  const dim = FACTORS[symbol]?.dim;
  return (dim !== undefined ? TYPE_OF_DIMENSION[dim] : undefined) ?? 'scalar';
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
