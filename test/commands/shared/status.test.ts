// What the status file makes of a write without asking the server (commands/shared/status.ts
// followed): the cases the CLI tests (test/commands/status.test.ts) do not reach, each against the
// rules of a goal period; where the file cannot tell, the counts stay and are marked stale.
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../src/api/types.js';
import { followed, statusOf } from '../../../src/commands/shared/status.js';

const NOW = new Date('2026-11-22T12:00:00Z');

function entry(id: string, status: string, extra: Partial<JournalEntry> = {}): JournalEntry {
  return { id, name: id, status, type: 'good', colorHex: null, icon: null, timeOfDayIds: [], ...extra } as JournalEntry;
}

const goal = (current: number, target: number, periodicity = 'daily', unit = 'rep') => ({ progress: { current, target, unit, periodicity } });
const streak = (length: number) => ({ currentStreak: { length, unit: 'day' } });

/** `done/due open best stale` of the data after each write in turn. */
function after(list: JournalEntry[], ...writes: [string, Parameters<typeof followed>[2]][]): string {
  let data = statusOf(list, '2026-11-22', NOW, 'UTC');
  for (const [id, write] of writes) data = followed(data, id, write);
  return `${data.done}/${data.due} open ${data.open.length} best ${data.best_streak}${data.stale ? ' stale' : ''}`;
}

describe('followed', () => {
  it('a fail mark replaces a complete mark the goal does not hold; one the goal holds stays completed', () => {
    expect(after([entry('a', 'completed', { ...goal(1, 5), ...streak(3) })], ['a', 'fail'])).toBe('0/1 open 0 best 0');
    expect(after([entry('a', 'completed', { ...goal(5, 5), ...streak(3) })], ['a', 'fail'])).toBe('1/1 open 0 best 3');
    expect(after([entry('a', 'completed', goal(1, 5))], ['a', 'skip'])).toBe('0/0 open 0 best 0');
  });

  it('a bad habit: over its limit fails it whatever was marked; back under it, the fail of the sum cannot be told from a mark', () => {
    const bad = (status: string, current: number) => entry('b', status, { type: 'bad', ...goal(current, 3) });
    expect(after([bad('completed', 0)], ['b', { add: 4, unit: 'rep' }])).toBe('0/1 open 0 best 0');
    expect(after([bad('failed', 4)], ['b', { add: -2, unit: 'rep' }])).toBe('0/1 open 0 best 0 stale');
    expect(after([bad('failed', 1)], ['b', { add: 1, unit: 'rep' }])).toBe('0/1 open 0 best 0');
    // A bad habit is never open: a value within its limit changes no count.
    expect(after([bad('inprogress', 0)], ['b', { add: 2, unit: 'rep' }])).toBe('0/1 open 0 best 0');
  });

  it('a value in a unit that converts counts in the goal\'s; one that does not, or a habit without a goal, is stale', () => {
    expect(after([entry('w', 'inprogress', goal(1, 2, 'daily', 'L'))], ['w', { add: 1000, unit: 'mL' }])).toBe('1/1 open 0 best 1');
    expect(after([entry('w', 'inprogress', goal(1, 2, 'daily', 'L'))], ['w', { add: 1, unit: 'kM' }])).toBe('0/1 open 1 best 0 stale');
    expect(after([entry('n', 'inprogress')], ['n', { add: 1, unit: 'rep' }])).toBe('0/1 open 1 best 0 stale');
  });

  it('a weekly goal: its count follows, its streak (the period\'s due days) does not (stale); an undo clears one day of it', () => {
    expect(after([entry('r', 'inprogress', { ...goal(8, 10, 'weekly', 'kM'), ...streak(6) })], ['r', { add: 1, unit: 'kM' }])).toBe('0/1 open 1 best 6');
    expect(after([entry('r', 'inprogress', { ...goal(8, 10, 'weekly', 'kM'), ...streak(6) })], ['r', { add: 2, unit: 'kM' }])).toBe('1/1 open 0 best 6 stale');
    expect(after([entry('r', 'completed', goal(10, 10, 'weekly', 'kM'))], ['r', { undo: { cleared: true } }])).toBe('1/1 open 0 best 0 stale');
  });

  it('an undo: a day the server says is clear is open again; one it does not say is stale', () => {
    expect(after([entry('a', 'completed', { ...goal(5, 5), ...streak(4) })], ['a', { undo: { cleared: true } }])).toBe('0/1 open 1 best 3');
    expect(after([entry('a', 'completed', goal(5, 5))], ['a', { undo: { cleared: false } }])).toBe('1/1 open 0 best 0 stale');
  });

  it('a habit the file does not hold, or a file of an older version, keeps the counts, stale', () => {
    expect(after([entry('a', 'inprogress')], ['zzz', 'done'])).toBe('0/1 open 1 best 0 stale');
    const old = { ...statusOf([entry('a', 'inprogress')], '2026-11-22', NOW, 'UTC'), habits: undefined };
    expect(followed(old, 'a', 'done')).toMatchObject({ done: 0, stale: true });
    // Stale stays stale through a write it can follow, until the next journal.
    expect(after([entry('a', 'inprogress'), entry('c', 'inprogress')], ['zzz', 'done'], ['a', 'done'])).toBe('1/2 open 1 best 1 stale');
  });
});
