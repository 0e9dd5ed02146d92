// Fuzzing the input grammar of the flags (issue 11): every value of --date/--start, --goal,
// --remind, --stack, --end, --days, --month-days, --every, --color and a reference is accepted with
// the right wire value or refused with a usage error (exit 2), never another exception. Generated
// valid specs must parse to the wire values an independent oracle computes from the spec. Then a
// smaller sample goes through the real CLI against the local service. Seeded; counts printed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOAL_UNITS, PERIODICITIES, STACK_TYPES } from '../../src/api/types.js';
import { addDays, parseDate } from '../../src/model/dates.js';
import { GrammarError } from '../../src/model/grammar.js';
import { parseFieldFlags, type RawFieldOptions } from '../../src/model/habit-flags.js';
import { UsageError } from '../../src/errors.js';
import { useService } from '../helpers/service.js';

const SEED = 20261122;
const TODAY = '2026-11-22';
const counts: Record<string, number> = {};
const count = (what: string): void => void (counts[what] = (counts[what] ?? 0) + 1);

/** A string that looks a little like the grammar: its tokens, digits and separators, mutated. */
const grammarish = fc
  .array(
    fc.oneof(
      fc.constantFrom('mon', 'Tue', 'weekdays', 'sun-sat', 'fri-mon', 'today', 'YESTERDAY', 'daily', 'per', 'week', 'min', 'fl oz', 'kCal', 'rep', 'steps',
        'date', 'streak', 'periods', 'total', 'after=', 'completed', 'skip', '!alarm', '+live', '@', ':', ',', '-', '/', '#', ' ', 'e', '.', 'd', 'days', 'h', 'm', 's'),
      fc.integer({ min: -5, max: 100_000 }).map(String),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));
/** A flag's valid values, some with one character changed: the edges of its grammar. */
const nearValid = (valid: string[]): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...valid), fc.nat(), fc.constantFrom('', '', 'x', '0', ':', '-', ' ', '9', '@', '!')).map(([v, at, ch]) => {
    const i = at % (v.length + 1);
    return ch === '' ? v : at % 2 ? v.slice(0, i) + ch + v.slice(i) : v.slice(0, i) + ch + v.slice(i + 1);
  });
const anyInput = fc.oneof(grammarish, fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 12 }));

const FLAGS: { flag: string; raw: (v: string) => RawFieldOptions; valid: string[] }[] = [
  { flag: '--start', raw: (v) => ({ start: v }), valid: ['2026-11-01', 'today', 'yesterday', '2024-02-29'] },
  { flag: '--color', raw: (v) => ({ color: v }), valid: ['#7B61FF', 'abc', '#0f0'] },
  { flag: '--goal', raw: (v) => ({ goal: v }), valid: ['30 min daily', '8000 steps', '2.5km weekly', '2 L per day', '20 rep/week', '1 fl oz monthly'] },
  { flag: '--remind', raw: (v) => ({ remind: [v] }), valid: ['07:30', '7:05@mon-fri!alarm', '21:00@weekends+live'] },
  { flag: '--stack', raw: (v) => ({ stack: [v] }), valid: ['Walk:completed', 'Walk:skip:after=10m', 'A: b:failed'] },
  { flag: '--end', raw: (v) => ({ end: v }), valid: ['date:2027-01-01', 'streak:30', 'periods:4', 'total:1000'] },
  { flag: '--days', raw: (v) => ({ days: v }), valid: ['mon,wed,fri', 'weekdays', 'fri-mon', 'Sunday Monday'] },
  { flag: '--month-days', raw: (v) => ({ monthDays: v }), valid: ['1,15', '1-5,20', '31'] },
  { flag: '--every', raw: (v) => ({ every: v }), valid: ['3', '3d', '10 days'] },
];
const flagAndInput = fc.constantFrom(...FLAGS).chain((f) => fc.tuple(fc.constant(f), fc.oneof(nearValid(f.valid), anyInput)));

