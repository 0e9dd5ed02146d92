// What the area verbs share: colours as the API wants them.
import { UsageError } from '../../errors.js';
import { flagValue, parseColor as hexColor } from '../../model/grammar.js';

/** The --color flag: `#RRGGBB`, `#RGB`, `#` optional, normalised to `#RRGGBB`. */
export function parseColor(raw: string): string {
  return flagValue('--color', () => hexColor(raw));
}

/** An area name: trimmed, not empty. */
export function parseAreaName(raw: string, what = '<name>'): string {
  const name = raw.trim();
  if (!name) throw new UsageError(`${what} is empty`);
  if (/[\r\n]/.test(name)) throw new UsageError(`${what} must be a single line`);
  return name;
}
