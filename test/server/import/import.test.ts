// The store-level importer: how history is rebuilt from dailyProgress (checked against the timeline
// code), upsert and rollback semantics, cache invalidation, and tolerance of other servers' shapes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Area, DailyProgress, ExportDocument, ExportedHabit, Habit, Statistics } from '../../../src/api/types.js';
import { ROUTES } from '../../../src/server/http/router.js';
import { PATH_WORDS } from '../../../src/server/ids.js';
import { rebuildHistory } from '../../../src/server/import/history.js';
import { createServer, importDocument, InvalidExportError, openStore, parseExportDocument, type Store } from '../../../src/server/index.js';
import { type Data, type ServedHabit, client } from '../fixtures.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');

/** Days from `from` with the given statuses and totals: `c3` is completed with 3, `-` none, `i` inprogress. */
function days(from: string, codes: string): DailyProgress[] {
  const names: Record<string, string> = { c: 'completed', f: 'failed', s: 'skipped', i: 'inprogress', '-': 'none' };
  return codes.split(' ').map((code, i) => ({
    date: new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10),
    status: names[code[0]!]!,
    totalLog: Number(code.slice(1) || 0),
  }));
}

function habit(overrides: Partial<ExportedHabit>, progress: DailyProgress[]): ExportedHabit {
  return {
    id: 'h1', name: 'Walk', icon: null, colorHex: '#112233', type: 'good', description: null, occurrence: { type: 'daily' },
    startDate: progress[0]?.date ?? '2026-11-01', createdAt: '2026-10-01T08:00:00.000Z', isArchived: false, logMethod: 'manual',
    goals: [], areas: [], timeOfDays: [], reminders: { timeTriggers: [], habitStacks: [] }, endCondition: null, notes: [],
    ...overrides,
    statistics: { id: 'h1', name: 'Walk', dailyProgress: progress } as Statistics,
  };
}

const goal = (periodicity: string, value: number, unit: string) => [{ id: 'g1', createdAt: '2026-10-01T08:00:00.000Z', periodicity, value, unit, isActive: true }];

function doc(habits: ExportedHabit[], areas: ExportDocument['areas'] = []): ExportDocument {
  return { format: 'habits-export', version: 1, exportedAt: NOW.toISOString(), source: 'local', areas, habits };
}

/** One object of a document as parsed JSON: a field may hold whatever a foreign file holds. */
type RawObject = Record<string, unknown>;

/** A habit of a parsed document, with the parts the tests below edit. */
interface RawHabit extends RawObject {
  goals: RawObject[];
  reminders: RawObject;
  statistics: { dailyProgress: RawObject[] };
}

/** A document as parsed JSON, for the edits that make it invalid. */
interface RawDoc extends RawObject {
  areas: unknown[];
  habits: RawHabit[];
}

/** `document` as JSON.parse returns it from the file. */
const asJson = (document: ExportDocument): RawDoc => JSON.parse(JSON.stringify(document)) as RawDoc;

const kinds = (h: ExportedHabit) => rebuildHistory(h).logs.map((l) => `${l.date.slice(5)} ${l.kind} ${l.value}`);

