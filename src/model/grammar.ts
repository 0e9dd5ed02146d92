// The grammar every command's flags share: errors that read after a flag's name, and the values
// several nouns take (hex colours, unit symbols). Pure functions.
import { GOAL_UNITS, type GoalUnit } from '../api/types.js';
import { CliError, UsageError } from '../errors.js';
import { unitList } from './units.js';

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

/** Runs one flag's parser, naming the flag in a grammar error (exit 2); other errors pass as they are. */
export function flagValue<T>(flag: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof GrammarError) throw new UsageError(`${flag}: ${err.message}`);
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

/**
 * Each unit in words: the first is its name in prompts (`min (minutes)`), every one is also
 * accepted where a unit is typed (`30 minutes`).
 */
const UNIT_WORDS: Record<GoalUnit, readonly [string, ...string[]]> = {
  m: ['metres', 'metre', 'meter', 'meters'], kM: ['kilometres', 'kilometre', 'kilometer', 'kilometers'],
  ft: ['feet', 'foot'], yd: ['yards', 'yard'], mi: ['miles', 'mile'], floor: ['floors'],
  L: ['litres', 'litre', 'liter', 'liters'], mL: ['millilitres', 'millilitre', 'milliliter', 'milliliters'],
  'fl oz': ['fluid ounces', 'fluid ounce', 'floz'], cup: ['cups'],
  sec: ['seconds', 'second', 'secs', 's'], min: ['minutes', 'minute', 'mins'], hr: ['hours', 'hour', 'hrs', 'h'],
  ms: ['milliseconds', 'millisecond'], kg: ['kilograms', 'kilogram', 'kgs'], g: ['grams', 'gram'],
  mg: ['milligrams', 'milligram'], oz: ['ounces', 'ounce'], lb: ['pounds', 'pound', 'lbs'],
  mcg: ['micrograms', 'microgram', 'ug', 'µg'], J: ['joules', 'joule'], kJ: ['kilojoules', 'kilojoule'],
  kCal: ['kilocalories', 'kilocalorie'], cal: ['calories', 'calorie'],
  rep: ['repetitions', 'repetition', 'reps', 'times'], step: ['steps'],
};
const UNIT_ALIASES = new Map<string, GoalUnit>(
  GOAL_UNITS.flatMap((u) => UNIT_WORDS[u].map((word): [string, GoalUnit] => [word, u])),
);

/** A unit symbol in words: `min` → `minutes`. */
export function unitName(unit: GoalUnit): string {
  return UNIT_WORDS[unit][0];
}

// The 26 symbols differ even ignoring case, so a case-insensitive match is never ambiguous.
const UNIT_BY_LOWER = new Map<string, GoalUnit>(GOAL_UNITS.map((u) => [u.toLowerCase(), u]));

/** The canonical symbol of a unit written in any case (`km` → `kM`), or undefined. */
export function canonicalUnit(value: string): GoalUnit | undefined {
  return UNIT_BY_LOWER.get(value.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** A unit symbol in any case (`km` → `kM`) or a friendly word (`minutes`, `h`), or undefined. */
export function knownUnit(value: string): GoalUnit | undefined {
  return canonicalUnit(value) ?? UNIT_ALIASES.get(value.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** A unit symbol typed in any case (`km` → `kM`) or a friendly word (`minutes` → `min`). */
export function parseUnit(value: string): GoalUnit {
  const unit = knownUnit(value);
  return unit ?? fail(`unknown unit "${value.trim()}" (use one of ${unitList()})`);
}

/** Commander's accumulator for a repeatable option: `--area A --area B` → `['A', 'B']`. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
