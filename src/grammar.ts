// The grammar every command's flags share: errors that read after a flag's name, and the values
// several nouns take (hex colours, unit symbols). Pure functions.
import { GOAL_UNITS, type GoalUnit } from './api/types.js';
import { CliError, UsageError } from './errors.js';

/** A value that does not fit its grammar; the message names no flag. */
export class GrammarError extends Error {
  override name = 'GrammarError';
}

/** Throws a GrammarError. */
export const fail = (message: string): never => {
  throw new GrammarError(message);
};

/** Runs a parser for a prompt: true when `value` parses, else the message to show. */
export function check(parse: () => unknown): true | string {
  try {
    parse();
    return true;
  } catch (err) {
    if (err instanceof GrammarError || err instanceof CliError) return err.message;
    throw err;
  }
}

/** Runs one flag's parser, naming the flag in the error (exit 2). */
export function flagValue<T>(flag: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof GrammarError) throw new UsageError(`${flag}: ${err.message}`);
    if (err instanceof CliError && !err.message.startsWith('--')) throw new UsageError(`${flag}: ${err.message}`, err.hint);
    throw err;
  }
}

/** `#RRGGBB`, `#RGB`, with or without `#` → `#RRGGBB` in capitals. */
export function parseColor(value: string): string {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return fail(`"${value}" is not a hex colour (use #RRGGBB or #RGB; the # is optional)`);
  const hex = m[1]!.length === 3 ? [...m[1]!].map((ch) => ch + ch).join('') : m[1]!;
  return `#${hex.toUpperCase()}`;
}

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

/** The canonical symbol of a unit written in any case (`km` → `kM`), or undefined. */
export function canonicalUnit(value: string): GoalUnit | undefined {
  return UNIT_BY_LOWER.get(value.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** A unit symbol typed in any case (`km` → `kM`) or a friendly word (`minutes` → `min`). */
export function parseUnit(value: string): GoalUnit {
  const unit = canonicalUnit(value) ?? UNIT_ALIASES[value.trim().replace(/\s+/g, ' ').toLowerCase()];
  return unit ?? fail(`unknown unit "${value.trim()}" (use one of ${GOAL_UNITS.join(', ')})`);
}

/** Commander's accumulator for a repeatable option: `--area A --area B` → `['A', 'B']`. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
