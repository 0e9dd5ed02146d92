// The periods of the day as the client knows them: learned ones plus morning, afternoon and evening,
// unless the server has shown ids of its own for those.
import { describe, expect, it } from 'vitest';
import { findPeriod, withDayPeriods } from '../../src/model/time-of-day.js';

describe('withDayPeriods', () => {
  it('knows the three periods of the day before any habit uses one, in the order of the day', () => {
    expect([...withDayPeriods(new Map())]).toEqual([['morning', 'Morning'], ['afternoon', 'Afternoon'], ['evening', 'Evening']]);
    expect([...withDayPeriods(new Map([['evening', 'Evening'], ['night', 'Night'], ['morning', 'Morning']]))]).toEqual([
      ['morning', 'Morning'], ['afternoon', 'Afternoon'], ['evening', 'Evening'], ['night', 'Night'],
    ]);
  });

  it('a server with ids of its own: only what it has shown', () => {
    const known = withDayPeriods(new Map([['-Nev', 'Evening'], ['-Nmo', 'Morning']]));
    expect([...known]).toEqual([['-Nmo', 'Morning'], ['-Nev', 'Evening']]);
    expect(findPeriod(known, 'morning')).toBe('-Nmo');
    expect(findPeriod(known, 'afternoon')).toBeUndefined();
  });
});

describe('findPeriod', () => {
  const known = withDayPeriods(new Map());
  it('finds a period by id, or by name or id in any case', () => {
    expect(['afternoon', 'Afternoon', 'AFTERNOON', 'aFtErNoOn'].map((r) => findPeriod(known, r))).toEqual(['afternoon', 'afternoon', 'afternoon', 'afternoon']);
    expect(findPeriod(known, 'EVENING')).toBe('evening');
    expect(findPeriod(known, 'siesta')).toBeUndefined();
  });
});
