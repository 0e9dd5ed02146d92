// Tolerant readers of API resources: every form a server is known to send reads the same.
import { describe, expect, it } from 'vitest';
import { currentGoal, dailyProgress, statsUnit } from '../../src/model/resources.js';

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