describe('the flag grammar, on any input', () => {
  it('accepts or refuses with a usage error naming the flag; nothing else is thrown', () => {
    fc.assert(
      fc.property(flagAndInput, ([{ flag, raw }, value]) => {
        try {
          parseFieldFlags(raw(value), TODAY, 'add');
          count('accepted');
        } catch (err) {
          expect(err, `${flag} ${JSON.stringify(value)}`).toBeInstanceOf(UsageError);
          expect((err as UsageError).exitCode).toBe(2);
          expect((err as Error).message.startsWith(`${flag}: `), (err as Error).message).toBe(true);
          count('refused');
        }
      }),
      { seed: SEED, numRuns: 3000 },
    );
    fc.assert(
      fc.property(anyInput, (value) => {
        count('dates');
        try {
          parseDate(value, TODAY);
        } catch (err) {
          expect(err).toBeInstanceOf(GrammarError);
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

// The oracle: specs generated from their meaning, and the wire value that meaning has.
const DAY_SPELLINGS: [string, number][] = [
  ['sun', 0], ['Sunday', 0], ['mon', 1], ['MONDAY', 1], ['tue', 2], ['tues', 2], ['wed', 3], ['Wednesday', 3],
  ['thu', 4], ['thurs', 4], ['fri', 5], ['Friday', 5], ['sat', 6], ['saturday', 6],
];
const sortedUnique = (xs: number[]): number[] => [...new Set(xs)].sort((a, b) => a - b);
const daysSpec = fc.array(fc.constantFrom(...DAY_SPELLINGS), { minLength: 1, maxLength: 7 }).chain((days) =>
  fc.constantFrom(',', ' ', ', ').map((sep) => ({ text: days.map(([w]) => w).join(sep), days: sortedUnique(days.map(([, d]) => d)) })),
);
const dateSpec = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 6, maxLength: 6 });

describe('generated valid specs parse to their wire values', () => {
  const property = <T>(name: string, arb: fc.Arbitrary<T>, check: (spec: T) => void): void => {
    fc.assert(
      fc.property(arb, (spec) => {
        count(`oracle ${name}`);
        check(spec);
      }),
      { seed: SEED, numRuns: 300 },
    );
  };

  it('dates, colours, days, month days, intervals', () => {
    property('date', fc.tuple(dateSpec, fc.constantFrom('', ' ')), ([d, pad]) => expect(parseFieldFlags({ start: pad + d + pad }, TODAY, 'add').startDate).toBe(d));
    property('relative date', fc.constantFrom('today', 'Today', 'YESTERDAY', ' yesterday'), (w) =>
      expect(parseDate(w, TODAY)).toBe(w.trim().toLowerCase() === 'today' ? TODAY : addDays(TODAY, -1)));
    property('colour', fc.tuple(hex, fc.boolean(), fc.boolean()), ([h, hash, short]) => {
      const text = (hash ? '#' : '') + (short ? h.slice(0, 3) : h);
      const want = '#' + (short ? [...h.slice(0, 3)].map((c) => c + c).join('') : h).toUpperCase();
      expect(parseFieldFlags({ color: text }, TODAY, 'add').colorHex).toBe(want);
    });
    property('days', daysSpec, ({ text, days }) => expect(parseFieldFlags({ days: text }, TODAY, 'add').occurrence).toEqual({ type: 'weekDays', days }));
    property('month days', fc.array(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 10 }), (ds) =>
      expect(parseFieldFlags({ monthDays: ds.join(',') }, TODAY, 'add').occurrence).toEqual({ type: 'monthDays', days: sortedUnique(ds) }));
    property('month day range', fc.tuple(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 31 })), ([a, b]) => {
      const [from, to] = a <= b ? [a, b] : [b, a];
      const want = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      expect(parseFieldFlags({ monthDays: `${from}-${to}` }, TODAY, 'add').occurrence).toEqual({ type: 'monthDays', days: want });
    });
    property('every', fc.tuple(fc.integer({ min: 1, max: 3650 }), fc.constantFrom('', 'd', ' days', 'D')), ([n, suffix]) =>
      expect(parseFieldFlags({ every: `${n}${suffix}` }, TODAY, 'add').occurrence).toEqual({ type: 'intervalDays', interval: n }));
  });

  it('goals, reminders, stacks, end conditions', () => {
    property('goal', fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(...GOAL_UNITS), fc.constantFrom(...PERIODICITIES)), ([n, unit, period]) =>
      expect(parseFieldFlags({ goal: `${n} ${unit} ${period}` }, TODAY, 'add').goal).toEqual({ value: n, unit, periodicity: period }));
    property('reminder', fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.option(daysSpec, { nil: undefined }), fc.boolean(), fc.boolean()),
      ([h, m, days, alarm, live]) => {
        const text = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${days ? '@' + days.text.replace(/ /g, ',') : ''}${alarm ? '!alarm' : ''}${live ? '+live' : ''}`;
        const weekDays = days ? days.days.map((d) => d + 1) : [];
        const filter = weekDays.length === 0 || weekDays.length === 7 ? {} : { occurrenceFilter: { weekDays } };
        expect(parseFieldFlags({ remind: [text] }, TODAY, 'add').timeTriggers).toEqual([{ time: { hour: h, minute: m }, showAsAlarm: alarm, showLiveActivity: live, ...filter }]);
      });
    const ref = fc.string({ unit: fc.constantFrom(...'abcXYZ019 :-_'), minLength: 1, maxLength: 12 }).filter((r) => r.trim() !== '' && !/^\s*after=/i.test(r.split(':').at(-1) ?? ''));
    property('stack', fc.tuple(ref, fc.constantFrom(...STACK_TYPES), fc.option(fc.integer({ min: 1, max: 1440 }), { nil: undefined })), ([r, type, mins]) =>
      expect(parseFieldFlags({ stack: [`${r}:${type}${mins ? `:after=${mins}m` : ''}`] }, TODAY, 'add').stacks).toEqual([
        { ref: r.trim(), type, ...(mins ? { delaySecs: mins * 60 } : {}) },
      ]));
    property('end', fc.oneof(
      dateSpec.map((d) => [`date:${d}`, { type: 'date', date: d }] as const),
      fc.integer({ min: 1, max: 100_000 }).map((n) => [`streak:${n}`, { type: 'streak', streakLength: n }] as const),
      fc.integer({ min: 1, max: 100_000 }).map((n) => [`periods:${n}`, { type: 'successPeriods', totalPeriods: n }] as const),
      fc.integer({ min: 1, max: 1_000_000_000 }).map((n) => [`total:${n}`, { type: 'totalLogValue', totalLogValue: n }] as const),
    ), ([text, want]) => expect(parseFieldFlags({ end: text }, TODAY, 'add').endCondition).toEqual(want));
  });
});

describe('through the real CLI, against the local service', () => {
  const fx = useService();
  const CLI_FLAGS = FLAGS.filter((f) => f.flag !== '--stack');

  it('a sample of inputs exits 0 or 2, and a refused value sends no request', async () => {
    const samples = fc.sample(fc.constantFrom(...CLI_FLAGS).chain((f) => fc.tuple(fc.constant(f), fc.oneof(nearValid(f.valid), grammarish))), { seed: SEED, numRuns: 60 });
    let n = 0;
    for (const [{ flag, raw }, value] of samples) {
      let valid = true;
      try {
        parseFieldFlags(raw(value), TODAY, 'add');
      } catch {
        valid = false;
      }
      const r = await fx.cli(['habit', 'add', `Fuzz ${n++}`, `${flag}=${value}`]);
      const what = `habit add ${flag}=${JSON.stringify(value)}: ${r.stderr}`;
      expect([0, 2], what).toContain(r.code);
      expect(r.stderr, what).not.toMatch(/unexpected error/);
      if (!valid) {
        expect(r.code, what).toBe(2);
        expect(r.requests, what).toEqual([]);
        count('cli refused');
      } else if (r.code === 2) {
        expect(r.requests.filter((q) => q.method !== 'GET'), what).toEqual([]);
        count('cli refused by a check after parsing');
      } else count('cli accepted');
    }
    const refs = fc.sample(fc.oneof(grammarish, fc.string({ maxLength: 10 })), { seed: SEED, numRuns: 40 });
    for (const ref of refs) {
      const r = await fx.cli(['habit', 'show', '--', ref]);
      expect([0, 2, 3], `habit show ${JSON.stringify(ref)}: ${r.stderr}`).toContain(r.code);
      expect(r.requests.filter((q) => q.method !== 'GET')).toEqual([]);
      count('cli references');
    }
    console.log(`grammar fuzz: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  }, 60_000);
});
