// `habits export` and `habits import`: the local round trip (export → import into a fresh store →
// export gives the same document), idempotence, --output, remote export requests, import errors.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../src/api/types.js';
import { lifeStart, mergeStatistics, statsRanges } from '../../src/commands/shared/export-data.js';
import { parse as parseExport } from '../../src/commands/export.js';
import { parse as parseImport } from '../../src/commands/import.js';
import { openStore } from '../../src/server/index.js';
import { NOW, runCli, scriptedPrompter, tempHome } from '../helpers/cli.js';
import { startLocalService } from '../helpers/local-service.js';
import { addHabit, call, cliEnv, logValue, mark } from '../helpers/service.js';
import { seedRich, serveFile } from '../helpers/export-fixture.js';

let home: ReturnType<typeof tempHome>;
let ids: Record<string, string>;
const dataDir = (name: string) => join(home.home, name);
const envFor = (dir: string, extra: Record<string, string> = {}) => ({ ...home.env, HABITS_DATA_DIR: dataDir(dir), ...extra });
const local = (dir: string, argv: string[], opts: Parameters<typeof runCli>[1] = {}) =>
  runCli(['--local', ...argv], { ...opts, env: { ...envFor(dir), ...opts.env } });

async function exportDoc(dir: string): Promise<ExportDocument> {
  const r = await local(dir, ['export']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as ExportDocument;
}

const TABLES = ['areas', 'habits', 'goals', 'habit_areas', 'habit_time_of_days', 'time_triggers', 'habit_stacks', 'end_conditions', 'notes', 'logs'];

async function rowCounts(dir: string): Promise<Record<string, number>> {
  const store = await openStore(join(dataDir(dir), 'habits.db'));
  try {
    return Object.fromEntries(TABLES.map((t) => [t, (store.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]));
  } finally {
    store.close();
  }
}

function withoutExportedAt(doc: ExportDocument): Omit<ExportDocument, 'exportedAt'> {
  const { exportedAt: _exportedAt, ...rest } = doc;
  return rest;
}

let original: ExportDocument;
let file: string;

beforeAll(async () => {
  home = tempHome();
  const svc = await serveFile(join(dataDir('a'), 'habits.db'));
  ids = await seedRich(svc.call);
  await svc.close();
  original = await exportDoc('a');
  file = join(home.home, 'export.json');
  writeFileSync(file, JSON.stringify(original));
});

afterAll(() => home.cleanup());

describe('parse', () => {
  it('export: --output names a file; - or nothing means stdout', () => {
    expect(parseExport({})).toEqual({});
    expect(parseExport({ output: '-' })).toEqual({});
    expect(parseExport({ output: 'x.json' })).toEqual({ output: 'x.json' });
    expect(() => parseExport({ output: ' ' })).toThrow(/--output/);
  });

  it('import: a file or - for stdin', () => {
    expect(parseImport('f.json')).toEqual({ file: 'f.json', yes: false });
    expect(parseImport('-', { yes: true })).toEqual({ file: '-', yes: true });
    expect(() => parseImport(' ')).toThrow(/<file>/);
  });
});

describe('export helpers', () => {
  it('a life starts at the earlier of start and creation date, never after today', () => {
    expect(lifeStart({ startDate: '2026-11-01', createdAt: '2026-10-30T23:59:00Z' }, '2026-11-22')).toBe('2026-10-30');
    expect(lifeStart({ startDate: '2026-11-01', createdAt: '2026-11-05T00:00:00Z' }, '2026-11-22')).toBe('2026-11-01');
    expect(lifeStart({ startDate: '2026-12-01', createdAt: '2026-12-02T00:00:00Z' }, '2026-11-22')).toBe('2026-11-22');
    expect(lifeStart({ startDate: '2026-11-01', createdAt: 'garbage' }, '2026-11-22')).toBe('2026-11-01');
  });

  it('splits long lives into ranges of at most 3660 days', () => {
    expect(statsRanges('2026-11-22', '2026-11-22')).toEqual([{ startDate: '2026-11-22', endDate: '2026-11-22' }]);
    expect(statsRanges('2000-01-01', '2020-01-20')).toEqual([
      { startDate: '2000-01-01', endDate: '2010-01-07' },
      { startDate: '2010-01-08', endDate: '2020-01-15' },
      { startDate: '2020-01-16', endDate: '2020-01-20' },
    ]);
  });

  it('joins statistics: day totals recomputed, streaks and rate from the pieces', () => {
    const part = (days: [string, number, string][], extra: object) => ({
      id: 'h', name: 'H', type: 'good', totalLogs: 0, skips: 0, fails: 0, completions: 0, unit: 'min', periodicity: 'daily', avg: 0,
      dailyProgress: days.map(([date, totalLog, status]) => ({ date, totalLog, status })), ...extra,
    });
    const a = part([['2026-01-01', 1, 'completed'], ['2026-01-02', 0, 'none']], { currentStreak: 1, longestStreak: 4, completionRate: 1 });
    const b = part([['2026-01-03', 0.5, 'failed'], ['2026-01-04', 0, 'skipped'], ['2026-01-05', 0.25, 'inprogress']], { currentStreak: 0, longestStreak: 1, completionRate: 0.5 });
    expect(mergeStatistics([a])).toBe(a);
    expect(mergeStatistics([a, b])).toMatchObject({
      totalLogs: 1.75, completions: 1, fails: 1, skips: 1, avg: 0.4375, currentStreak: 0, longestStreak: 4, completionRate: 0.625,
    });
    expect(mergeStatistics([a, b]).dailyProgress.map((d) => d.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']);
  });
});

describe('the export document', () => {
  it('holds every area and habit, active then archived, with notes and whole-life statistics', () => {
    expect(original).toMatchObject({ format: 'habits-export', version: 1, exportedAt: NOW.toISOString(), source: 'local' });
    expect(original.areas.map((a) => a.name)).toEqual(['Health', 'Mind', 'Work']);
    expect(original.habits.map((h) => h.name)).toEqual(['Walk', 'Run', 'Read', 'Smoking', 'Sugar', 'Cook', 'Future', 'Old habit']);
    const walk = original.habits[0]!;
    expect(walk.goals).toHaveLength(2);
    expect(walk.goals!.map((g) => [g.value, g.isActive])).toEqual([[30, false], [40, true]]);
    expect(walk.notes.map((n) => n.moodLevel)).toEqual(['veryHigh', 'low']);
    expect(walk.statistics.dailyProgress[0]).toEqual({ date: '2026-10-01', totalLog: 0, status: 'inprogress' });
    expect(walk.statistics.dailyProgress.at(-1)).toEqual({ date: '2026-11-22', totalLog: 0.3, status: 'inprogress' });
    const old = original.habits.at(-1)!;
    expect(old).toMatchObject({ isArchived: true, endCondition: { type: 'streak', isMet: true } });
    // A habit that starts after today: its life begins on its creation date.
    const future = original.habits.find((h) => h.name === 'Future')!;
    expect(future.statistics.dailyProgress).toEqual([{ date: '2026-11-22', totalLog: 7, status: 'none' }]);
    const run = original.habits.find((h) => h.name === 'Run')!;
    const week = (from: string, to: string) => run.statistics.dailyProgress.filter((d) => d.date >= from && d.date <= to && d.status !== 'none').map((d) => d.status);
    expect(week('2026-10-26', '2026-11-01')).toEqual(['completed', 'completed', 'completed']);
    expect(week('2026-11-02', '2026-11-08')).toEqual(['skipped', 'skipped', 'skipped']);
    expect(week('2026-11-09', '2026-11-15')).toEqual(['completed', 'completed', 'completed']);
    expect(week('2026-11-16', '2026-11-22')).toEqual(['failed', 'failed', 'failed']);
    const smoke = original.habits.find((h) => h.name === 'Smoking')!;
    expect(smoke.statistics.dailyProgress.slice(1, 6).map((d) => d.status)).toEqual(['completed', 'failed', 'failed', 'skipped', 'completed']);
  });
});

describe('export → import → export', () => {
  it('gives the same document from a fresh store, and a second import changes nothing', async () => {
    const first = await local('b', ['import', file]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('');
    const db = join(dataDir('b'), 'habits.db');
    // 45 dates carry rebuilt logs: the seed's logged and marked days, less those whose logs count
    // for nothing (Walk's reps) or that the totals already explain (import-history.ts).
    expect(first.stderr).toBe(`Imported 8 habits (1 archived), 3 areas, 5 notes and 45 days of history into ${db}\n`);
    const again = await exportDoc('b');
    expect(withoutExportedAt(again)).toEqual(withoutExportedAt(original));

    const counts = await rowCounts('b');
    const second = await local('b', ['--json', 'import', file, '--yes']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ habits: 8, archived: 1, areas: 3, notes: 5, file: db, inexact: [] });
    expect(await rowCounts('b')).toEqual(counts);
    expect(withoutExportedAt(await exportDoc('b'))).toEqual(withoutExportedAt(original));
  });

  it('imported into the store it came from, overwrites each habit and still exports the same', async () => {
    const stdin = readFileSync(file, 'utf8');
    const r = await local('a', ['import', '-', '--yes'], { stdin });
    expect(r.code).toBe(0);
    expect(withoutExportedAt(await exportDoc('a'))).toEqual(withoutExportedAt(original));
  });

  it('leaves habits the document does not name alone, and overwrites those it names', async () => {
    const svc = await serveFile(join(dataDir('c'), 'habits.db'));
    const mine = await svc.call<{ id: string }>('POST', '/habits', { name: 'Mine', type: 'good', startDate: '2026-11-01' });
    await svc.call('POST', `/habits/${mine.id}/logs/complete`, { targetDate: '2026-11-20' });
    await svc.close();
    const doc = structuredClone(original);
    doc.habits = doc.habits.filter((h) => h.name !== 'Run' && h.name !== 'Old habit'); // Run is a stack's condition
    writeFileSync(join(home.home, 'part.json'), JSON.stringify(doc));
    expect((await local('c', ['import', join(home.home, 'part.json')])).code).toBe(0);
    const renamed = structuredClone(doc);
    renamed.habits[0]!.name = 'Walk renamed';
    writeFileSync(join(home.home, 'renamed.json'), JSON.stringify(renamed));
    expect((await local('c', ['import', join(home.home, 'renamed.json'), '--yes'])).code).toBe(0);
    const after = await exportDoc('c');
    expect(after.habits.map((h) => h.name)).toEqual(['Mine', 'Walk renamed', 'Read', 'Smoking', 'Sugar', 'Cook', 'Future']);
    expect(after.habits[0]!.statistics.dailyProgress.find((d) => d.date === '2026-11-20')?.status).toBe('completed');
  });
});

describe('habits import over habits the store holds', () => {
  it('off a terminal refuses without --yes and changes nothing; on one it asks; --yes overwrites', async () => {
    // A fresh store needs no --yes, off a terminal as here.
    expect(await local('y', ['import', file])).toMatchObject({ code: 0, stdout: '' });
    const db = join(dataDir('y'), 'habits.db');
    const before = await exportDoc('y');
    const renamed = structuredClone(original);
    renamed.habits[0]!.name = 'Walk renamed';
    const path = join(home.home, 'y.json');
    writeFileSync(path, JSON.stringify(renamed));

    const refused = await local('y', ['import', path]);
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: refusing to overwrite 8 habits in ${db} without confirmation\nhint: pass --yes to confirm when not on a terminal\n`,
    });
    const no = scriptedPrompter([false]);
    expect((await local('y', ['import', path], { prompter: no })).code).toBe(130);
    expect(no.calls).toEqual([{ kind: 'confirm', message: `Overwrite 8 habits in ${db}? Their fields and history are replaced from the document.` }]);
    expect(await exportDoc('y')).toEqual(before);

    expect((await local('y', ['import', path, '--yes'])).code).toBe(0);
    expect((await exportDoc('y')).habits.map((h) => h.name)).toEqual(['Walk renamed', ...original.habits.slice(1).map((h) => h.name)]);
  });
});

describe('habits export --output', () => {
  it('writes the document with mode 0600, atomically, and keeps stdout empty', async () => {
    const dir = join(home.home, 'out');
    mkdirSync(dir);
    const target = join(dir, 'f.json');
    writeFileSync(target, 'old', { mode: 0o644 });
    const r = await local('a', ['export', '--output', target]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: `Exported 8 habits, 3 areas, 5 notes to ${target}\n` });
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(withoutExportedAt(JSON.parse(readFileSync(target, 'utf8')) as ExportDocument)).toEqual(withoutExportedAt(original));
    expect(readdirSync(dir)).toEqual(['f.json']);
  });

  it('with --json prints a summary; a missing directory is a usage error that leaves nothing behind', async () => {
    const target = join(home.home, 'out', 'g.json');
    const r = await local('a', ['--json', 'export', '-o', target]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ file: target, habits: 8, areas: 3, notes: 5 });
    const bad = await local('a', ['export', '-o', join(home.home, 'nope', 'f.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('its directory does not exist');
    expect(existsSync(join(home.home, 'nope'))).toBe(false);
  });

  // Root writes anywhere but in sysfs (Linux); anyone else is kept out of a directory of mode 0500.
  const root = process.getuid?.() === 0;
  it('a file it may not write is a failure (exit 1), not a usage error', async () => {
    let dir = '/sys';
    if (!root) {
      dir = join(home.home, 'locked');
      mkdirSync(dir, { mode: 0o500 });
    }
    const r = await local('a', ['--json', 'export', '-o', join(dir, 'f.json')]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toEqual({ error: { code: 'failure', message: `--output: cannot write ${join(dir, 'f.json')}: permission denied`, status: null } });
  });
});

describe('habits import errors', () => {
  const write = (name: string, content: string) => {
    const path = join(home.home, name);
    writeFileSync(path, content);
    return path;
  };
  // Built when the test runs: the original document exists only after beforeAll.
  const bad = (mutate: (doc: any) => void) => () => {
    const doc = structuredClone(original) as any;
    mutate(doc);
    return JSON.stringify(doc);
  };

  it('refuses without local mode, before reading anything', async () => {
    const r = await runCli(['import', file], { env: { ...home.env, HABITS_API_KEY: 'hb_x', HABITS_BASE_URL: 'http://127.0.0.1:9/v2' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: import writes to the local store only\nhint: run it with --local (or set HABITS_LOCAL=1, or `habits config set base-url local`)\n');
    expect((await runCli(['import', file], { env: envFor('h', { HABITS_LOCAL: '1' }) })).code).toBe(0);
  });

  it.each([
    ['not JSON', () => '{"format": "habits-export",', /is not JSON: /],
    ['not an object', () => '[1, 2]', /is not a valid habits export: \$: must be a JSON object/],
    ['a wrong format', bad((d) => (d.format = 'other')), /\$\.format: must be "habits-export", not "other"/],
    ['a wrong version', bad((d) => (d.version = 2)), /\$\.version: must be 1, not 2/],
    ['a habit without an id', bad((d) => delete d.habits[3].id), /\$\.habits\[3\]\.id: is required$/m],
    ['a habit without statistics', bad((d) => delete d.habits[1].statistics), /\$\.habits\[1\]\.statistics: is required/],
    ['a bad day status', bad((d) => (d.habits[0].statistics.dailyProgress[2].status = 'done')), /\$\.habits\[0\]\.statistics\.dailyProgress\[2\]\.status: must be one of/],
    ['a duplicate note id', bad((d) => (d.habits[1].notes[0].id = d.habits[0].notes[0].id)), /\$\.habits\[1\]\.notes\[0\]\.id: duplicates the note id/],
    ['a bad goal unit', bad((d) => (d.habits[0].goals[1].unit = 'km')), /\$\.habits\[0\]\.goals\[1\]\.unit: must be one of/],
    ['a stack on a habit that exists nowhere', bad((d) => (d.habits[1].reminders.habitStacks[0].conditionHabitId = 'ghost')), /\$\.habits\[1\]\.reminders\.habitStacks\[0\]\.conditionHabitId: no habit has the id "ghost"/],
  ])('a document with %s: exit 2, one line naming the place, nothing written', async (_what, content, message) => {
    const before = await rowCounts('b');
    const path = write('bad.json', content());
    // --yes: the store holds these habits, and the document's faults are what is under test.
    const r = await local('b', ['import', path, '--yes']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toMatch(/^error: /);
    expect(r.stderr).toMatch(message);
    expect(await rowCounts('b')).toEqual(before);
  });

  it('a missing file is a usage error, and a bad document never creates the database', async () => {
    const r = await local('fresh', ['import', join(home.home, 'missing.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read');
    expect((await local('fresh', ['import', write('v.json', bad((d) => (d.version = 0))())])).code).toBe(2);
    expect(existsSync(dataDir('fresh'))).toBe(false);
  });

  it('imports a history it cannot reproduce exactly, and names the days it could not', async () => {
    const doc = structuredClone(original);
    const day = doc.habits[0]!.statistics.dailyProgress.find((d) => d.date === '2026-11-20')!;
    expect(day).toEqual({ date: '2026-11-20', totalLog: 40, status: 'completed' });
    day.status = 'failed'; // a good habit cannot fail a day that reached its goal
    const r = await local('w', ['import', write('w.json', JSON.stringify(doc))]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: "Walk": the rebuilt history does not reproduce the document exactly at 2026-11-20\nImported 8 habits/);
    const json = await local('w', ['--json', 'import', write('w.json', JSON.stringify(doc)), '--yes']);
    expect(JSON.parse(json.stdout).inexact).toEqual([{ id: ids.walk, name: 'Walk', at: ['2026-11-20'] }]);
  });

  it('with --json, errors are JSON on stderr', async () => {
    const r = await local('b', ['--json', 'import', write('x.json', 'nope')]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'usage', message: expect.stringContaining('is not JSON') } });
  });
});

describe('habits export against a remote server', () => {
  it('pages every list, asks statistics over each whole life in ranges the server accepts, and names the source', async () => {
    const svc = await startLocalService({ clock: { now: () => NOW } });
    try {
      const area = await call<{ id: string }>(svc, 'POST', '/areas', { name: 'Health' });
      const ancient = await addHabit(svc, { name: 'Ancient', startDate: '2010-01-01', goal: { periodicity: 'daily', value: 2, unit: 'L' }, areaIds: [area.id] });
      await logValue(svc, ancient.id, 2, 'L', '2010-01-05');
      await logValue(svc, ancient.id, 500, 'mL', '2026-11-20');
      await mark(svc, ancient.id, 'skipped', '2026-11-21');
      const chatty = await addHabit(svc, { name: 'Chatty', startDate: '2026-11-20' });
      for (let i = 0; i < 101; i++) await call(svc, 'POST', `/habits/${chatty.id}/notes`, { content: `note ${i}` });
      const gone = await addHabit(svc, { name: 'Gone', startDate: '2026-11-21' });
      await call(svc, 'POST', `/habits/${gone.id}/archive`);
      svc.requests.length = 0;

      const r = await runCli(['export'], { env: cliEnv(svc, home.env) });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout) as ExportDocument;
      expect(svc.requests.every((q) => q.method === 'GET' && q.status === 200)).toBe(true);
      const asked = (path: string) => svc.requests.filter((q) => q.path === path).map((q) => q.query);
      expect(asked('/habits')).toEqual([
        { archived: 'false', limit: '100', offset: '0' },
        { archived: 'true', limit: '100', offset: '0' },
      ]);
      expect(asked('/areas')).toEqual([{ limit: '100', offset: '0' }]);
      expect(asked(`/habits/${chatty.id}/notes`)).toEqual([{ limit: '100', offset: '0' }, { limit: '100', offset: '100' }]);
      expect(asked(`/habits/${gone.id}/notes`)).toEqual([{ limit: '100', offset: '0' }]);
      expect(asked(`/habits/${ancient.id}/statistics`)).toEqual([
        { startDate: '2010-01-01', endDate: '2020-01-08' },
        { startDate: '2020-01-09', endDate: '2026-11-22' },
      ]);
      expect(asked(`/habits/${chatty.id}/statistics`)).toEqual([{ startDate: '2026-11-20', endDate: '2026-11-22' }]);
      expect(svc.requests).toHaveLength(3 + 4 + 4);

      expect(doc).toMatchObject({ format: 'habits-export', version: 1, exportedAt: NOW.toISOString(), source: svc.url });
      expect(doc.areas).toEqual([expect.objectContaining({ id: area.id, name: 'Health' })]);
      expect(doc.habits.map((h) => [h.name, h.isArchived, h.notes.length])).toEqual([['Ancient', false, 0], ['Chatty', false, 101], ['Gone', true, 0]]);
      expect(doc.habits[1]!.notes.slice(0, 2).map((n) => n.content)).toEqual(['note 0', 'note 1']);
      const stats = doc.habits[0]!.statistics;
      expect(stats.dailyProgress).toHaveLength(6170);
      expect(stats.dailyProgress.map((d) => d.date).join() === [...stats.dailyProgress.map((d) => d.date)].sort().join()).toBe(true);
      expect(stats.dailyProgress.find((d) => d.date === '2020-01-09')).toBeDefined();
      expect(stats).toMatchObject({ totalLogs: 2.5, completions: 1, skips: 1, fails: 0, avg: Math.round((2.5 / 6170) * 1e6) / 1e6, currentStreak: 0, longestStreak: 1 });
      expect(Object.keys(doc.habits[0]!)).toEqual(expect.arrayContaining(['id', 'goals', 'reminders', 'endCondition', 'areas', 'timeOfDays', 'notes', 'statistics']));

      // Taken offline: the local store exports the same, but for the source.
      writeFileSync(join(home.home, 'remote.json'), r.stdout);
      expect((await local('offline', ['import', join(home.home, 'remote.json')])).code).toBe(0);
      expect(await exportDoc('offline')).toEqual({ ...doc, source: 'local' });
    } finally {
      await svc.close();
    }
  });
});
