// What the area verbs share: colours as the API wants them, and as a terminal shows them.
import { UsageError } from '../../errors.js';
import { flagValue, parseColor as hexColor } from '../../model/grammar.js';
import type { ChalkInstance } from '../../output/color.js';
import type { Cell } from '../../output/table.js';

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

/** A swatch in the colour before its code, for a terminal (a code that is not #rrggbb stays as it is). */
export function colorCell(hex: string | null | undefined, c: ChalkInstance): Cell {
  const code = hex ?? '';
  if (!/^#[0-9a-f]{6}$/i.test(code)) return code;
  return { plain: `● ${code}`, styled: `${c.hex(code)('●')} ${code}` };
}

