// Tolerant readers of API resources: every form a server is known to send reads the same.
import { describe, expect, it } from 'vitest';
import { currentGoal, dailyProgress, dayOf, statsInUnit, statsUnit, totalsScale } from '../../src/model/resources.js';

describe('statsUnit', () => {
  it('reads the unit as a symbol string, as {symbol, type} (production, local service) and as {id, name, symbol}', () => {
    expect(statsUnit({ unit: 'kM' })).toBe('kM');
    expect(statsUnit({ unit: { symbol: 'kM', type: 'length' } })).toBe('kM');
    expect(statsUnit({ unit: { id: 'u1', name: 'Kilometer', symbol: 'kM' } })).toBe('kM');
  });

  it('is null for a habit without a goal, and for an object without a symbol', () => {
    expect(statsUnit({ unit: null })).toBeNull();
    expect(statsUnit({ unit: { type: 'scalar' } as unknown as { symbol: string } })).toBeNull();
  });
});

describe('dailyProgress', () => {
  it('is the list the server sent, or none when it sent something else', () => {
    const days = [{ date: '2026-11-22', totalLog: 1, status: 'completed' }];
    expect(dailyProgress({ dailyProgress: days })).toBe(days);
    expect(dailyProgress({ dailyProgress: undefined as unknown as [] })).toEqual([]);
  });
});

describe('currentGoal', () => {
  it('prefers `goal`, then the goal flagged active, then the newest', () => {
    const g = (id: string, createdAt: string, isActive: boolean) => ({ id, createdAt, periodicity: 'daily', value: 1, unit: 'rep', isActive });
    expect(currentGoal({ goal: g('a', '2026-01-01', true), goals: [] })?.id).toBe('a');
    expect(currentGoal({ goals: [g('old', '2026-01-01', true), g('new', '2026-02-01', false)] })?.id).toBe('old');
    expect(currentGoal({ goals: [g('old', '2026-01-01', false), g('new', '2026-02-01', false)] })?.id).toBe('new');
    expect(currentGoal({ goals: [] })).toBeNull();
  });
});

describe('totals in another unit (a server said to count in base units)', () => {
  const stats = (unit: unknown, totalLog: number) => ({ unit, totalLogs: totalLog, avg: totalLog, dailyProgress: [{ date: '2026-11-22', totalLog, status: 'inprogress' }] }) as never;

  it('scales totals the statistics name in another unit of the goal\'s kind into the goal\'s unit', () => {
    expect(totalsScale(stats({ symbol: 'sec', type: 'duration' }, 600), 'min')).toBeCloseTo(1 / 60, 12);
    expect(totalsScale(stats('s', 600), 'min')).toBeCloseTo(1 / 60, 12);
    expect(totalsScale(stats({ id: 'u', name: 'hours', symbol: 'h' }, 2), 'hr')).toBe(1);
    expect(totalsScale(stats({ symbol: 'h' }, 2), 'min')).toBe(60);
    expect(totalsScale(stats({ symbol: 'kg' }, 2), 'g')).toBe(1000);
  });

  it('takes totals as they are when the unit is the goal\'s, unknown, missing, or of another kind', () => {
    for (const unit of [{ symbol: 'min' }, 'min', null, undefined, { symbol: 'parsecs' }, { symbol: 'kM' }, { type: 'scalar' }]) {
      expect(totalsScale(stats(unit, 5), 'min'), JSON.stringify(unit)).toBe(1);
    }
    expect(totalsScale(stats({ symbol: 'sec' }, 5), undefined)).toBe(1);
  });

  it('dayOf reads one day in the goal\'s unit; a day not listed is 0', () => {
    expect(dayOf(stats({ symbol: 'sec' }, 900), '2026-11-22', 'min')).toEqual({ total: 15, status: 'inprogress' });
    expect(dayOf(stats({ symbol: 'cup' }, 0.1 + 0.2), '2026-11-22', 'cup')).toEqual({ total: 0.3, status: 'inprogress' });
    expect(dayOf(stats({ symbol: 'cup' }, -2), '2026-11-22', 'cup').total).toBe(-2);
    expect(dayOf(stats({ symbol: 'cup' }, 3), '2026-11-21', 'cup')).toEqual({ total: 0, status: undefined });
  });

  it('statsInUnit converts every total and names the goal\'s unit, keeping the rest; the same object when nothing changes', () => {
    const raw = { ...(stats({ id: 'u', name: 'seconds', symbol: 'sec' }, 1200) as object), name: 'Meditate' } as never;
    expect(statsInUnit(raw, 'min')).toEqual({
      name: 'Meditate', unit: { id: 'u', name: 'seconds', symbol: 'min' }, totalLogs: 20, avg: 20, dailyProgress: [{ date: '2026-11-22', totalLog: 20, status: 'inprogress' }],
    });
    const same = stats({ symbol: 'min' }, 20);
    expect(statsInUnit(same, 'min')).toBe(same);
  });
});
