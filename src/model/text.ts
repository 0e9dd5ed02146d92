// Control characters in text the user types or a server sends: what input refuses, and how output
// shows them. A name with a line break breaks a table row, a TSV line and a completion list; one
// with an escape sequence (`\x1b[2J`) would drive the user's terminal. Pure functions.

/** Bidirectional embeddings, overrides and isolates: `\u202e` shows what follows backwards. */
const BIDI = '\\u202a-\\u202e\\u2066-\\u2069';
/** The zero-width space, word joiner and BOM: `Wa\u200blk` looks like `Walk`. */
const INVISIBLE = '\\u200b\\u2060\\ufeff';

/**
 * C0 controls (tab and line breaks among them), DEL, C1 controls, U+2028/U+2029; and the invisible
 * characters that make text show other than it is (BIDI, INVISIBLE). The joiners emoji and scripts
 * need (U+200C, U+200D) and the direction marks stay.
 */
const CONTROL = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI}${INVISIBLE}]`);
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
const UNSAFE = new RegExp(`\\u001b\\[[0-9;:]*m|[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI}${INVISIBLE}]`, 'g');

/**
 * The last guard before text reaches a terminal or a pipe: every control character is escaped but
 * the line breaks, tabs and colour codes our own rendering writes. Whatever a server sent can then
 * move the cursor, clear the screen or retitle the window no more; names are escaped whole where
 * they are rendered (escapeControls), so their line breaks and tabs show too.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (m) => (m.length > 1 ? m : escapeControl(m)));
}

/** What JSON.stringify leaves raw but a terminal would act on: DEL, C1, U+2028/U+2029, BIDI, INVISIBLE. */
const JSON_RAW = new RegExp(`[\\u007f-\\u009f\\u2028\\u2029${BIDI}${INVISIBLE}]`, 'g');

/** JSON text with those characters written as `\u` escapes (JSON already escapes C0): the same data. */
export function escapeJsonText(json: string): string {
  return json.replace(JSON_RAW, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const BIDI_CHAR = new RegExp(`[${BIDI}]`);
const INVISIBLE_CHAR = new RegExp(`[${INVISIBLE}]`);

/** The first control character of `text` (line breaks, escapes, bidi and invisible ones), if any. */
export function firstControl(text: string): string | undefined {
  for (const ch of text) if (CONTROL.test(ch)) return ch;
  return undefined;
}

/** A control character in words: `a line break (\n)`, `an escape character (\x1b)`. */
export function describeControl(ch: string): string {
  if (ch === '\n' || ch === '\r' || ch === '\u2028' || ch === '\u2029') return `a line break (${escapeControl(ch)})`;
  if (ch === '\t') return 'a tab (\\t)';
  if (ch === '\u001b') return 'an escape character (\\x1b)';
  if (BIDI_CHAR.test(ch)) return `a bidirectional control (${escapeControl(ch)}), which would show the text out of order`;
  if (INVISIBLE_CHAR.test(ch)) return `an invisible character (${escapeControl(ch)})`;
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
      ? `${what} contains ${describeControl(ch)}; line breaks and tabs are its only control characters`
      : `${what} contains ${describeControl(ch)}; it must be one line of printable text`;
  }
  return undefined;
}
