// Control characters in text the user types or a server sends: what input refuses, and how output
// shows them. A name with a line break breaks a table row, a TSV line and a completion list; one
// with an escape sequence (`\x1b[2J`) would drive the user's terminal. Pure functions.

/** C0 controls (tab and line breaks among them), DEL, C1 controls, and U+2028/U+2029. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
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
const UNSAFE = /\u001b\[[0-9;:]*m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

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
