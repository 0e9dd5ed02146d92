// The shared words of habit fields: icons, periods, stacks.
import { describe, expect, it } from 'vitest';
import { compareNames, displayIcon, formatEndCondition, formatStack, periods } from '../../src/output/format.js';

describe('displayIcon', () => {
  it('shows emoji and other symbols, hides identifiers and empty icons', () => {
    expect(displayIcon('💧')).toBe('💧');
    expect(displayIcon(' 🚶 ')).toBe('🚶');
    expect(displayIcon('👨‍👩‍👧')).toBe('👨‍👩‍👧'); // one emoji of five code points
    expect(displayIcon('★')).toBe('★');
    expect(displayIcon('water')).toBe('');
    expect(displayIcon('run2')).toBe('');
    expect(displayIcon('#')).toBe('');
    expect(displayIcon('')).toBe('');
    expect(displayIcon(null)).toBe('');
  });
});

describe('periods', () => {
  it('counts goal periodicities and the period words servers send with streaks', () => {
    expect(periods(1, 'daily')).toBe('1 day');
    expect(periods(3, 'weekly')).toBe('3 weeks');
    expect(periods(2, 'days')).toBe('2 days');
    expect(periods(1, 'Week')).toBe('1 week');
    expect(periods(4, 'months')).toBe('4 months');
    expect(periods(2.5, undefined)).toBe('2.5 days');
    expect(periods(2, '')).toBe('2 days');
    expect(periods(2, 'fortnightly')).toBe('2 periods');
  });
});

describe('formatStack', () => {
  const nameOf = (id: string) => (id === 'm' ? 'Meditate' : undefined);

  it('takes a stack about to be sent, whose delay is absent when immediate', () => {
    expect(formatStack({ conditionHabitId: 'm', type: 'completed', timerType: 'immediately' }, nameOf)).toBe('after "Meditate" is completed, immediately');
    expect(formatStack({ conditionHabitId: 'm', type: 'failed', timerType: 'after', timerDelaySecs: 5400 }, nameOf)).toBe('after "Meditate" is failed, +1 h 30 min');
    expect(formatStack({ conditionHabitId: 'x', type: 'reminder', timerType: 'after' }, nameOf)).toBe('after the reminder of habit id:x, immediately');
  });
});

describe('compareNames', () => {
  it("orders as localeCompare(b, 'en', { sensitivity: 'base' }) does: case and accents aside", () => {
    const names = ['walk', 'Walk', 'Wälk', 'Read', 'read 2', 'Read 10', 'Éclair', 'eclair', 'zebra', 'Zoë', '10 pushups', '2 pushups', '_x', '-y', 'ß', 'ss', '水', '🧘 Meditate', ''];
    for (const a of names) {
      for (const b of names) expect(Math.sign(compareNames(a, b)), `${a} vs ${b}`).toBe(Math.sign(a.localeCompare(b, 'en', { sensitivity: 'base' })));
    }
    expect(compareNames('Walk', 'walk')).toBe(0);
    expect(compareNames('eclair', 'Éclair')).toBe(0);
  });
});

describe('end conditions in the words the prompt uses (issue 22)', () => {
  it('streak and successful periods read as successful periods, in a row or in all', () => {
    expect(formatEndCondition({ type: 'streak', streakLength: 30, periodType: 'daily' })).toBe('ends after 30 successful days in a row');
    expect(formatEndCondition({ type: 'successPeriods', totalPeriods: 1, periodType: 'weekly', isMet: false } as never)).toBe('ends after 1 successful week in all (not met yet)');
  });
});
