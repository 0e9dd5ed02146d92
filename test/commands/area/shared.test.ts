// What the area verbs share (src/commands/area/shared.ts): colours and names as the API wants them.
import { describe, expect, it } from 'vitest';
import { parseAreaName, parseColor } from '../../../src/commands/area/shared.js';
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
  it('trims, and refuses an empty or multi-line name naming the argument', () => {
    expect(parseAreaName('  Health ')).toBe('Health');
    expect(() => parseAreaName('  ')).toThrow(new UsageError('<name> is empty'));
    expect(() => parseAreaName('a\nb', '--name')).toThrow(new UsageError('--name must be a single line'));
  });
});
