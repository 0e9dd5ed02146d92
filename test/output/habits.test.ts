// The habit list: short ids that work as references, and the piped lines.
import { describe, expect, it } from 'vitest';
import type { Habit } from '../../src/api/types.js';
import { makeChalk } from '../../src/output/color.js';
import { habitsTable, habitsTsv, shortIds } from '../../src/output/habits.js';

const habit = (id: string, name: string, over: Partial<Habit> = {}): Habit => ({
  id, name, icon: null, colorHex: '#000000', type: 'good', description: null, occurrence: { type: 'daily' }, startDate: '2026-11-01',
  createdAt: '2026-11-01T00:00:00Z', isArchived: false, logMethod: 'manual', endCondition: null, ...over,
});

describe('shortIds', () => {
  it('cuts ids to unique prefixes of at least 8 characters', () => {
    expect(shortIds(['-Nabcdefgh111', '-Nabcdefgh222', '-Nzzzzzzzz999'])).toEqual(['-Nabcdefgh1', '-Nabcdefgh2', '-Nzzzzzz']);
    expect(shortIds(['abc'])).toEqual(['abc']);
  });

  it('tells the ids apart from every known id, not only those shown', () => {
    expect(shortIds(['-Nzzzzzzzz999'], ['-Nzzzzzzzz999', '-Nzzzzzzzz123'])).toEqual(['-Nzzzzzzzz9']);
  });
});

describe('habitsTable', () => {
  const list = [habit('-Nbbbbbbbb2', 'walk', { icon: '🚶', type: 'bad' }), habit('-Nbbbbbbbb1', 'Read', { icon: 'book' })];

  it('sorts by name, shows emoji icons only, and short ids against the known ones', () => {
    const spec = habitsTable(list, makeChalk(0), ['-Nbbbbbbbb1', '-Nbbbbbbbb2', '-Nccccccccc']);
    expect(spec.rows.map((r) => [r[0], r[5]])).toEqual([
      ['Read', { plain: '-Nbbbbbbbb1', styled: '-Nbbbbbbbb1' }],
      ['🚶 walk', { plain: '-Nbbbbbbbb2', styled: '-Nbbbbbbbb2' }],
    ]);
    expect(habitsTable([habit('-Ncccccccc1', 'A')], makeChalk(0), ['-Ncccccccc1']).rows[0]![5]).toEqual({ plain: '-Ncccccc', styled: '-Ncccccc' });
  });

  it('shows whole ids when the other habits are not known', () => {
    expect(habitsTable([habit('-Ncccccccc1', 'A')], makeChalk(0)).rows[0]![5]).toEqual({ plain: '-Ncccccccc1', styled: '-Ncccccccc1' });
  });
});

describe('habitsTsv', () => {
  it('prints full ids in name order', () => {
    const habits = [habit('-N1', 'b', { occurrence: { type: 'intervalDays', interval: 2 } }), habit('-N2', 'A')];
    expect(habitsTsv(habits)).toBe('-N2\tA\tgood\tevery day\t\t\t\n-N1\tb\tgood\tevery 2 days\t\t\t\n');
  });

  it('ends each line with the day the habit ended, yes when not known, empty while it runs', () => {
    const habits = [{ ...habit('-N1', 'a'), ended: true, endedOn: '2026-11-19' }, { ...habit('-N2', 'b'), ended: true, endedOn: null }, { ...habit('-N3', 'c'), ended: false, endedOn: null }];
    expect(habitsTsv(habits).split('\n').map((l) => l.split('\t')[6])).toEqual(['2026-11-19', 'yes', '', undefined]);
  });
});
