// Unit conversion and the unit type statistics report with each symbol.
import { describe, expect, test } from 'vitest';
import { GOAL_UNITS } from '../../../src/api/types.js';
import { convertUnit, unitType } from '../../../src/server/domain/units.js';

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

  test('units of one type convert into each other, and only they do', () => {
    expect(convertUnit(90, 'min', 'hr')).toBe(1.5);
    expect(convertUnit(1, 'kM', 'm')).toBe(1000);
    expect(convertUnit(1, 'rep', 'step')).toBeNull();
    expect(convertUnit(1, null, 'rep')).toBeNull();
  });
});
