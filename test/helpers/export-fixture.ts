// Rich data for the export/import round trip, written through the API of a local service: every
// habit field, goal history, reminders and stacks, each end condition kind (only the archived
// habit's met: a habit that has ended is no longer due after it), an archived habit, bad
// habits over their limit, notes with moods and photos, and logs and marks over several weeks
// (a wholly skipped week, weekly and monthly goals completed by sums and by marks).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ExportDocument } from '../../src/api/types.js';
import { createServer, openStore } from '../../src/server/index.js';
import { call as callService } from './service.js';
import { NOW, runCli, tempHome, type CliResult, type RunOptions } from './cli.js';

/** A request to the service; the body's type is the caller's to state. */
export type Call = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/** Serves the SQLite file `file` (as local mode would) with a clock that ticks a second per request. */
export async function serveFile(file: string, start = new Date(NOW.getTime() - 4 * 3600_000)) {
  mkdirSync(dirname(file), { recursive: true });
  const store = await openStore(file);
  let t = start.getTime();
  const server = createServer({ db: store, apiKey: 'k', timezone: 'UTC', rateLimit: false, clock: { now: () => new Date((t += 1000)) } });
  const listening = await server.listen({ port: 0 });
  return {
    call: (<T,>(method: string, path: string, body?: unknown) => callService<T>({ url: listening.url, apiKey: 'k' }, method, path, body)) as Call,
    async close() {
      await listening.close();
      store.close();
    },
  };
}