describe('rebuildHistory', () => {
  // 2026-11-02 is a Monday.
  it('a weekly goal reached by its sums needs no mark; one completed by a mark gets it on its last completed day', () => {
    const h = habit({ goals: goal('weekly', 10, 'kM'), occurrence: { type: 'weekDays', days: [1, 3, 5] } },
      days('2026-11-02', 'c4 -0 c6 -0 c0 -0 -0 c3 -0 c0 -0 c0 -0 -0'));
    expect(kinds(h)).toEqual(['11-02 value 4', '11-04 value 6', '11-09 value 3', '11-13 completed 0']);
    expect(rebuildHistory(h).inexact).toEqual([]);
  });

  it('reads the same history whether days that are not due are left out, `none`, or inprogress with nothing logged', () => {
    const week = { goals: goal('weekly', 10, 'kM'), occurrence: { type: 'weekDays' as const, days: [1, 3, 5] } };
    // Ours: Tuesday's 2 kM is listed (inprogress), the other days that are not due are left out.
    const ours = [{ date: '2026-11-02', totalLog: 4, status: 'completed' }, { date: '2026-11-03', totalLog: 2, status: 'inprogress' },
      { date: '2026-11-04', totalLog: 4, status: 'completed' }, { date: '2026-11-06', totalLog: 0, status: 'completed' }];
    const older = days('2026-11-02', 'c4 -2 c4 -0 c0');
    const foreign = days('2026-11-02', 'c4 i2 c4 i0 c0');
    for (const progress of [ours, older, foreign]) {
      const h = habit({ ...week, startDate: '2026-11-02' }, progress);
      expect(kinds(h)).toEqual(['11-02 value 4', '11-03 value 2', '11-04 value 4']);
      expect(rebuildHistory(h).inexact).toEqual([]);
    }
  });

  it('a wholly skipped week is a skip mark on each due day; a marked day keeps its amount in a value log of its own', () => {
    const h = habit({ goals: goal('daily', 30, 'min') }, days('2026-11-16', 's0 s5 f10 i12 c30 c0 i0'));
    expect(kinds(h)).toEqual([
      '11-16 skipped 0', '11-17 value 5', '11-17 skipped 0', '11-18 value 10', '11-18 failed 0', '11-19 value 12', '11-20 value 30', '11-21 completed 0',
    ]);
  });

  it('a bad habit: ended clean days need nothing, over-limit days are their amounts, the open day needs its mark', () => {
    const h = habit({ type: 'bad', goals: goal('daily', 3, 'rep') }, days('2026-11-18', 'c2 f5 f0 s0 c1'));
    expect(kinds(h)).toEqual(['11-18 value 2', '11-19 value 5', '11-20 failed 0', '11-21 skipped 0', '11-22 value 1', '11-22 completed 0']);
    expect(rebuildHistory(habit({ type: 'bad', goals: goal('daily', 3, 'rep') }, days('2026-11-21', 'c0 i0'))).logs).toEqual([]);
  });

  it('days before the start date keep their amounts; a monthly goal is judged per calendar month', () => {
    const h = habit({ startDate: '2026-10-31', goals: goal('monthly', 5, 'hr') }, days('2026-10-29', '-2 -0 c1 i0 i4'));
    expect(kinds(h)).toEqual(['10-29 value 2', '10-31 value 1', '10-31 completed 0', '11-02 value 4']);
  });

  it('a day whose total is below 0 is one negative value log; its status comes back as it was', () => {
    const good = habit({ goals: goal('daily', 30, 'min') }, days('2026-11-19', 'i-10 c40 i0 c-5'));
    expect(kinds(good)).toEqual(['11-19 value -10', '11-20 value 40', '11-22 value -5', '11-22 completed 0']);
    expect(rebuildHistory(good).inexact).toEqual([]);
    // A bad habit's clean days, one of them lowered below 0; a limit broken, then brought back under it.
    const bad = habit({ type: 'bad', goals: goal('daily', 3, 'rep') }, days('2026-11-20', 'c-2 c2.5 i-1'));
    expect(kinds(bad)).toEqual(['11-20 value -2', '11-21 value 2.5', '11-22 value -1']);
    expect(rebuildHistory(bad).inexact).toEqual([]);
    const weekly = habit({ goals: goal('weekly', 10, 'kM'), startDate: '2026-11-16' }, days('2026-11-16', 'c12 c-2 c0 c0 c0 c0 c0'));
    expect(kinds(weekly)).toEqual(['11-16 value 12', '11-17 value -2']);
    expect(rebuildHistory(weekly).inexact).toEqual([]);
  });

  it('gives every log its own id, and reports days a rebuild cannot reproduce', () => {
    const h = habit({ goals: goal('daily', 30, 'min') }, days('2026-11-20', 'c30 f40'));
    expect(kinds(h)).toEqual(['11-20 value 30', '11-21 value 40', '11-21 failed 0']);
    expect(new Set(rebuildHistory(h).logs.map((l) => l.id)).size).toBe(3);
    // A good habit cannot fail a day whose amount reaches the goal.
    expect(rebuildHistory(h).inexact).toEqual(['2026-11-21']);
  });
});

/** A service on `store` at NOW: the shared caller, and `get` for the `data` of a GET. */
async function serve(store: Store) {
  const server = createServer({ db: store, apiKey: 'k', timezone: 'UTC', rateLimit: false, clock: { now: () => NOW } });
  const listening = await server.listen({ port: 0 });
  const call = client({ url: listening.url, apiKey: 'k' });
  const get = async <T,>(path: string): Promise<T> => (await call<Data<T>>('GET', path)).body.data;
  return { call, get, close: () => listening.close() };
}

