// When a habit's end condition ended it, as the client reads it: from the habit as sent (a date, or
// a server's `metOn`), and from statistics for a server that says `isMet` but not when.
import { describe, expect, it } from 'vitest';
import type { DailyProgress } from '../../src/api/types.js';
import { endState, metDayFromProgress } from '../../src/model/ending.js';
import { countsOn, dueByFacts, endedBy, endOf, type HabitFacts } from '../../src/model/habit-facts.js';

const day = (date: string, status: string, totalLog = 0): DailyProgress => ({ date, status, totalLog });

describe('endOf: the end condition as sent', () => {
  it('a date is the last due day, met or not; a met condition takes a well-formed metOn, an unmet one none', () => {
    expect(endOf({ id: 'e', type: 'date', date: '2026-11-19', isMet: false })).toEqual({ type: 'date', value: '2026-11-19', met: false, lastDay: '2026-11-19', id: 'e' });
    expect(endOf({ type: 'totalLogValue', totalLogValue: 25, isMet: true, metOn: '2026-11-18' })).toEqual({ type: 'totalLogValue', value: 25, met: true, lastDay: '2026-11-18' });
    expect(endOf({ type: 'streak', streakLength: 3, isMet: false, metOn: '2026-11-18' })).toEqual({ type: 'streak', value: 3, met: false });
    expect(endOf({ type: 'successPeriods', totalPeriods: 3, isMet: true, metOn: 'soon' })).toEqual({ type: 'successPeriods', value: 3, met: true });
    for (const odd of [null, 'x', { type: 'date', date: 'tomorrow' }, { type: 'streak' }, { type: 'forever' }]) expect(endOf(odd)).toBeUndefined();
  });

  it('endedBy, dueByFacts, countsOn and endState read the last day; a day unknown is neither', () => {
    const ended: HabitFacts = { startDate: '2026-11-15', occurrence: { type: 'daily' }, goal: { value: 3, unit: 'rep', periodicity: 'weekly' }, end: { type: 'date', value: '2026-11-18', met: true, lastDay: '2026-11-18' } };
    expect([endedBy(ended, '2026-11-18'), endedBy(ended, '2026-11-19')]).toEqual([false, true]);
    expect([dueByFacts(ended, '2026-11-18'), dueByFacts(ended, '2026-11-19')]).toEqual([true, false]);
    // A log on Thursday still counts in the week its last day (Wednesday) is in; not the next week.
    expect([countsOn(ended, '2026-11-19'), countsOn(ended, '2026-11-23')]).toEqual([true, false]);
    expect(endState(ended, '2026-11-22')).toEqual({ ended: true, endedOn: '2026-11-18' });
    expect(endState(ended, '2026-11-18')).toEqual({ ended: false, endedOn: null });
    const unknown: HabitFacts = { end: { type: 'totalLogValue', value: 5, met: true } };
    expect(endedBy(unknown, '2026-11-22')).toBeUndefined();
    expect(endState(unknown, '2026-11-22')).toEqual({ ended: true, endedOn: null });
    expect(endState({}, '2026-11-22')).toEqual({ ended: false, endedOn: null });
  });
});

describe('metDayFromProgress: the day from statistics', () => {
  const good: Pick<HabitFacts, 'type' | 'goal'> = { type: 'good', goal: { value: 10, unit: 'rep', periodicity: 'daily' } };

  it('a total: the first day the running total reaches it (0.1 + 0.2 reaches 0.3)', () => {
    const days = [day('2026-11-18', 'inprogress', 0.2), day('2026-11-16', 'inprogress', 0.1), day('2026-11-19', 'inprogress', 5)];
    expect(metDayFromProgress({ type: 'totalLogValue', value: 0.3, met: true }, days, good)).toBe('2026-11-18');
    expect(metDayFromProgress({ type: 'totalLogValue', value: 6, met: true }, days, good)).toBeUndefined();
  });

  it('successful periods: the N-th completed day; a weekly goal, the day its week reached the goal', () => {
    const daily = [day('2026-11-16', 'completed', 10), day('2026-11-17', 'inprogress'), day('2026-11-18', 'completed', 10), day('2026-11-19', 'completed', 10)];
    expect(metDayFromProgress({ type: 'successPeriods', value: 2, met: true }, daily, good)).toBe('2026-11-18');
    const weekly: Pick<HabitFacts, 'type' | 'goal'> = { type: 'good', goal: { value: 10, unit: 'rep', periodicity: 'weekly' } };
    const weeks = [day('2026-11-09', 'completed', 10), day('2026-11-16', 'completed', 4), day('2026-11-18', 'completed', 6), day('2026-11-20', 'completed', 1)];
    expect(metDayFromProgress({ type: 'successPeriods', value: 2, met: true }, weeks, weekly)).toBe('2026-11-18');
  });

  it('a streak: broken by a day missed, not by one skipped; a bad habit ends with its period', () => {
    const days = [day('2026-11-15', 'completed'), day('2026-11-16', 'inprogress'), day('2026-11-17', 'completed'), day('2026-11-18', 'skipped'), day('2026-11-19', 'completed'), day('2026-11-20', 'completed')];
    expect(metDayFromProgress({ type: 'streak', value: 3, met: true }, days, { type: 'good', goal: null })).toBe('2026-11-20');
    const bad: Pick<HabitFacts, 'type' | 'goal'> = { type: 'bad', goal: { value: 3, unit: 'rep', periodicity: 'weekly' } };
    expect(metDayFromProgress({ type: 'successPeriods', value: 1, met: true }, [day('2026-11-17', 'completed', 1)], bad)).toBe('2026-11-22');
  });
});
