import { describe, expect, it } from 'vitest';
import { distance, matchRef, suggest } from '../../src/resolve/match.js';

const habits = [
  { id: '-Nabc111', name: 'Drink water' },
  { id: '-Nabd222', name: 'Drink tea' },
  { id: '-Nxyz333', name: 'Walk' },
  { id: '-Nxyz444', name: 'walk the dog' },
  { id: 'plain555', name: 'Meditate' },
];

describe('matchRef', () => {
  it('prefers an exact id, then an exact name, case-insensitively', () => {
    expect(matchRef(habits, '-Nxyz333')).toEqual({ kind: 'one', item: habits[2] });
    expect(matchRef(habits, 'WALK')).toEqual({ kind: 'one', item: habits[2] });
    expect(matchRef(habits, 'drink water')).toEqual({ kind: 'one', item: habits[0] });
  });

  it('takes a unique prefix of a name or an id', () => {
    expect(matchRef(habits, 'med')).toEqual({ kind: 'one', item: habits[4] });
    expect(matchRef(habits, '-Nabc')).toEqual({ kind: 'one', item: habits[0] });
    expect(matchRef(habits, 'walk t')).toEqual({ kind: 'one', item: habits[3] });
  });

  it('reports every candidate of an ambiguous prefix', () => {
    const m = matchRef(habits, 'drink');
    expect(m.kind).toBe('many');
    expect(m.kind === 'many' && m.items.map((i) => i.name)).toEqual(['Drink water', 'Drink tea']);
    expect(matchRef(habits, '-Nxyz').kind).toBe('many');
  });

  it('treats duplicate exact names as ambiguous', () => {
    const dup = [...habits, { id: 'x', name: 'walk' }];
    expect(matchRef(dup, 'walk').kind).toBe('many');
  });

  it('matches a name with control characters as it is shown: escaped, as typed from a table or completion', () => {
    const odd = [...habits, { id: 'n1', name: 'New\nline' }, { id: 'c1', name: 'Clear\u001b[2J' }];
    expect(matchRef(odd, 'New\\nline')).toEqual({ kind: 'one', item: odd[5] });
    expect(matchRef(odd, 'new\\n')).toEqual({ kind: 'one', item: odd[5] });
    expect(matchRef(odd, 'clear\\x1b[2j')).toEqual({ kind: 'one', item: odd[6] });
    expect(matchRef(odd, 'New\nline')).toEqual({ kind: 'one', item: odd[5] });
  });

  it('matches nothing for an unknown or empty reference', () => {
    expect(matchRef(habits, 'swim')).toEqual({ kind: 'none' });
    expect(matchRef(habits, '')).toEqual({ kind: 'none' });
  });
});

describe('suggest', () => {
  it('offers close names for typos and substrings', () => {
    expect(suggest(habits, 'drnk water').map((h) => h.name)).toEqual(['Drink water']);
    expect(suggest(habits, 'medtate').map((h) => h.name)).toEqual(['Meditate']);
    expect(suggest(habits, 'dog').map((h) => h.name)).toEqual(['walk the dog']);
  });

  it('offers nothing when nothing is close', () => {
    expect(suggest(habits, 'zzzzzzzz')).toEqual([]);
  });

  it('counts a transposition as one edit', () => {
    expect(distance('walk', 'wlak')).toBe(1);
    expect(distance('', 'abc')).toBe(3);
  });

  it('with a bound, gives the distance up to it and bound + 1 beyond, as the whole table does (2,000 random pairs)', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const word = () => Array.from({ length: random(9) }, () => 'abc'[random(3)]).join('');
    for (let k = 0; k < 2000; k++) {
      const [a, b, max] = [word(), word(), random(5)];
      expect(distance(a, b, max), `${a} ${b} ${max}`).toBe(Math.min(distance(a, b), max + 1));
    }
  });

  it('is bounded (issue 32: a 1 MB reference took 15 s): a reference over 256 characters gets no suggestion, and only the first 2,000 names are weighed', () => {
    const named = (n: number) => [{ id: 'long', name: `${'a'.repeat(n)} habit` }];
    expect(suggest(named(256), 'a'.repeat(256)).map((h) => h.id)).toEqual(['long']);
    expect(suggest(named(257), 'a'.repeat(257))).toEqual([]);
    const others = Array.from({ length: 2000 }, (_, i) => ({ id: `h${i}`, name: `Other ${i}` }));
    expect(suggest([...others.slice(1), { id: 'walk', name: 'Walk' }], 'wlak').map((h) => h.id)).toEqual(['walk']);
    expect(suggest([...others, { id: 'walk', name: 'Walk' }], 'wlak')).toEqual([]);
    // A name of 4 MB is weighed by the banded distance, with the same answer as before.
    expect(suggest([...habits, { id: 'big', name: 'y'.repeat(4_000_000) }], 'wlak').map((h) => h.name)).toEqual(['Walk', 'walk the dog']);
  });
});
