// The derived data kept in the store (day_totals, periods) against a full recomputation from the
// logs, after thousands of random writes, deletes, undos, goal and schedule changes and bulk loads;
// and every answer read through a timeline window against the same answer from the full timeline.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { GoalInput, Occurrence } from '../../../src/api/types.js';
import { type Day, formatDay, parseDate } from '../../../src/server/domain/dates.js';
import { periodEnd } from '../../../src/server/domain/periods.js';
import { dayStatus, periodAmount, streakAt, streakDaysAt } from '../../../src/server/domain/queries.js';
import { rangeStats } from '../../../src/server/domain/stats.js';
import { DayAccumulator, ENDED, type Timeline, buildTimeline } from '../../../src/server/domain/timeline.js';
import { lifetimeFacts, rulesOf, timelineFor } from '../../../src/server/store/derived.js';
import { openStore } from '../../../src/server/store/open.js';
import { dayTotals, periodsFrom } from '../../../src/server/store/repo/derived.js';
import { setGoal } from '../../../src/server/store/repo/goals.js';
import { type HabitRow, deleteHabit, getHabit, insertHabit, patchHabit } from '../../../src/server/store/repo/habits.js';
import { deleteLogs, deleteLogsOn, habitLogRows, importLogs, insertLog, logsOn } from '../../../src/server/store/repo/logs.js';
import type { Store } from '../../../src/server/store/store.js';
import { seeded as random } from '../../helpers/seeded.js';


const SEED = 20261125;
const rand = random(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));

const BASE = parseDate('2026-01-01') ?? 0;
const SPAN = 150; // days of history the writes land in
const OCCURRENCES: Occurrence[] = [
  { type: 'daily' }, { type: 'weekDays', days: [1, 3, 5] }, { type: 'weekDays', days: [0, 6] }, { type: 'monthDays', days: [1, 15, 31] },
  { type: 'intervalDays', interval: 3 },
];
const GOALS: (GoalInput | null)[] = [
  null, { periodicity: 'daily', value: 8, unit: 'cup' }, { periodicity: 'daily', value: 2, unit: 'L' }, { periodicity: 'weekly', value: 20, unit: 'kM' },
  { periodicity: 'monthly', value: 100, unit: 'min' }, { periodicity: 'yearly', value: 500, unit: 'rep' },
];
const UNITS = [null, 'cup', 'L', 'mL', 'kM', 'mi', 'min', 'hr', 'rep', 'kg'];

let store: Store;
let next = 0;
const id = (): string => `id-${String(++next).padStart(7, '0')}`;
const date = (day: Day): string => formatDay(day);

beforeAll(async () => {
  store = await openStore(':memory:');
});
afterAll(() => store.close());

function newHabit(fixed?: Pick<HabitRow, 'type' | 'occurrence'>): string {
  const habitId = id();
  store.write(() => {
    insertHabit(store, {
      id: habitId, name: habitId, type: fixed?.type ?? (rand() < 0.3 ? 'bad' : 'good'), description: null, icon: null, colorHex: '#000000',
      occurrence: fixed?.occurrence ?? pick(OCCURRENCES), startDate: date(BASE + int(0, 20)), createdAt: '2026-01-01T00:00:00.000Z', isArchived: false,
      customUnitName: null,
    });
    setGoal(store, habitId, fixed ? null : pick(GOALS), id(), '2026-01-01T00:00:00.000Z');
  });
  return habitId;
}

function habitOf(habitId: string): HabitRow {
  const row = getHabit(store, habitId);
  if (!row) throw new Error(`no habit ${habitId}`);
  return row;
}

/** One random write to a habit, as the handlers and the importer make them. */
function randomWrite(habitId: string): string {
  const row = habitOf(habitId);
  const start = parseDate(row.startDate) ?? 0;
  const day = date(start + int(-3, SPAN));
  const r = rand();
  store.write(() => {
    if (r < 0.4) {
      insertLog(store, { id: id(), habitId, date: day, kind: 'value', value: int(0, 40) / 4, unit: pick(UNITS), createdAt: '2026-01-01T00:00:00.000Z' });
    } else if (r < 0.65) {
      const kind = pick(['completed', 'failed', 'skipped'] as const);
      const marks = logsOn(store, habitId, day).filter((l) => l.kind !== 'value');
      if (marks.some((m) => m.kind === kind)) return;
      deleteLogs(store, habitId, marks.map((m) => m.id));
      insertLog(store, { id: id(), habitId, date: day, kind, value: int(0, 8), unit: pick(UNITS), createdAt: '2026-01-01T00:00:00.000Z' });
    } else if (r < 0.78) {
      const ids = (store.prepare('SELECT id FROM logs WHERE habit_id = ?').pluck().all(habitId) as string[]);
      if (ids.length > 0) deleteLogs(store, habitId, [pick(ids)]);
    } else if (r < 0.88) {
      deleteLogsOn(store, habitId, day);
    } else if (r < 0.92) {
      setGoal(store, habitId, pick(GOALS), id(), '2026-01-01T00:00:00.000Z');
    } else if (r < 0.95) {
      patchHabit(store, habitId, pick([{ occurrence: pick(OCCURRENCES) }, { startDate: date(BASE + int(0, 30)) }, { type: pick(['good', 'bad'] as const) }]));
    } else {
      // Two writes to far-apart days in one transaction, then a bulk load past the whole-rebuild threshold.
      insertLog(store, { id: id(), habitId, date: date(start + int(0, 10)), kind: 'value', value: 1, unit: pick(UNITS), createdAt: '2026-01-01T00:00:00.000Z' });
      deleteLogsOn(store, habitId, date(start + int(100, SPAN)));
      if (rand() < 0.3) {
        const bulk = Array.from({ length: int(60, 120) }, () => ({
          id: id(), habitId, date: date(start + int(0, SPAN)), kind: 'value' as const, value: int(1, 9), unit: pick(UNITS), createdAt: '2026-01-01T00:00:00.000Z',
        }));
        importLogs(store, bulk);
      }
    }
  });
  return day;
}

