// The one TSV rule of piped output, and timestamps in the user's zone.
import { describe, expect, it } from 'vitest';
import { toTsv, tsvCell } from '../../src/output/plain.js';
import { formatTimestamp } from '../../src/output/time.js';

/** Reads a cell back: the inverse of tsvCell. */
const unescape = (cell: string) =>
  cell.replace(/\\([\\tnr]|x[0-9a-f]{2}|u[0-9a-f]{4})/g, (_, c: string) =>
    c.length > 1 ? String.fromCharCode(parseInt(c.slice(1), 16)) : ({ '\\': '\\', t: '\t', n: '\n', r: '\r' })[c]!);

describe('tsvCell', () => {
  it('escapes backslash, tab, newline and carriage return, every other control character, and nothing else', () => {
    expect(tsvCell('a\nb\r\nc\td\\')).toBe('a\\nb\\r\\nc\\td\\\\');
    expect(tsvCell('Clear\u001b[2J\u0007\u007f\u009b\u2028\u0000')).toBe('Clear\\x1b[2J\\x07\\x7f\\x9b\\u2028\\x00');
    expect(tsvCell('plain: text, "quoted" é 🙂')).toBe('plain: text, "quoted" é 🙂');
    expect(tsvCell(null)).toBe('');
    expect(tsvCell(undefined)).toBe('');
    expect(tsvCell(2.5)).toBe('2.5');
  });

  it('loses nothing: every cell reads back exactly, and a row stays one line', () => {
    for (const text of ['a\\nb', 'tab\there', '\\\\\n', 'x\\', '\r\n\r', 'back\\slash\tand\nnewline', 'esc\u001b[2J', 'a\\x1b', 'sep\u2028\u0085']) {
      expect(unescape(tsvCell(text))).toBe(text);
    }
    const line = toTsv([['one\ttwo', 'three\nfour']]);
    expect(line).toBe('one\\ttwo\tthree\\nfour\n');
    expect(line.slice(0, -1).split('\t').map(unescape)).toEqual(['one\ttwo', 'three\nfour']);
  });
});

describe('formatTimestamp', () => {
  it('shows the date and the minute in the zone, 24-hour', () => {
    expect(formatTimestamp('2026-11-22T15:05:00Z', 'Asia/Tokyo')).toBe('2026-11-23 00:05');
    expect(formatTimestamp('2026-11-22T00:00:00Z', 'America/Los_Angeles')).toBe('2026-11-21 16:00');
    expect(formatTimestamp('2026-11-22T12:00:00Z', 'UTC')).toBe('2026-11-22 12:00');
    expect(formatTimestamp('not a date', 'UTC')).toBe('not a date');
    expect(formatTimestamp(null, 'UTC')).toBe('');
  });
});
