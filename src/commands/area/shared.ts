// What the area verbs share: colours as the API wants them.
import { UsageError } from '../../errors.js';

/** A hex colour, `#` optional, 3 or 6 digits, as `#RRGGBB` upper-case (`4a9` is `#44AA99`). */
export function parseColor(raw: string, flag = '--color'): string {
  const hex = raw.trim().replace(/^#/, '');
  if (!/^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) {
    throw new UsageError(`${flag}: "${raw}" is not a hex colour`, 'use #RRGGBB or #RGB, e.g. --color "#4A90E2" (the # is optional)');
  }
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
  return `#${full.toUpperCase()}`;
}

/** An area name: trimmed, not empty. */
export function parseAreaName(raw: string, what = '<name>'): string {
  const name = raw.trim();
  if (!name) throw new UsageError(`${what} is empty`);
  if (/[\r\n]/.test(name)) throw new UsageError(`${what} must be a single line`);
  return name;
}
