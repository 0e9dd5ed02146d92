// Units as people read them, and which units convert into each other (as the local service converts
// them: docs/local-service.md). Pure.
import { GOAL_UNITS, type GoalUnit, UNIT_SCALE } from '../api/types.js';

/** The symbols a log in `goalUnit` may be written in, or undefined for a unit we do not know. */
export function unitsThatCount(goalUnit: string): GoalUnit[] | undefined {
  const goal = UNIT_SCALE.get(goalUnit);
  if (!goal) return undefined;
  // A count (scalar) converts into no other unit.
  return GOAL_UNITS.filter((u) => (goal.dim === 'scalar' ? u === goalUnit : UNIT_SCALE.get(u)?.dim === goal.dim));
}

/** Whether a value in `unit` counts towards a goal in `goalUnit` (true when the goal's unit is unknown). */
export function converts(unit: string, goalUnit: string): boolean {
  const ok = unitsThatCount(goalUnit);
  return !ok || (ok as readonly string[]).includes(unit);
}

/** `value` in `from` expressed in `to`; null when either is unknown or they measure different things. */
export function convertUnit(value: number, from: string, to: string): number | null {
  if (from === to) return value;
  const a = UNIT_SCALE.get(from);
  const b = UNIT_SCALE.get(to);
  if (!a || !b || a.dim !== b.dim || a.dim === 'scalar') return null;
  return (value * a.factor) / b.factor;
}

/** The wire symbols people spell otherwise: `kM` is written km, `kCal` kcal. */
const HUMAN: Partial<Record<string, string>> = { kM: 'km', kCal: 'kcal' };

/** The counts, which a habit may name (`pages` for rep); a measure (min, km) keeps its own name. */
const COUNTS: readonly string[] = ['rep', 'step', 'floor'];

/** Whether `symbol` is a count (rep, step, floor), which a habit may give a name of its own. */
export function isCount(symbol: string): boolean {
  return COUNTS.includes(symbol);
}

/** The habit's own name for `symbol`, when it has one and the symbol is a count. */
export function ownUnitName(symbol: string, customUnitName?: string | null): string | undefined {
  return customUnitName && isCount(symbol) ? customUnitName : undefined;
}

/**
 * A unit as a person reads it: the habit's own unit name for a count (`pages` for a goal in rep),
 * else the conventional spelling of the symbol (`km`, `kcal`). `--json` keeps the wire value.
 */
export function displayUnit(symbol: string, customUnitName?: string | null): string {
  return ownUnitName(symbol, customUnitName) ?? HUMAN[symbol] ?? symbol;
}

/**
 * The unit of a habit's goal named as the habit names it: its own unit name when it has one, for
 * a count (`glasses` for rep) and for a measure too, where the symbol follows (`glasses (cup)`):
 * the name is what the app shows, the symbol what a glass holds. Else as displayUnit.
 */
export function goalUnitName(symbol: string, customUnitName?: string | null): string {
  const own = customUnitName?.trim();
  if (!own) return displayUnit(symbol);
  return isCount(symbol) || !UNIT_SCALE.has(symbol) ? own : `${own} (${displayUnit(symbol)})`;
}

/** Units as a list for messages, as people spell them: `m, km, ft, …, kcal, cal, rep, step`. */
export function unitList(units: readonly string[] = GOAL_UNITS): string {
  return units.map((u) => displayUnit(u)).join(', ');
}