/** Seeds the rich data set; returns the ids of the habits by name. */
export async function seedRich(call: Call): Promise<Record<string, string>> {
  const area = async (name: string, colorHex: string, icon: string) => (await call<{ id: string }>('POST', '/areas', { name, colorHex, icon })).id;
  const health = await area('Health', '#22AA55', 'heart');
  const mind = await area('Mind', '#3355FF', 'brain');
  await area('Work', '#999999', 'briefcase');
  const habit = async (body: object) => (await call<{ id: string }>('POST', '/habits', { type: 'good', occurrence: { type: 'daily' }, ...body })).id;
  const log = (id: string, value: number, unitSymbol: string, targetDate: string) => call('POST', `/habits/${id}/logs`, { value, unitSymbol, targetDate });
  const mark = (id: string, kind: 'complete' | 'failed' | 'skipped', targetDate: string) => call('POST', `/habits/${id}/logs/${kind}`, { targetDate });
  const note = (id: string, body: object) => call('POST', `/habits/${id}/notes`, body);

  const walk = await habit({
    name: 'Walk', description: 'Around the park', icon: 'shoe', colorHex: '#FF8800', startDate: '2026-10-01',
    goal: { periodicity: 'daily', value: 30, unit: 'min' }, areaIds: [health], timeOfDayIds: ['morning'],
    reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 3] }, showAsAlarm: true }] },
    endCondition: { type: 'streak', streakLength: 5 }, // not reached: its longest run is 4
  });
  for (const d of ['2026-10-20', '2026-10-21', '2026-10-22']) await mark(walk, 'complete', d);
  await log(walk, 20, 'min', '2026-10-23');
  await mark(walk, 'complete', '2026-10-23'); // completes with the 10 min it lacked
  // The goal changes: goals gets a history, and the old days are measured against 40 min.
  await call('PUT', `/habits/${walk}`, { goal: { periodicity: 'daily', value: 40, unit: 'min' } });
  await log(walk, 0.5, 'hr', '2026-11-02');
  await log(walk, 15, 'min', '2026-11-02');
  await log(walk, 12, 'rep', '2026-11-03'); // does not convert: kept, but not counted
  await mark(walk, 'failed', '2026-11-04');
  await log(walk, 5, 'min', '2026-11-04');
  await mark(walk, 'skipped', '2026-11-05');
  await log(walk, 1, 'min', '2026-11-05');
  for (const d of ['2026-11-19', '2026-11-20', '2026-11-21']) await mark(walk, 'complete', d);
  await log(walk, 0.1, 'min', '2026-11-22');
  await log(walk, 0.2, 'min', '2026-11-22');
  await note(walk, { content: 'Felt great', moodLevel: 'veryHigh', photos: ['https://example.com/a.jpg', 'https://example.com/b.jpg'] });
  await note(walk, { moodLevel: 'low' });

  const run = await habit({
    name: 'Run', startDate: '2026-10-26', occurrence: { type: 'weekDays', days: [1, 3, 5] },
    goal: { periodicity: 'weekly', value: 10, unit: 'kM' }, areaIds: [health, mind],
    reminders: { habitStacks: [{ conditionHabitId: walk, type: 'completed', timerType: 'after', timerDelaySecs: 600 }] },
    endCondition: { type: 'successPeriods', totalPeriods: 3 }, // not reached: weeks 1 and 3
  });
  await log(run, 4, 'kM', '2026-10-26');
  await log(run, 6000, 'm', '2026-10-28'); // week 1 completed by the sum
  for (const d of ['2026-11-02', '2026-11-04', '2026-11-06']) await mark(run, 'skipped', d); // week 2 wholly skipped
  await log(run, 3, 'kM', '2026-11-09');
  await log(run, 1, 'mi', '2026-11-10'); // a day that is not due still counts
  await mark(run, 'complete', '2026-11-13'); // week 3 completed by a mark
  await mark(run, 'skipped', '2026-11-16');
  await log(run, 2, 'kM', '2026-11-18');
  await mark(run, 'failed', '2026-11-18'); // week 4 failed
  await note(run, { content: 'Shin splints', photos: [] });

  const read = await habit({
    name: 'Read', startDate: '2026-09-15', occurrence: { type: 'monthDays', days: [1, 15, 31] },
    goal: { periodicity: 'monthly', value: 4, unit: 'hr' }, timeOfDayIds: ['evening', 'morning'], customUnitName: 'pages',
    endCondition: { type: 'totalLogValue', totalLogValue: 10 }, // not reached: 6.67 hr
  });
  await log(read, 120, 'min', '2026-09-15');
  await log(read, 3, 'hr', '2026-09-20'); // September reached by sums
  await mark(read, 'skipped', '2026-10-01');
  await mark(read, 'skipped', '2026-10-15');
  await mark(read, 'skipped', '2026-10-31'); // October wholly skipped
  await log(read, 1, 'hr', '2026-11-01');
  await log(read, 20, 'min', '2026-11-02'); // 0.333333… hr: days are rounded, sums are not
  await log(read, 20, 'min', '2026-11-03');
  await mark(read, 'skipped', '2026-11-15'); // November open, one day skipped

  const smoke = await habit({
    name: 'Smoking', type: 'bad', startDate: '2026-11-01', goal: { periodicity: 'daily', value: 3, unit: 'rep' },
    customUnitName: 'cigarettes', endCondition: { type: 'date', date: '2027-01-01' }, areaIds: [mind],
  });
  await log(smoke, 2, 'rep', '2026-11-02');
  await log(smoke, 5, 'rep', '2026-11-03'); // over the limit
  await mark(smoke, 'failed', '2026-11-04');
  await mark(smoke, 'skipped', '2026-11-05');
  await mark(smoke, 'complete', '2026-11-06');
  await log(smoke, 1, 'rep', '2026-11-22');
  await mark(smoke, 'complete', '2026-11-22'); // today, still open: clean by its mark
  await note(smoke, { content: 'Day 3 is the hardest', moodLevel: 'neutral' });

  const sugar = await habit({ name: 'Sugar', type: 'bad', startDate: '2026-11-10', occurrence: { type: 'intervalDays', interval: 2 } });
  await log(sugar, 1, 'g', '2026-11-12'); // anything logged breaks a goal-less bad habit
  await mark(sugar, 'skipped', '2026-11-14');

  const weekly = await habit({ name: 'Cook', startDate: '2026-11-02', goal: { periodicity: 'weekly', value: 3, unit: 'rep' } });
  await mark(weekly, 'complete', '2026-11-03');
  await mark(weekly, 'skipped', '2026-11-10');
  await log(weekly, 1, 'rep', '2026-11-11');
  await call('PUT', `/habits/${weekly}`, { goal: null }); // goal cleared: goals all inactive

  const old = await habit({
    name: 'Old habit', startDate: '2026-10-10', reminders: { habitStacks: [{ conditionHabitId: run, type: 'failed', timerType: 'immediately' }] },
    endCondition: { type: 'streak', streakLength: 2 },
  });
  for (const d of ['2026-10-10', '2026-10-11', '2026-10-13']) await mark(old, 'complete', d);
  await log(old, 2, 'step', '2026-10-15');
  await note(old, { content: 'Retired', moodLevel: 'veryLow', photos: ['https://example.com/c.png'] });
  await call('POST', `/habits/${old}/archive`);

  // A log before the start date is refused, but one written before the start moved later stays:
  // the export shows it (not due), and the import must keep it.
  const future = await habit({ name: 'Future', startDate: '2026-11-22', icon: 'rocket' });
  await log(future, 7, 'step', '2026-11-22');
  await call('PUT', `/habits/${future}`, { startDate: '2026-12-01' });

  return { walk, run, read, smoke, sugar, weekly, old, future };
}

