// Control characters: what input refuses (controlProblem) and how output shows them.
import { describe, expect, it } from 'vitest';
import { controlProblem, escapeControls, terminalSafe } from '../../src/model/text.js';

describe('escapeControls', () => {
  it('escapes C0, DEL, C1 and the Unicode line separators, and nothing else', () => {
    expect(escapeControls('New\nline\tand\r')).toBe('New\\nline\\tand\\r');
    expect(escapeControls('Clear\u001b[2J\u0007\u0000')).toBe('Clear\\x1b[2J\\x07\\x00');
    expect(escapeControls('Del\u007f Csi\u009b2J Nel\u0085')).toBe('Del\\x7f Csi\\x9b2J Nel\\x85');
    expect(escapeControls('Line\u2028para\u2029')).toBe('Line\\u2028para\\u2029');
    expect(escapeControls('plain é 🙂 👨‍👩‍👧 back\\slash')).toBe('plain é 🙂 👨‍👩‍👧 back\\slash');
  });

  it('escapes what makes text show other than it is: bidi controls, zero-width space, word joiner, BOM', () => {
    expect(escapeControls('Virus\u202etxt.exe')).toBe('Virus\\u202etxt.exe');
    expect(escapeControls('a\u202ab\u202bc\u202cd\u202de\u2066f\u2067g\u2068h\u2069')).toBe('a\\u202ab\\u202bc\\u202cd\\u202de\\u2066f\\u2067g\\u2068h\\u2069');
    expect(escapeControls('Wa\u200blk\u2060\ufeff')).toBe('Wa\\u200blk\\u2060\\ufeff');
    // The joiners (emoji, Persian) and the direction marks are text, kept.
    expect(escapeControls('👨\u200d👩 می\u200cخواهم \u200eA\u200f')).toBe('👨\u200d👩 می\u200cخواهم \u200eA\u200f');
  });

  it('keeps the characters asked for', () => {
    expect(escapeControls('one\ntwo\t\u001b', '\n\t')).toBe('one\ntwo\t\\x1b');
  });
});

describe('terminalSafe', () => {
  it('keeps line breaks, tabs and colour codes; escapes every other control character', () => {
    expect(terminalSafe('\u001b[1mbold\u001b[22m\n\ta\u001b[38;2;1;2;3mb\u001b[39m')).toBe('\u001b[1mbold\u001b[22m\n\ta\u001b[38;2;1;2;3mb\u001b[39m');
    expect(terminalSafe('x\u001b[2J\u001b[H\u001b]0;title\u0007\r\u009b2J\u2028')).toBe('x\\x1b[2J\\x1b[H\\x1b]0;title\\x07\\r\\x9b2J\\u2028');
    expect(terminalSafe('a\u202eb\u200bc\u200dd')).toBe('a\\u202eb\\u200bc\u200dd');
  });
});

describe('controlProblem', () => {
  it('names the first control character of a one-line field, and how it is written', () => {
    expect(controlProblem('Walk', 'the name')).toBeUndefined();
    expect(controlProblem('New\nline', 'the name')).toBe('the name contains a line break (\\n); it must be one line of printable text');
    expect(controlProblem('a\u2029b', 'the name')).toBe('the name contains a line break (\\u2029); it must be one line of printable text');
    expect(controlProblem('a\tb', 'the name')).toBe('the name contains a tab (\\t); it must be one line of printable text');
    expect(controlProblem('a\u001bb', 'the icon')).toBe('the icon contains an escape character (\\x1b); it must be one line of printable text');
    expect(controlProblem('a\u0085b', 'the name')).toBe('the name contains a control character (\\x85); it must be one line of printable text');
    expect(controlProblem('Virus\u202etxt.exe', 'the name')).toBe('the name contains a bidirectional control (\\u202e), which would show the text out of order; it must be one line of printable text');
    expect(controlProblem('Wa\u200blk', 'the name')).toBe('the name contains an invisible character (\\u200b); it must be one line of printable text');
    expect(controlProblem('Family 👨\u200d👩\u200d👧', 'the name')).toBeUndefined();
  });

  it('lets a block of text keep its line breaks and tabs', () => {
    expect(controlProblem('one\r\ntwo\n\tthree', 'the description', true)).toBeUndefined();
    expect(controlProblem('one\n\u0007', 'the description', true)).toBe('the description contains a control character (\\x07); line breaks and tabs are its only control characters');
  });
});
