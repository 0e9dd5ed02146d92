// Piped output: tab-separated rows, no colour, no box drawing.
import { escapeControl } from '../model/text.js';

/**
 * One cell made safe for a TSV line: backslash, tab, newline and carriage return are written `\\`,
 * `\t`, `\n`, `\r` (as in PostgreSQL's text format), every other control character `\x1b`,
 * `\x7f`, `\u2028`, so a cell stays on its line, drives no terminal, and reads back exactly.
 */
export function tsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // eslint-disable-next-line no-control-regex
  return String(value).replace(/[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (ch) => (ch === '\\' ? '\\\\' : escapeControl(ch)));
}

/** Rows as tab-separated lines, each ending with a newline. */
export function toTsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(tsvCell).join('\t') + '\n').join('');
}

/** Strips ANSI escape sequences (for width math and for plain sinks). */
export function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]|\u001b\][^\u0007]*\u0007/g, '');
}

/** Measures plain text in terminal columns. */
type Measure = (text: string) => number;
let measured: Measure | undefined;

/**
 * Loads string-width, which knows emoji (ZWJ sequences such as 👨‍👩‍👧, flags, 🧘‍♀️), East Asian
 * wide characters and combining marks, as cli-table3 does: its columns and ours then agree. It
 * loads when something is drawn for a terminal (Output awaits this first), never for a pipe or
 * `habits log done`; until then displayWidth estimates.
 */
export async function loadDisplayWidth(): Promise<void> {
  measured ??= (await import('string-width')).default;
}

/** Display width of text: ANSI codes do not count, wide characters and emoji count 2. */
export function displayWidth(text: string): number {
  const plain = stripAnsi(text);
  return measured ? measured(plain) : estimatedWidth(plain);
}

/** The estimate before string-width loads: a character after a zero-width joiner counts 0. */
function estimatedWidth(text: string): number {
  let width = 0;
  let joined = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x200d) {
      joined = true;
      continue;
    }
    if (joined || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x300 && cp <= 0x36f)) {
      joined = false;
      continue;
    }
    width += isWide(cp) ? 2 : 1;
  }
  return width;
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/**
 * Cuts plain text to `width` display columns, ending with `…` when cut. It cuts between user-
 * perceived characters (graphemes), never inside an emoji sequence or before a combining mark.
 */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 1) return width === 1 ? '…' : '';
  let out = '';
  let used = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return out + '…';
}
