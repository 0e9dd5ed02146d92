// Control characters in text the user types or a server sends: what input refuses, and how output
// shows them. A name with a line break breaks a table row, a TSV line and a completion list; one
// with an escape sequence (`\x1b[2J`) would drive the user's terminal. Pure functions.

/**
 * C0 controls (tab and line breaks among them), DEL, C1 controls, U+2028/U+2029; and the invisible
 * characters that make text show other than it is: the bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069: `\u202e` shows what follows backwards), and the
 * zero-width space, word joiner and BOM (U+200B, U+2060, U+FEFF: `Wa\u200blk` looks like `Walk`).
 * The joiners emoji and scripts need (U+200C, U+200D) and the direction marks stay.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };

/** One control character as it is shown: `\n`, `\t`, `\r`, `\x1b`, `\x85`, `\u2028`. */
export function escapeControl(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with its control characters escaped (`New\nline`, `\x1b[2J`), for one line of a
 * terminal; `keep` lists the control characters left as they are (`'\n'` for a block of text).
 */
export function escapeControls(text: string, keep = ''): string {
  return text.replace(CONTROLS, (ch) => (keep.includes(ch) ? ch : escapeControl(ch)));
}

/** Colour codes (SGR: `\x1b[1m`, `\x1b[38;2;1;2;3m`), which our own output writes; nothing else of ESC passes. */
const UNSAFE = /\u001b\[[0-9;:]*m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff]/g;

/**
 * The last guard before text reaches a terminal or a pipe: every control character is escaped but
 * the line breaks, tabs and colour codes our own rendering writes. Whatever a server sent can then
 * move the cursor, clear the screen or retitle the window no more; names are escaped whole where
 * they are rendered (escapeControls), so their line breaks and tabs show too.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (m) => (m.length > 1 ? m : escapeControl(m)));
}

function describe(ch: string): string {
  if (ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029') return `a line break (${escapeControl(ch)})`;
  if (ch === '\t') return 'a tab (\\t)';
  if (ch === '\u001b') return 'an escape character (\\x1b)';
  if (/[\u202a-\u202e\u2066-\u2069]/.test(ch)) return `a bidirectional control (${escapeControl(ch)}), which would show the text out of order`;
  if (/[\u200b\u2060\ufeff]/.test(ch)) return `an invisible character (${escapeControl(ch)})`;
  return `a control character (${escapeControl(ch)})`;
}

/**
 * What is wrong with `text` for a field shown on one line (a name, an icon, a unit name), or for a
 * block of text with `lines` (a description: line breaks and tabs allowed); undefined when nothing.
 * `what` names the field: `the habit name contains a line break (\n); it must be one line of
 * printable text`.
 */
export function controlProblem(text: string, what: string, lines = false): string | undefined {
  for (const ch of text) {
    if (!CONTROL.test(ch)) continue;
    if (lines && (ch === '\n' || ch === '\r' || ch === '\t')) continue;
    return lines
      ? `${what} contains ${describe(ch)}; line breaks and tabs are its only control characters`
      : `${what} contains ${describe(ch)}; it must be one line of printable text`;
  }
  return undefined;
}