/** A temporary HOME whose data directory `a` holds the rich data set, its export, and ways to run the CLI there. */
export interface RichExport {
  readonly home: ReturnType<typeof tempHome>;
  /** The seeded habits' ids by name (walk, run, read, ...). */
  readonly ids: Record<string, string>;
  /** What `habits --local export` printed for `a`. */
  readonly original: ExportDocument;
  /** The original document, written to a file. */
  readonly file: string;
  /** The data directory called `name` (a fresh one is empty). */
  dataDir(name: string): string;
  envFor(dir: string, extra?: Record<string, string>): Record<string, string>;
  /** Runs `habits --local ...argv` on the data directory `dir`. */
  local(dir: string, argv: string[], opts?: RunOptions): Promise<CliResult>;
  /** Exports `dir`, expecting success and nothing on stderr. */
  exportDoc(dir: string): Promise<ExportDocument>;
}

/** Seeds and exports the rich data set once for the file's tests (beforeAll), removed after them. */
export function useRichExport(): RichExport {
  let home: ReturnType<typeof tempHome> | undefined;
  let ids: Record<string, string> | undefined;
  let original: ExportDocument | undefined;
  let file: string | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useRichExport: used outside a test');
    return value;
  };
  const fx: RichExport = {
    get home() { return ready(home); },
    get ids() { return ready(ids); },
    get original() { return ready(original); },
    get file() { return ready(file); },
    dataDir: (name) => join(fx.home.home, name),
    envFor: (dir, extra = {}) => ({ ...fx.home.env, HABITS_DATA_DIR: fx.dataDir(dir), ...extra }),
    local: (dir, argv, opts = {}) => runCli(['--local', ...argv], { ...opts, env: { ...fx.envFor(dir), ...opts.env } }),
    async exportDoc(dir) {
      const r = await fx.local(dir, ['export']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout) as ExportDocument;
    },
  };
  beforeAll(async () => {
    home = tempHome();
    const svc = await serveFile(join(fx.dataDir('a'), 'habits.db'));
    ids = await seedRich(svc.call);
    await svc.close();
    original = await fx.exportDoc('a');
    file = join(home.home, 'export.json');
    writeFileSync(file, JSON.stringify(original));
  });
  afterAll(() => home?.cleanup());
  return fx;
}

/** The document without exportedAt, the one field two exports of the same data differ in. */
export function withoutExportedAt(doc: ExportDocument): Omit<ExportDocument, 'exportedAt'> {
  const { exportedAt: _exportedAt, ...rest } = doc;
  return rest;
}
