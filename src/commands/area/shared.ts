// What the area verbs share: colours as the API wants them, and as a terminal shows them.
import { UsageError } from '../../errors.js';
import { flagValue, parseColor as hexColor } from '../../model/grammar.js';
import type { ChalkInstance } from '../../output/color.js';
import { controlProblem } from '../../model/text.js';
import type { Cell } from '../../output/table.js';

/** The --color flag: `#RRGGBB`, `#RGB`, `#` optional, normalised to `#RRGGBB`. */
export function parseColor(raw: string): string {
  return flagValue('--color', () => hexColor(raw));
}

/** An area name: trimmed, not empty, one line of printable text. */
export function parseAreaName(raw: string, what = '<name>'): string {
  const name = raw.trim();
  if (!name) throw new UsageError(`${what} is empty`);
  const problem = controlProblem(name, 'the area name');
  if (problem) throw new UsageError(what === '<name>' ? problem : `${what}: ${problem}`);
  return name;
}

/** The --icon flag: trimmed, one line of printable text. */
export function parseAreaIcon(raw: string): string {
  const icon = raw.trim();
  const problem = controlProblem(icon, 'the icon');
  if (problem) throw new UsageError(`--icon: ${problem}`);
  return icon;
}

/** A swatch in the colour before its code, for a terminal (a code that is not #rrggbb stays as it is). */
export function colorCell(hex: string | null | undefined, c: ChalkInstance): Cell {
  const code = hex ?? '';
  if (!/^#[0-9a-f]{6}$/i.test(code)) return code;
  return { plain: `● ${code}`, styled: `${c.hex(code)('●')} ${code}` };
}

