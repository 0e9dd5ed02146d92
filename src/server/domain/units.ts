// Unit conversion between the spec's goal units. Units of one dimension convert into each other;
// `floor`, `rep` and `step` stand alone. A log in a unit that does not convert to the goal's unit
// is kept but does not count towards the goal.

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

/** The `type` of a unit as statistics report it (`{symbol, type}`), by dimension. */
export type UnitType = 'duration' | 'length' | 'volume' | 'mass' | 'energy' | 'scalar';

const TYPE_OF_DIMENSION: Record<string, UnitType> = { time: 'duration', distance: 'length', volume: 'volume', mass: 'mass', energy: 'energy' };

/**
 * The unit type of a symbol: its dimension in the words production uses (`duration`, `mass`,
 * `energy` and `scalar` are seen in clients' fixtures; `length` and `volume` are ours for the other
 * two). Counts (`floor`, `rep`, `step`) and unknown symbols are `scalar`.
 */
export function unitType(symbol: string): UnitType {
  const dim = FACTORS[symbol]?.dim;
  return (dim !== undefined ? TYPE_OF_DIMENSION[dim] : undefined) ?? 'scalar';
}
