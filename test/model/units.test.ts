// Units as people read them, and which units count towards a goal.
import { describe, expect, it } from 'vitest';
import { GOAL_UNITS } from '../../src/api/types.js';
import { converts, convertUnit, displayUnit, ownUnitName, unitsThatCount } from '../../src/model/units.js';

describe('units', () => {
  it('spells kM and kCal as people do, and leaves the other symbols alone', () => {
    expect(GOAL_UNITS.map((u) => displayUnit(u)).filter((d, i) => d !== GOAL_UNITS[i])).toEqual(['km', 'kcal']);
  });

  it("shows a habit's own unit name for a count only", () => {
    expect(displayUnit('rep', 'pages')).toBe('pages');
    expect(displayUnit('step', 'paces')).toBe('paces');
    expect(displayUnit('min', 'laps')).toBe('min');
    expect(ownUnitName('kM', 'laps')).toBeUndefined();
    expect(displayUnit('rep', null)).toBe('rep');
  });

  it('converts within a dimension only; a count converts to itself alone', () => {
    expect(unitsThatCount('min')).toEqual(['sec', 'min', 'hr', 'ms']);
    expect(unitsThatCount('kCal')).toEqual(['J', 'kJ', 'kCal', 'cal']);
    expect(unitsThatCount('rep')).toEqual(['rep']);
    expect(converts('mL', 'cup')).toBe(true);
    expect(converts('kM', 'min')).toBe(false);
    expect(converts('step', 'rep')).toBe(false);
    // A goal unit we do not know (another server's) refuses nothing.
    expect(unitsThatCount('parsec')).toBeUndefined();
    expect(converts('kM', 'parsec')).toBe(true);
  });
});

describe('convertUnit', () => {
  it('converts within a kind, both ways, and refuses across kinds or unknown symbols', () => {
    expect(convertUnit(90, 'min', 'hr')).toBe(1.5);
    expect(convertUnit(1.5, 'hr', 'min')).toBe(90);
    expect(convertUnit(2, 'cup', 'mL')).toBeCloseTo(473.176473, 6);
    expect(convertUnit(1, 'kCal', 'cal')).toBe(1000);
    expect(convertUnit(5, 'rep', 'rep')).toBe(5);
    expect(convertUnit(5, 'rep', 'step')).toBeNull();
    expect(convertUnit(5, 'min', 'kM')).toBeNull();
    // Names of Object.prototype are not units.
    expect(convertUnit(5, 'constructor', 'toString')).toBeNull();
    expect(convertUnit(5, 'min', '__proto__')).toBeNull();
  });

  it('every unit round-trips through every unit of its kind', () => {
    for (const a of GOAL_UNITS) {
      for (const b of unitsThatCount(a) ?? []) expect(convertUnit(convertUnit(7, a, b)!, b, a)).toBeCloseTo(7, 9);
    }
  });
});
