// The facts a log write checks, read tolerantly from a habit, and whether a log on a day counts.
import { describe, expect, it } from 'vitest';
import type { Habit } from '../../src/api/types.js';
import { countsOn, dueOn, factsOf, periodOf, type HabitFacts } from '../../src/model/habit-facts.js';

describe('factsOf', () => {
  it('reads what it can and leaves odd fields unknown', () => {
    const habit = {
      id: 'h', name: 'Read', type: 'good', startDate: '2026-11-01', occurrence: { type: 'monthDays', days: [1, 15] },
      goals: [{ id: 'g', createdAt: '2026-11-01T00:00:00Z', periodicity: 'weekly', value: 20, unit: 'rep', isActive: true }],
      customUnitName: ' pages ', isArchived: false,
    } as unknown as Habit;
    expect(factsOf(habit)).toEqual({
      type: 'good', startDate: '2026-11-01', occurrence: { type: 'monthDays', days: [1, 15] },
      goal: { value: 20, unit: 'rep', periodicity: 'weekly' }, customUnitName: 'pages', archived: false,
    });
    const odd = { id: 'h', name: 'x', type: 'other', startDate: 'soon', occurrence: { type: 'weekDays', days: 'mon' }, isArchived: 'no' } as unknown as Habit;
    expect(factsOf(odd)).toEqual({});
  });
});

describe('countsOn', () => {
  const base = { type: 'good', startDate: '2026-11-02', goal: null } as const;
  it('a daily habit counts from its start, an interval from its start on', () => {
    expect(countsOn({ ...base, occurrence: { type: 'daily' } }, '2026-11-01')).toBe(false);
    expect(countsOn({ ...base, occurrence: { type: 'daily' } }, '2026-11-02')).toBe(true);
    expect(dueOn({ type: 'intervalDays', interval: 3 }, '2026-11-02', '2026-11-08')).toBe(true);
    expect(dueOn({ type: 'intervalDays', interval: 3 }, '2026-11-02', '2026-11-09')).toBe(false);
  });

  it('a weekly or monthly goal counts any day of a period with a due day', () => {
    const mondays: HabitFacts = { ...base, occurrence: { type: 'weekDays', days: [1] } };
    expect(countsOn(mondays, '2026-11-22')).toBe(false); // Sunday, daily goal
    expect(countsOn({ ...mondays, goal: { value: 1, unit: 'rep', periodicity: 'weekly' } }, '2026-11-22')).toBe(true);
    const the31st: HabitFacts = { ...base, occurrence: { type: 'monthDays', days: [31] }, goal: { value: 1, unit: 'rep', periodicity: 'monthly' } };
    expect(countsOn(the31st, '2026-11-10')).toBe(false); // November has no 31st
    expect(countsOn(the31st, '2026-12-10')).toBe(true);
  });

  it('is undefined when the facts do not say', () => {
    expect(countsOn({ startDate: '2026-11-01', goal: null }, '2026-11-05')).toBeUndefined();
  });

  it('knows calendar periods', () => {
    expect(periodOf('weekly', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodOf('monthly', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('yearly', '2026-06-01')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });
});
