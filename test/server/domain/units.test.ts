// The unit type statistics report with each symbol (conversion is tested with the calendar rules).
import { describe, expect, test } from 'vitest';
import { GOAL_UNITS } from '../../../src/api/types.js';
import { unitType } from '../../../src/server/domain/units.js';

describe('unitType', () => {
  test('gives each of the 26 symbols the type of its dimension; counts are scalar', () => {
    const byType: Record<string, string[]> = {};
    for (const symbol of GOAL_UNITS) (byType[unitType(symbol)] ??= []).push(symbol);
    expect(byType).toEqual({
      length: ['m', 'kM', 'ft', 'yd', 'mi'],
      scalar: ['floor', 'rep', 'step'],
      volume: ['L', 'mL', 'fl oz', 'cup'],
      duration: ['sec', 'min', 'hr', 'ms'],
      mass: ['kg', 'g', 'mg', 'oz', 'lb', 'mcg'],
      energy: ['J', 'kJ', 'kCal', 'cal'],
    });
    expect(unitType('parsec')).toBe('scalar');
  });
});
