// api/answers.ts: what the client keeps of list items and single answers a server sent.
import { describe, expect, it } from 'vitest';
import { checkItems, countOf, markSent, sentLength, singleProblem } from '../../src/api/answers.js';

describe('checkItems', () => {
  it('habits: keeps string ids and names, skips the rest, tidies lists of the wrong type', () => {
    const r = checkItems('GET /habits', [
      { id: 'h1', name: 'Walk' }, { id: 'h2' }, { id: null, name: 'x' }, { id: 'h3', name: 7 }, { id: '', name: 'e' }, 5, null,
      { id: 'h4', name: 'Lists', areas: 'none', goals: [1, { id: 'g1', value: 1 }], goal: 'x' },
    ]);
    expect(r.what).toBe('habit');
    expect(r.items).toEqual([{ id: 'h1', name: 'Walk' }, { id: 'h4', name: 'Lists', goals: [{ id: 'g1', value: 1 }] }]);
    expect(r.skipped).toHaveLength(6);
  });

  it('areas, notes and journal entries', () => {
    expect(checkItems('GET /areas', [{ id: 'a1', name: 'Health' }, { id: 'a2', name: null }]).skipped).toHaveLength(1);
    const notes = checkItems('GET /habits/{habitId}/notes', [{ id: 'n1', content: 'ok' }, { id: 'n2', content: 3 }, { content: 'no id' }, { id: 'n3', photos: 'x' }]);
    expect(notes.items).toEqual([{ id: 'n1', content: 'ok' }, { id: 'n3' }]);
    const journal = checkItems('GET /habits/journal', [{ id: 'h1', name: 'W', status: 'completed', progress: 3 }, { id: 'h2', name: 'X', status: 1 }]);
    expect(journal.items).toEqual([{ id: 'h1', name: 'W', status: 'completed' }]);
    expect(countOf(journal.skipped.length, journal.what)).toBe('1 journal entry');
    expect(countOf(2, 'journal entry')).toBe('2 journal entries');
    expect(countOf(2, 'planned day')).toBe('2 planned days');
  });
});

describe('checkItems of the log listing', () => {
  const log = { id: 'l1', date: '2026-11-20', value: 2, unitSymbol: 'kM', createdAt: '2026-11-20T08:00:00.000Z' };

  it('keeps type (how the log was made) and kind (what it records)', () => {
    const r = checkItems('GET /habits/{habitId}/logs', [{ ...log, type: 'manual', kind: 'value' }, { ...log, id: 'l2', type: 'auto', kind: 'completed', value: 0 }]);
    expect(r.items).toEqual([{ ...log, type: 'manual', kind: 'value' }, { ...log, id: 'l2', type: 'auto', kind: 'completed', value: 0 }]);
    expect(r.what).toBe('log');
  });

  it('reads an older local service, which sent the kind as type: a manual log of that kind', () => {
    const r = checkItems('GET /habits/{habitId}/logs', [{ ...log, type: 'value' }, { ...log, id: 'l2', type: 'skipped', value: 0, unitSymbol: null }]);
    expect(r.items).toEqual([{ ...log, type: 'manual', kind: 'value' }, { ...log, id: 'l2', type: 'manual', kind: 'skipped', value: 0, unitSymbol: null }]);
    expect(r.skipped).toEqual([]);
  });

  it('skips a log whose kind cannot be told, or without an id, a date or a numeric value', () => {
    const bad = [{ ...log, type: 'manual' }, { ...log, type: 'mark' }, { ...log, kind: 'value' }, { ...log, id: '', type: 'manual', kind: 'value' }, { ...log, type: 'manual', kind: 'value', value: '2' }];
    const r = checkItems('GET /habits/{habitId}/logs', bad);
    expect(r.items).toEqual([]);
    expect(r.skipped).toHaveLength(5);
  });
});

describe('singleProblem', () => {
  it('a habit needs an id and a name; statistics an object, its unit a string or an object', () => {
    expect(singleProblem('GET /habits/{habitId}', { id: 'h1', name: 'Walk' })).toBeUndefined();
    expect(singleProblem('GET /habits/{habitId}', { id: 'h1' })).toBe('a habit with an id and a name');
    expect(singleProblem('POST /habits', { ok: true })).toBe('a habit with an id and a name');
    expect(singleProblem('GET /habits/{habitId}/statistics', [])).toBe('statistics');
    const stats = { unit: 5 };
    expect(singleProblem('GET /habits/{habitId}/statistics', stats)).toBeUndefined();
    expect(stats).toEqual({});
    expect(singleProblem('GET /habits/{habitId}/statistics', { unit: 'min' })).toBeUndefined();
    const days = { dailyProgress: [null, { date: '2026-11-01', status: 'completed' }, { date: 5 }] };
    expect(singleProblem('GET /habits/{habitId}/statistics', days)).toBeUndefined();
    expect(days.dailyProgress).toEqual([{ date: '2026-11-01', status: 'completed' }]);
    expect(singleProblem('POST /habits/{habitId}/logs', 'anything')).toBeUndefined();
  });
});

it('sentLength: what the server sent on a page whose items were dropped', () => {
  const page = { data: [1, 2] };
  expect(sentLength(page)).toBe(2);
  expect(sentLength(markSent({ data: [1] }, 3))).toBe(3);
});
