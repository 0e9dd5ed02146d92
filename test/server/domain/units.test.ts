// The unit type statistics report with each symbol (conversion is tested with the calendar rules).
import { describe, expect, test } from 'vitest';
import { GOAL_UNITS } from '../../../src/api/types.js';
import { statisticsUnit, unitType } from '../../../src/server/domain/units.js';

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

describe('statisticsUnit', () => {
  test('gives each of the 26 symbols its own stable id and a plain name', () => {
    const units = GOAL_UNITS.map((symbol) => statisticsUnit(symbol, null));
    expect(Object.fromEntries(units.map((u) => [u.symbol, `${u.id} ${u.name}`]))).toEqual({
      m: 'unit-m meters', kM: 'unit-km kilometers', ft: 'unit-ft feet', yd: 'unit-yd yards', mi: 'unit-mi miles', floor: 'unit-floor floors',
      L: 'unit-l liters', mL: 'unit-ml milliliters', 'fl oz': 'unit-fl-oz fluid ounces', cup: 'unit-cup cups',
      sec: 'unit-sec seconds', min: 'unit-min minutes', hr: 'unit-hr hours', ms: 'unit-ms milliseconds',
      kg: 'unit-kg kilograms', g: 'unit-g grams', mg: 'unit-mg milligrams', oz: 'unit-oz ounces', lb: 'unit-lb pounds', mcg: 'unit-mcg micrograms',
      J: 'unit-j joules', kJ: 'unit-kj kilojoules', kCal: 'unit-kcal kilocalories', cal: 'unit-cal calories', rep: 'unit-rep reps', step: 'unit-step steps',
    });
    expect(new Set(units.map((u) => u.id)).size).toBe(GOAL_UNITS.length);
    expect(units.every((u) => u.type === unitType(u.symbol))).toBe(true);
  });

  test('the habit\'s customUnitName names it; without a goal it is a count, `times` unless named', () => {
    expect(statisticsUnit('min', 'minutes of practice')).toEqual({ id: 'unit-min', name: 'minutes of practice', symbol: 'min', type: 'duration' });
    expect(statisticsUnit(null, null)).toEqual({ id: 'unit-rep', name: 'times', symbol: 'rep', type: 'scalar' });
    expect(statisticsUnit(null, 'glasses')).toEqual({ id: 'unit-rep', name: 'glasses', symbol: 'rep', type: 'scalar' });
    expect(statisticsUnit('rep', '')).toEqual({ id: 'unit-rep', name: 'reps', symbol: 'rep', type: 'scalar' });
  });
});