const count = (store: Store, table: string) => (store.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('importDocument', () => {
  it('makes a running service see the new history at once (its timeline cache is invalidated)', async () => {
    const store = await openStore(':memory:');
    const svc = await serve(store);
    try {
      importDocument(store, doc([habit({ goals: goal('daily', 1, 'rep') }, days('2026-11-21', 'c1 i0'))]));
      const before = await svc.get<Statistics>('/habits/h1/statistics');
      expect(before.completions).toBe(1);
      const result = importDocument(store, doc([habit({ goals: goal('daily', 1, 'rep') }, days('2026-11-21', 'c1 c1'))]));
      expect(result).toEqual({ areas: 0, habits: 1, archived: 0, notes: 0, days: 2, inexact: [] });
      expect((await svc.get<Statistics>('/habits/h1/statistics')).completions).toBe(2);
    } finally {
      await svc.close();
      store.close();
    }
  });

  it('another connection serving the same file sees the import on its next request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'habits-import-'));
    const serving = await openStore(join(dir, 'h.db'));
    const svc = await serve(serving);
    try {
      importDocument(serving, doc([habit({}, days('2026-11-22', 'i0'))]));
      expect((await svc.get<Statistics>('/habits/h1/statistics?startDate=2026-11-22')).completions).toBe(0);
      const other = await openStore(join(dir, 'h.db'));
      importDocument(other, doc([habit({}, days('2026-11-22', 'c1'))]));
      other.close();
      expect((await svc.get<Statistics>('/habits/h1/statistics?startDate=2026-11-22')).completions).toBe(1);
    } finally {
      await svc.close();
      serving.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes nothing when a reference fails inside the transaction', async () => {
    const store = await openStore(':memory:');
    const area = { id: 'a1', name: 'Health', colorHex: '#00FF00', icon: '', createdAt: '2026-10-01T08:00:00.000Z' };
    const stacked = habit({ reminders: { habitStacks: [{ id: 's1', conditionHabitId: 'ghost', type: 'completed', timerType: 'immediately', timerDelaySecs: 0 }] } }, days('2026-11-22', 'i0'));
    expect(() => importDocument(store, doc([stacked], [area]))).toThrow(InvalidExportError);
    expect(() => importDocument(store, doc([stacked], [area]))).toThrow('$.habits[0].reminders.habitStacks[0].conditionHabitId: no habit has the id "ghost"');
    expect(['areas', 'habits', 'logs'].map((t) => count(store, t))).toEqual([0, 0, 0]);
    store.close();
  });

  it('refuses an id the store gives another kind of record, and writes nothing', async () => {
    const store = await openStore(':memory:');
    const area = { id: 'a1', name: 'Health', colorHex: '#00FF00', icon: '', createdAt: '2026-10-01T08:00:00.000Z' };
    importDocument(store, doc([habit({ goals: goal('daily', 1, 'rep') }, days('2026-11-22', 'i0'))], [area]));
    const tables = ['areas', 'habits', 'goals', 'logs', 'notes'];
    const before = tables.map((t) => count(store, t));
    const note = { id: 'g1', createdAt: '2026-11-01T08:00:00.000Z', content: 'ok', moodLevel: null, photos: [] };
    for (const [document, message] of [
      [doc([habit({ id: 'a1' }, days('2026-11-21', 'c1 c1'))]), '$.habits[0].id: "a1" is the id of an area in the store; an id names one record'],
      [doc([], [{ ...area, id: 'h1' }]), '$.areas[0].id: "h1" is the id of a habit in the store; an id names one record'],
      [doc([habit({ id: 'h2', notes: [note] }, days('2026-11-21', 'c1 c1'))]), '$.habits[0].notes[0].id: "g1" is the id of a goal in the store; an id names one record'],
      [doc([habit({ id: 'h2', areas: [{ ...area, id: 'h1' }] }, days('2026-11-22', 'c1'))]), '$.habits[0].areas[0].id: "h1" is the id of a habit in the store; an id names one record'],
    ] as const) {
      expect(() => importDocument(store, document)).toThrow(message);
      expect(tables.map((t) => count(store, t))).toEqual(before);
    }
    // The same ids for the same kinds are the records the import overwrites.
    expect(importDocument(store, doc([habit({ goals: goal('daily', 1, 'rep') }, days('2026-11-22', 'c1'))], [area]))).toMatchObject({ habits: 1, areas: 1 });
    store.close();
  });

  it('keeps notes the document lacks, moves a note by id, and creates areas only habits name', async () => {
    const store = await openStore(':memory:');
    const note = (id: string, content: string) => ({ id, createdAt: '2026-11-01T08:00:00.000Z', content, moodLevel: null, photos: [] });
    const area = { id: 'a9', name: 'Embedded', colorHex: '#ABCDEF', icon: 'x', createdAt: '2026-10-01T08:00:00.000Z' };
    importDocument(store, doc([
      habit({ notes: [note('n1', 'one'), note('n2', 'two')] }, days('2026-11-22', 'i0')),
      habit({ id: 'h2', notes: [], areas: [area] }, days('2026-11-22', 'i0')),
    ]));
    const result = importDocument(store, doc([habit({ id: 'h2', notes: [note('n2', 'moved')] }, days('2026-11-22', 'i0'))]));
    expect(result).toMatchObject({ habits: 1, notes: 1, areas: 0 });
    const notes = store.db.prepare('SELECT id, habit_id, content FROM notes ORDER BY id').all();
    expect(notes).toEqual([{ id: 'n1', habit_id: 'h1', content: 'one' }, { id: 'n2', habit_id: 'h2', content: 'moved' }]);
    expect(store.db.prepare('SELECT id, name FROM areas').all()).toEqual([{ id: 'a9', name: 'Embedded' }]);
    // The second import overwrote h2 from the document, which names no area now.
    expect(count(store, 'habit_areas')).toBe(0);
    store.close();
  });

  it('importing the same document twice leaves the same rows, ids included', async () => {
    const store = await openStore(':memory:');
    const area = { id: 'a1', name: 'Health', colorHex: '#00FF00', icon: 'leaf', createdAt: '2026-10-01T08:00:00.000Z' };
    const note = { id: 'n1', createdAt: '2026-11-01T08:00:00.000Z', content: 'ok', moodLevel: 'high', photos: ['https://x.test/1.jpg'] };
    const end = { id: 'e1', type: 'streak', streakLength: 3, createdAt: '2026-10-01T08:00:00.000Z', isMet: false } as const;
    const document = doc([
      habit({ goals: goal('daily', 30, 'min'), areas: [area], notes: [note], endCondition: end }, days('2026-11-16', 's0 s5 f10 i12 c30 c0 i0')),
      habit({ id: 'h2', reminders: { habitStacks: [{ id: 's1', conditionHabitId: 'h1', type: 'completed', timerType: 'immediately', timerDelaySecs: 0 }] } }, days('2026-11-21', 'c1 i0')),
    ], [area]);
    const dump = () => Object.fromEntries(['areas', 'habits', 'goals', 'habit_areas', 'habit_stacks', 'end_conditions', 'notes', 'logs'].map((table) => {
      // Every column but seq: re-inserted rows get new row numbers, which nothing shows.
      const columns = (store.db.prepare(`SELECT name FROM pragma_table_info('${table}') WHERE name <> 'seq'`).all() as { name: string }[]).map((c) => c.name);
      return [table, store.db.prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY ${columns.join(', ')}`).all()];
    }));
    importDocument(store, document);
    const first = dump();
    expect(first.logs).toHaveLength(9);
    importDocument(store, document);
    expect(dump()).toEqual(first);
    store.close();
  });

  it("keeps an imported day's amount when its mark is replaced later", async () => {
    const store = await openStore(':memory:');
    importDocument(store, doc([habit({ goals: goal('daily', 30, 'min') }, days('2026-11-20', 'f10 s5 i0'))]));
    const svc = await serve(store);
    try {
      expect((await svc.call('POST', '/habits/h1/logs/skipped', { targetDate: '2026-11-20' })).status).toBe(201);
      expect((await svc.call('POST', '/habits/h1/logs/failed', { targetDate: '2026-11-21' })).status).toBe(201);
      const stats = await svc.get<Statistics>('/habits/h1/statistics?startDate=2026-11-20&endDate=2026-11-21');
      expect(stats.dailyProgress).toEqual([
        { date: '2026-11-20', totalLog: 10, status: 'skipped' },
        { date: '2026-11-21', totalLog: 5, status: 'failed' },
      ]);
    } finally {
      await svc.close();
      store.close();
    }
  });

  it('a running service sees imported areas, and a goal that moved away from the habit that held it', async () => {
    const store = await openStore(':memory:');
    importDocument(store, doc([habit({ goals: goal('daily', 30, 'min') }, days('2026-11-22', 'i10'))]));
    const svc = await serve(store);
    try {
      expect(await svc.get<Area[]>('/areas')).toEqual([]);
      expect((await svc.get<Statistics>('/habits/h1/statistics?startDate=2026-11-22')).unit).toEqual({ id: 'unit-min', name: 'minutes', symbol: 'min', type: 'duration' });
      const area = { id: 'a1', name: 'Health', colorHex: '#00FF00', icon: '', createdAt: '2026-10-01T08:00:00.000Z' };
      // h2 takes goal g1: ids are unique, so h1 is left without a goal.
      importDocument(store, doc([habit({ id: 'h2', goals: goal('daily', 30, 'min') }, days('2026-11-22', 'i0'))], [area]));
      expect(await svc.get<Area[]>('/areas')).toEqual([area]);
      expect((await svc.get<ServedHabit>('/habits/h1')).goals).toEqual([]);
      expect(await svc.get<Statistics>('/habits/h1/statistics?startDate=2026-11-22')).toMatchObject({
        unit: { id: 'unit-rep', name: 'times', symbol: 'rep', type: 'scalar' }, dailyProgress: [{ date: '2026-11-22', totalLog: 10, status: 'completed' }],
      });
    } finally {
      await svc.close();
      store.close();
    }
  });

  it('reads another server: the newest goal is active when none is flagged, times of day match by name', async () => {
    const store = await openStore(':memory:');
    const goals = [
      { id: 'g1', createdAt: '2026-01-01T00:00:00.000Z', periodicity: 'daily', value: 10, unit: 'min' },
      { id: 'g2', createdAt: '2026-06-01T00:00:00.000Z', periodicity: 'daily', value: 20, unit: 'min' },
    ];
    const raw = asJson(doc([habit({}, days('2026-11-22', 'c20'))]));
    Object.assign(raw.habits[0]!, { goals, timeOfDays: [{ id: '-Nx1', name: 'Evening' }, { id: '-Nx2', name: 'Night owl' }], reminders: undefined });
    delete raw.habits[0]!.goal;
    importDocument(store, parseExportDocument(raw));
    const svc = await serve(store);
    try {
      const h = await svc.get<ServedHabit>('/habits/h1');
      expect(h.goal).toMatchObject({ id: 'g2', value: 20, isActive: true });
      expect(h.goals.map((g) => g.isActive)).toEqual([false, true]);
      expect(h.timeOfDays.map((t) => t.id)).toEqual(['evening']);
      expect((await svc.get<Statistics>('/habits/h1/statistics?startDate=2026-11-22')).dailyProgress).toEqual([{ date: '2026-11-22', totalLog: 20, status: 'completed' }]);
    } finally {
      await svc.close();
      store.close();
    }
  });
});

describe('parseExportDocument', () => {
  const valid = (): RawDoc => asJson(doc([habit({ goals: goal('daily', 1, 'rep') }, days('2026-11-21', 'c1 i0'))]));
  const problem = (mutate: (d: RawDoc) => void) => {
    const d = valid();
    mutate(d);
    try {
      parseExportDocument(d, NOW);
      return 'accepted';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('accepts a valid document', () => {
    expect(parseExportDocument(valid(), NOW).habits[0]).toMatchObject({ id: 'h1', goal: { id: 'g1' } });
  });

  it.each([
    ['the format', (d: RawDoc) => delete d.format, '$.format: is missing: this is not a habits export'],
    ['the version', (d: RawDoc) => (d.version = '1'), '$.version: must be 1, not "1" (this build reads version 1 exports)'],
    ['an area', (d: RawDoc) => (d.areas = [{ id: 'a', name: '', colorHex: 'red', createdAt: 'x' }]), '$.areas[0].name: must not be empty (and 2 more problems)'],
    ['a habit type', (d: RawDoc) => (d.habits[0]!.type = 'neutral'), '$.habits[0].type: must be one of: good, bad'],
    ['an occurrence', (d: RawDoc) => (d.habits[0]!.occurrence = { type: 'weekDays', days: [7] }), '$.habits[0].occurrence.days[0]: must be an integer between 0 and 6'],
    ['a goal periodicity', (d: RawDoc) => (d.habits[0]!.goals[0]!.periodicity = 'hourly'), '$.habits[0].goals[0].periodicity: must be one of: daily, weekly, monthly, yearly'],
    ['a stack id', (d: RawDoc) => (d.habits[0]!.reminders.habitStacks = [{ conditionHabitId: 'x', type: 'completed', timerType: 'immediately' }]), '$.habits[0].reminders.habitStacks[0].id: is required (stacks keep their ids)'],
    ['an end condition', (d: RawDoc) => (d.habits[0]!.endCondition = { id: 'e', type: 'streak', createdAt: '2026-01-01T00:00:00Z' }), '$.habits[0].endCondition.streakLength: must be an integer between 1 and 100000'],
    ['a note mood', (d: RawDoc) => (d.habits[0]!.notes = [{ id: 'n', createdAt: '2026-01-01T00:00:00Z', moodLevel: 'meh', photos: [] }]), '$.habits[0].notes[0].moodLevel: must be one of: veryLow, low, neutral, high, veryHigh'],
    ['the day order', (d: RawDoc) => d.habits[0]!.statistics.dailyProgress.reverse(), '$.habits[0].statistics.dailyProgress[1].date: must come after 2026-11-22: days are listed once, in order'],
    ['a total', (d: RawDoc) => (d.habits[0]!.statistics.dailyProgress[0]!.totalLog = '1'), '$.habits[0].statistics.dailyProgress[0].totalLog: must be a number'],
    ['a duplicate habit', (d: RawDoc) => d.habits.push(d.habits[0]!), '$.habits[1].id: duplicates the habit id "h1" of $.habits[0].id (and 1 more problem)'],
    // What the API refuses, an import refuses too.
    ['a stack on the habit itself', (d: RawDoc) => (d.habits[0]!.reminders.habitStacks = [{ id: 's', conditionHabitId: 'h1', type: 'completed', timerType: 'immediately' }]),
      '$.habits[0].reminders.habitStacks[0].conditionHabitId: cannot be the habit itself'],
    ['an immediate stack with a delay', (d: RawDoc) => (d.habits[0]!.reminders.habitStacks = [{ id: 's', conditionHabitId: 'h9', type: 'completed', timerType: 'immediately', timerDelaySecs: 600 }]),
      '$.habits[0].reminders.habitStacks[0].timerDelaySecs: must be 0 (or left out) when timerType is "immediately"'],
    ['a photo that is no URL', (d: RawDoc) => (d.habits[0]!.notes = [{ id: 'n', createdAt: '2026-01-01T00:00:00Z', content: 'x', photos: ['photo.jpg'] }]), '$.habits[0].notes[0].photos[0]: must be an absolute URL'],
    ['an empty note', (d: RawDoc) => (d.habits[0]!.notes = [{ id: 'n', createdAt: '2026-01-01T00:00:00Z', content: '', moodLevel: null, photos: [] }]),
      '$.habits[0].notes[0]: must have content, a moodLevel or at least one photo'],
    ['a lone surrogate, which SQLite would store as U+FFFD', (d: RawDoc) => (d.habits[0]!.name = 'x\ud800'), '$.habits[0].name: must be valid Unicode text: it holds an unpaired UTF-16 surrogate'],
    ['a name too long once trimmed', (d: RawDoc) => (d.habits[0]!.name = ` ${'x'.repeat(201)} `), '$.habits[0].name: must be at most 200 characters'],
  ])('names the path of a bad %s', (_what, mutate, message) => {
    expect(problem(mutate)).toBe(message);
  });

  // Every field the import writes is held to the rule of the request that would create it, and
  // ids and creation times to what the service itself makes. Each of these was imported before.
  const area = (over: RawObject = {}): RawObject => ({ id: 'a1', name: 'Health', colorHex: '#112233', icon: '', createdAt: '2026-01-01T00:00:00.000Z', ...over });
  const stack = (over: RawObject = {}): RawObject => ({ id: 's1', conditionHabitId: 'h9', type: 'completed', timerType: 'immediately', timerDelaySecs: 0, ...over });
  const noteOf = (over: RawObject = {}): RawObject => ({ id: 'n1', createdAt: '2026-01-01T00:00:00.000Z', content: 'x', moodLevel: null, photos: [], ...over });
  const day = (d: RawDoc): RawObject => d.habits[0]!.statistics.dailyProgress[0]!;
  it.each([
    // Ids: what the service could have made, never a word of its paths.
    ['a habit id that is a route word', (d: RawDoc) => (d.habits[0]!.id = 'journal'), '$.habits[0].id: "journal" is a reserved word of the API\'s paths'],
    ['an area id that is a route word', (d: RawDoc) => (d.areas = [area({ id: 'areas' })]), '$.areas[0].id: "areas" is a reserved word of the API\'s paths'],
    ['a note id that is a route word', (d: RawDoc) => (d.habits[0]!.notes = [noteOf({ id: 'notes' })]), '$.habits[0].notes[0].id: "notes" is a reserved word of the API\'s paths'],
    ['a habit id with a slash', (d: RawDoc) => (d.habits[0]!.id = 'a/b'), '$.habits[0].id: must be an id of letters, digits, - and _ only (found "/")'],
    ['a habit id of dots', (d: RawDoc) => (d.habits[0]!.id = '..'), '$.habits[0].id: must be an id of letters, digits, - and _ only (found ".")'],
    ['a goal id with a control character', (d: RawDoc) => (d.habits[0]!.goals[0]!.id = 'g\u0007'), '$.habits[0].goals[0].id: must be an id of letters, digits, - and _ only (found \\x07)'],
    ['a stack id with a space', (d: RawDoc) => (d.habits[0]!.reminders.habitStacks = [stack({ id: 's 1' })]), '$.habits[0].reminders.habitStacks[0].id: must be an id of letters, digits, - and _ only (found \\x20)'],
    ['an end condition id with a non-ASCII letter', (d: RawDoc) => (d.habits[0]!.endCondition = { id: 'é', type: 'streak', streakLength: 2, createdAt: '2026-01-01T00:00:00Z' }),
      '$.habits[0].endCondition.id: must be an id of letters, digits, - and _ only (found \\xe9)'],
    ['a note id with an emoji', (d: RawDoc) => (d.habits[0]!.notes = [noteOf({ id: 'n\ud83d\ude00' })]), '$.habits[0].notes[0].id: must be an id of letters, digits, - and _ only (found \\u{1f600})'],
    ['an id too long', (d: RawDoc) => (d.habits[0]!.id = 'x'.repeat(201)), '$.habits[0].id: must be at most 200 characters'],
    ['a habit id that is an area id', (d: RawDoc) => { d.areas = [area()]; d.habits[0]!.id = 'a1'; }, '$.habits[0].id: duplicates the area id "a1" of $.areas[0].id'],
    ['a goal id that is the habit id', (d: RawDoc) => (d.habits[0]!.goals[0]!.id = 'h1'), '$.habits[0].goals[0].id: duplicates the habit id "h1" of $.habits[0].id'],
    ['an area a habit lists under a note id', (d: RawDoc) => { d.habits[0]!.notes = [noteOf({ id: 'x1' })]; d.habits.push({ ...d.habits[0]!, id: 'h2', goals: [], notes: [], areas: [area({ id: 'x1' })] }); },
      '$.habits[1].areas[0].id: duplicates the note id "x1" of $.habits[0].notes[0].id'],
    // Values within the API's limits: a day's total becomes one value log.
    ['a day total of 1e308', (d: RawDoc) => (day(d).totalLog = 1e308), '$.habits[0].statistics.dailyProgress[0].totalLog: must be a number from -1000000000 to 1000000000'],
    ['a day total just over a log\'s limit', (d: RawDoc) => (day(d).totalLog = 1e9 + 0.5), '$.habits[0].statistics.dailyProgress[0].totalLog: must be a number from -1000000000 to 1000000000'],
    ['a day total just under a log\'s negative limit', (d: RawDoc) => (day(d).totalLog = -1e9 - 0.5), '$.habits[0].statistics.dailyProgress[0].totalLog: must be a number from -1000000000 to 1000000000'],
    ['a day after today', (d: RawDoc) => d.habits[0]!.statistics.dailyProgress.push({ date: '2026-11-24', totalLog: 1, status: 'completed' }),
      '$.habits[0].statistics.dailyProgress[2].date: is in the future'],
    ['an end date before the start date', (d: RawDoc) => (d.habits[0]!.endCondition = { id: 'e1', type: 'date', date: '2026-11-20', createdAt: '2026-01-01T00:00:00Z' }),
      '$.habits[0].endCondition.date: is before the start date 2026-11-21'],
    // Names, colours, icons and units as a request must send them.
    ['a habit name with a control character', (d: RawDoc) => (d.habits[0]!.name = 'New\nline'), '$.habits[0].name: must be one line of printable text, without control characters (found \\n)'],
    ['an area name with an escape sequence', (d: RawDoc) => (d.areas = [area({ name: 'Area\u001b[31mred' })]), '$.areas[0].name: must be one line of printable text, without control characters (found \\x1b)'],
    ['an area icon with a bell', (d: RawDoc) => (d.areas = [area({ icon: '\u0007' })]), '$.areas[0].icon: must be one line of printable text, without control characters (found \\x07)'],
    ['a habit icon with a bidi override', (d: RawDoc) => (d.habits[0]!.icon = 'a\u202eb'), '$.habits[0].icon: must be one line of printable text, without control characters (found \\u202e)'],
    ['a description with an escape', (d: RawDoc) => (d.habits[0]!.description = 'ok\tthen\u001b'), '$.habits[0].description: must not contain control characters other than line breaks and tabs (found \\x1b)'],
    ['a unit name with a line break', (d: RawDoc) => (d.habits[0]!.customUnitName = 'a\nb'), '$.habits[0].customUnitName: must be one line of printable text, without control characters (found \\n)'],
    ['a habit colour in another notation', (d: RawDoc) => (d.habits[0]!.colorHex = '#FF7B61FF'), '$.habits[0].colorHex: must be a hex color like #RRGGBB or #RGB'],
    ['an area colour in another notation', (d: RawDoc) => (d.areas = [area({ colorHex: 'rgb(1, 2, 3)' })]), '$.areas[0].colorHex: must be a hex color like #RRGGBB or #RGB'],
    ['a habit without a colour', (d: RawDoc) => delete d.habits[0]!.colorHex, '$.habits[0].colorHex: is required'],
    // Creation times as the service stamps them: a past moment with a zone.
    ['a creation time in the future', (d: RawDoc) => (d.habits[0]!.createdAt = '2026-11-23T00:00:00.000Z'), '$.habits[0].createdAt: is in the future'],
    ['a note written in the future', (d: RawDoc) => (d.habits[0]!.notes = [noteOf({ createdAt: '2027-01-01T00:00:00Z' })]), '$.habits[0].notes[0].createdAt: is in the future'],
    ['a creation time without a zone', (d: RawDoc) => (d.habits[0]!.goals[0]!.createdAt = '2026-10-01T08:00:00'),
      '$.habits[0].goals[0].createdAt: must be an ISO 8601 date-time with a zone (2026-11-21T09:30:00Z) from 1900 on'],
    ['a creation time before 1900', (d: RawDoc) => (d.areas = [area({ createdAt: '1899-12-31T23:59:59Z' })]), '$.areas[0].createdAt: must be an ISO 8601 date-time with a zone (2026-11-21T09:30:00Z) from 1900 on'],
    // Several problems: the first, and how many more.
    ['several things', (d: RawDoc) => { d.habits[0]!.id = 'journal'; day(d).totalLog = 1e308; d.habits[0]!.colorHex = 'red'; },
      '$.habits[0].id: "journal" is a reserved word of the API\'s paths (and 2 more problems)'],
  ])('refuses what the API would: %s', (_what, mutate, message) => {
    expect(problem(mutate)).toBe(message);
  });

  it('reserves exactly the words of the route table', () => {
    const words = new Set(ROUTES.flatMap((r) => r.split(' ')[1]!.slice(1).split('/').filter((w) => !w.startsWith('{'))));
    expect([...PATH_WORDS].sort()).toEqual([...words].sort());
  });

  it('takes the service\'s own ids and the largest amounts the API takes; keeps creation times in UTC', () => {
    const d = valid();
    d.habits[0]!.id = '-OAbc_123XYZ-def456g';
    d.habits[0]!.statistics.dailyProgress[0]!.totalLog = 1e9;
    d.habits[0]!.statistics.dailyProgress[1]!.totalLog = -1e9;
    d.habits[0]!.goals[0]!.value = 1e9;
    d.habits[0]!.createdAt = '2026-10-01T10:00:00+02:00';
    d.habits[0]!.name = ' Walk ';
    d.habits[0]!.description = 'Line one\n\tLine two';
    const parsed = parseExportDocument(d, NOW).habits[0]!;
    expect(parsed).toMatchObject({ id: '-OAbc_123XYZ-def456g', createdAt: '2026-10-01T08:00:00.000Z', name: 'Walk', description: 'Line one\n\tLine two' });
    expect(parsed.statistics.dailyProgress.map((p) => p.totalLog)).toEqual([1e9, -1e9]);
  });

  it('bounds the history a document spans: each habit from its start to today, summed', () => {
    const d = valid();
    const one = d.habits[0]!;
    // 1900-01-01 to 2026-11-23 (today in UTC+14) is 46 348 days: 215 such habits stay within 10 million, 216 do not.
    const ancient = (n: number) => Array.from({ length: n }, (_, i) => ({ ...one, id: `h${i}`, goals: [], startDate: '1900-01-01', statistics: { dailyProgress: [] } }));
    expect(parseExportDocument({ ...d, habits: ancient(215) }, NOW).habits).toHaveLength(215);
    d.habits = ancient(216) as RawHabit[];
    expect(() => parseExportDocument(d, NOW)).toThrow('$.habits: span 10011168 days of history (each habit from its start to today); an import takes at most 10000000');
  });
});

describe('rebuild against the timeline, on random histories', () => {
  // A small seeded generator, so a failure names a reproducible case.
  function rng(seed: number) {
    return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  }

  it('reproduces the statistics and the habit of 60 random habits exactly', async () => {
    const a = await openStore(':memory:');
    const b = await openStore(':memory:');
    const sa = await serve(a);
    const sb = await serve(b);
    const send = sa.call;
    /**
     * The body of a write that must succeed. A 409 (a mark already set) is fine, and so is the one
     * refusal random marks meet: completing a bad habit that is over its limit.
     */
    const call = async <T,>(method: string, path: string, body: unknown): Promise<T> => {
      const res = await send<T>(method, path, body);
      const overLimit = res.status === 400 && JSON.stringify(res.body).includes('over its limit');
      if (res.status >= 400 && res.status !== 409 && !overLimit) throw new Error(`${method} ${path}: ${JSON.stringify(res.body)}`);
      return res.body;
    };
    try {
      const random = rng(20261122);
      const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const day = (back: number) => new Date(NOW.getTime() - back * 86_400_000).toISOString().slice(0, 10);
      const units = { min: ['min', 'hr', 'sec'], kM: ['kM', 'm', 'mi'], rep: ['rep'], L: ['L', 'mL', 'cup'] } as const;
      const habits: ExportedHabit[] = [];
      for (let n = 0; n < 60; n++) {
        const unit = pick(Object.keys(units) as (keyof typeof units)[]);
        const body = {
          name: `H${n}`, type: pick(['good', 'good', 'bad']), startDate: day(Math.floor(random() * 70)),
          occurrence: pick([{ type: 'daily' }, { type: 'weekDays', days: [1, 3, 5] }, { type: 'monthDays', days: [1, 10, 20, 31] }, { type: 'intervalDays', interval: 3 }]),
          ...(random() < 0.8 ? { goal: { periodicity: pick(['daily', 'weekly', 'monthly', 'yearly']), value: pick([1, 2.5, 10, 30]), unit } } : {}),
          ...(random() < 0.5 ? { endCondition: pick([{ type: 'streak', streakLength: 3 }, { type: 'successPeriods', totalPeriods: 4 }, { type: 'totalLogValue', totalLogValue: 10 }]) } : {}),
        };
        const h = await call<Habit>('POST', '/habits', body);
        for (let k = 0; k < 40; k++) {
          const targetDate = day(Math.floor(random() * 80));
          const r = random();
          // Writes before the start date are refused; undo is not.
          const log = (path: string, logBody: object) => targetDate < body.startDate
            ? send('POST', path, logBody).then((res) => expect(res.status).toBe(400))
            : call('POST', path, logBody);
          // Negative values lower a day's total, below 0 at times.
          if (r < 0.45) await log(`/habits/${h.id}/logs`, { value: pick([0.1, 0.5, 1, 3, 7.25, 20, -0.5, -4]), unitSymbol: pick(units[unit]), targetDate });
          else if (r < 0.95) await log(`/habits/${h.id}/logs/${pick(['complete', 'failed', 'skipped'])}`, { targetDate });
          else await call('POST', `/habits/${h.id}/logs/undo`, { targetDate });
        }
        if (random() < 0.2) await call('PUT', `/habits/${h.id}`, { goal: { periodicity: pick(['daily', 'weekly']), value: 5, unit } });
        // A start date moved later leaves logs before it, which the export still shows.
        if (random() < 0.2) await call('PUT', `/habits/${h.id}`, { startDate: day(Math.floor(random() * 40)) });
        const habitNow = await sa.get<Habit>(`/habits/${h.id}`);
        const from = [habitNow.startDate, habitNow.createdAt.slice(0, 10)].sort()[0]!;
        const statistics = await sa.get<Statistics>(`/habits/${h.id}/statistics?startDate=${day(90) < from ? day(90) : from}&endDate=${day(0)}`);
        habits.push({ ...habitNow, notes: [], statistics });
      }
      // Some days went below 0, and some habits' totals too: they must come back the same.
      const lowered = habits.flatMap((h) => h.statistics.dailyProgress.filter((p) => p.totalLog < 0));
      expect(lowered.length).toBeGreaterThan(10);
      expect(habits.some((h) => h.statistics.totalLogs < 0)).toBe(true);
      const result = importDocument(b, doc(habits));
      expect(result.inexact).toEqual([]);
      for (const h of habits) {
        const q = `startDate=${h.statistics.dailyProgress[0]!.date}&endDate=${day(0)}`;
        expect({ name: h.name, stats: await sb.get<Statistics>(`/habits/${h.id}/statistics?${q}`) }).toEqual({ name: h.name, stats: h.statistics });
        const { notes: _notes, statistics: _statistics, ...view } = h;
        expect(await sb.get<Habit>(`/habits/${h.id}`)).toEqual(view);
      }
    } finally {
      await sa.close();
      await sb.close();
      a.close();
      b.close();
    }
  });
});
