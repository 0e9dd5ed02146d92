// What the area verbs share (src/commands/area/shared.ts): colours and names as the API wants them.
import { describe, expect, it } from 'vitest';
import { parseAreaIcon, parseAreaName, parseColor } from '../../../src/commands/area/shared.js';
import { UsageError } from '../../../src/errors.js';

describe('parseColor', () => {
  it('normalises colours', () => {
    expect(parseColor('#abc')).toBe('#AABBCC');
    expect(parseColor('4A90e2')).toBe('#4A90E2');
    expect(() => parseColor('#ggg')).toThrow('not a hex colour');
    expect(() => parseColor('')).toThrow('not a hex colour');
  });
});

describe('parseAreaName', () => {
  it('trims, and refuses an empty name, or one with a control character, naming the flag', () => {
    expect(parseAreaName('  Health ')).toBe('Health');
    expect(() => parseAreaName('  ')).toThrow(new UsageError('<name> is empty'));
    expect(() => parseAreaName('a\nb', '--name')).toThrow(new UsageError('--name: the area name contains a line break (\\n); it must be one line of printable text'));
    expect(() => parseAreaName('a\tb')).toThrow(new UsageError('the area name contains a tab (\\t); it must be one line of printable text'));
    expect(() => parseAreaName('a\u001b[2Jb')).toThrow(new UsageError('the area name contains an escape character (\\x1b); it must be one line of printable text'));
    expect(() => parseAreaName('a\u007fb')).toThrow(new UsageError('the area name contains a control character (\\x7f); it must be one line of printable text'));
    expect(() => parseAreaName('a\u0085b')).toThrow(new UsageError('the area name contains a control character (\\x85); it must be one line of printable text'));
    expect(() => parseAreaName('a\u2028b')).toThrow(new UsageError('the area name contains a line break (\\u2028); it must be one line of printable text'));
  });
});

describe('parseAreaIcon', () => {
  it('trims, and refuses a control character', () => {
    expect(parseAreaIcon(' 💼 ')).toBe('💼');
    expect(() => parseAreaIcon('💼\u0007')).toThrow(new UsageError('--icon: the icon contains a control character (\\x07); it must be one line of printable text'));
  });
});