/** The habit's timeline rebuilt from every log, as the service built it before derived data was stored. */
function fullTimeline(row: HabitRow, today: Day): Timeline {
  const rules = rulesOf(store, row);
  const acc = new DayAccumulator(rules.goal?.unit ?? null);
  for (const [d, kind, value, unit] of habitLogRows(store, row.id)) acc.add(parseDate(d) ?? 0, kind, value, unit);
  return buildTimeline(rules, acc.days, today);
}

let comparisons = 0;

/** Compares the stored rows of a habit with a full recomputation. */
function checkStored(habitId: string): void {
  const row = habitOf(habitId);
  const rules = rulesOf(store, row);
  const days = fullTimeline(row, 0).days;
  expect(dayTotals(store, habitId, -ENDED, ENDED)).toEqual(days);
  // Stored periods run to the end of the period holding the last logged day, with the statuses they
  // have once ended: those of a full timeline whose today is the day after.
  const last = periodEnd(rules.goal?.periodicity ?? 'daily', Math.max(rules.startDate, ...days.keys()));
  const ended = buildTimeline(rules, days, last + 1);
  const expected = [];
  for (let i = 0; i < ended.count && (ended.pStart[i] ?? 0) <= last; i++) {
    expected.push({ first: ended.pStart[i], last: ended.pEnd[i], sum: ended.pSum[i], status: ended.pStatus[i], run: ended.run[i], runDays: ended.runDays[i] });
  }
  expect(periodsFrom(store, habitId, -ENDED)).toEqual(expected);
  comparisons++;
}

/** Compares what the handlers read through windows with the full timeline, for random days and todays. */
function checkReads(habitId: string): void {
  const row = habitOf(habitId);
  const start = parseDate(row.startDate) ?? 0;
  for (let n = 0; n < 4; n++) {
    const today = start + int(-5, SPAN + 40);
    const full = fullTimeline(row, today);
    const facts = lifetimeFacts(store, row, today);
    expect({ maxRun: facts.maxRun, completedCount: facts.completedCount, totalAmount: facts.totalAmount })
      .toEqual({ maxRun: full.maxRun, completedCount: full.completedCount, totalAmount: full.totalAmount });
    for (let k = 0; k < 3; k++) {
      const day = start + int(-5, SPAN + 60);
      const tl = timelineFor(store, row, today, day, day);
      const where = `habit ${habitId}, today ${date(today)}, day ${date(day)}`;
      expect([dayStatus(tl, day), periodAmount(tl, day), streakAt(tl, day), streakDaysAt(tl, day)], where)
        .toEqual([dayStatus(full, day), periodAmount(full, day), streakAt(full, day), streakDaysAt(full, day)]);
    }
    const from = start + int(-10, SPAN);
    const to = from + int(0, 120);
    expect(rangeStats(timelineFor(store, row, today, from, to), from, to), `habit ${habitId}, today ${date(today)}, ${date(from)}..${date(to)}`)
      .toEqual(rangeStats(full, from, to));
    comparisons += 5;
  }
}

describe('stored derived data', () => {
  test('matches a full recomputation after thousands of random writes, deletes and undos', () => {
    const habits = Array.from({ length: 12 }, () => newHabit());
    let writes = 0;
    for (let round = 0; round < 250; round++) {
      for (const habitId of habits) {
        randomWrite(habitId);
        writes++;
      }
      if (round % 25 === 24) {
        for (const habitId of habits) {
          checkStored(habitId);
          checkReads(habitId);
        }
      }
    }
    for (const habitId of habits) {
      checkStored(habitId);
      checkReads(habitId);
    }
    // A deleted habit leaves no derived rows behind.
    const gone = habits[0] ?? '';
    store.write(() => deleteHabit(store, gone));
    expect(store.prepare('SELECT (SELECT COUNT(*) FROM day_totals WHERE habit_id = ?) + (SELECT COUNT(*) FROM periods WHERE habit_id = ?)').pluck().get(gone, gone)).toBe(0);
    expect(store.prepare('SELECT COUNT(*) FROM derived_dirty').pluck().get()).toBe(0);
    console.log(`derived data: ${writes} random writes on ${habits.length} habits, ${comparisons} comparisons with a full recomputation (seed ${SEED})`);
    expect(writes).toBeGreaterThanOrEqual(3000);
  });

  test('reads in the middle of a write see what the write did so far', () => {
    const habitId = newHabit({ type: 'good', occurrence: { type: 'daily' } });
    const row = habitOf(habitId);
    const day = parseDate(row.startDate) ?? 0;
    store.write(() => {
      insertLog(store, { id: id(), habitId, date: date(day), kind: 'completed', value: 0, unit: null, createdAt: '2026-01-01T00:00:00.000Z' });
      const tl = timelineFor(store, row, day, day, day);
      expect([dayStatus(tl, day), streakAt(tl, day)]).toEqual(['completed', 1]);
    });
  });
});
