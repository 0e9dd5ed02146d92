// `habits export [--output FILE]`: the document (every area and habit, notes, whole-life
// statistics), --output written atomically, the requests against a remote server, and run() alone.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../src/api/types.js';
import { parse as parseExport, run as runExport } from '../../src/commands/export.js';
import { resolveSettings } from '../../src/config/settings.js';
import { NOW, runCli } from '../helpers/cli.js';
import { useRichExport, withoutExportedAt } from '../helpers/export-fixture.js';
import { startLocalService } from '../helpers/local-service.js';
import { verbDeps } from '../helpers/verb.js';
import { addHabit, call, cliEnv, logValue, mark } from '../helpers/service.js';

const fx = useRichExport();
const { local, exportDoc } = fx;

describe('parse', () => {
  it('export: --output names a file; - or nothing means stdout', () => {
    expect(parseExport({})).toEqual({});
    expect(parseExport({ output: '-' })).toEqual({});
    expect(parseExport({ output: 'x.json' })).toEqual({ output: 'x.json' });
    expect(() => parseExport({ output: ' ' })).toThrow(/--output/);
  });
});

describe('the export document', () => {
  it('holds every area and habit, active then archived, with notes and whole-life statistics', () => {
    expect(fx.original).toMatchObject({ format: 'habits-export', version: 1, exportedAt: NOW.toISOString(), source: 'local' });
    expect(fx.original.areas.map((a) => a.name)).toEqual(['Health', 'Mind', 'Work']);
    expect(fx.original.habits.map((h) => h.name)).toEqual(['Walk', 'Run', 'Read', 'Smoking', 'Sugar', 'Cook', 'Future', 'Old habit']);
    const walk = fx.original.habits[0]!;
    expect(walk.goals).toHaveLength(2);
    expect(walk.goals!.map((g) => [g.value, g.isActive])).toEqual([[30, false], [40, true]]);
    expect(walk.notes.map((n) => n.moodLevel)).toEqual(['veryHigh', 'low']);
    expect(walk.statistics.dailyProgress[0]).toEqual({ date: '2026-10-01', totalLog: 0, status: 'inprogress' });
    expect(walk.statistics.dailyProgress.at(-1)).toEqual({ date: '2026-11-22', totalLog: 0.3, status: 'inprogress' });
    const old = fx.original.habits.at(-1)!;
    expect(old).toMatchObject({ isArchived: true, endCondition: { type: 'streak', isMet: true } });
    // A habit that starts after today: its life begins on its creation date.
    const future = fx.original.habits.find((h) => h.name === 'Future')!;
    // Not due (before its start date), but something is logged: listed as inprogress, never `none`.
    expect(future.statistics.dailyProgress).toEqual([{ date: '2026-11-22', totalLog: 7, status: 'inprogress' }]);
    const run = fx.original.habits.find((h) => h.name === 'Run')!;
    const week = (from: string, to: string) => run.statistics.dailyProgress.filter((d) => d.date >= from && d.date <= to && d.status !== 'none').map((d) => d.status);
    expect(week('2026-10-26', '2026-11-01')).toEqual(['completed', 'completed', 'completed']);
    expect(week('2026-11-02', '2026-11-08')).toEqual(['skipped', 'skipped', 'skipped']);
    // Tuesday 11-10 is not due but carries a run (it counts in the week): listed, as inprogress.
    expect(week('2026-11-09', '2026-11-15')).toEqual(['completed', 'inprogress', 'completed', 'completed']);
    expect(run.statistics.dailyProgress.find((d) => d.date === '2026-11-10')).toEqual({ date: '2026-11-10', totalLog: 1.609344, status: 'inprogress' });
    expect(run.statistics.dailyProgress.find((d) => d.date === '2026-11-12')).toBeUndefined(); // Thursday: not due, nothing logged
    expect(week('2026-11-16', '2026-11-22')).toEqual(['failed', 'failed', 'failed']);
    const smoke = fx.original.habits.find((h) => h.name === 'Smoking')!;
    expect(smoke.statistics.dailyProgress.slice(1, 6).map((d) => d.status)).toEqual(['completed', 'failed', 'failed', 'skipped', 'completed']);
  });
});

describe('habits export --output', () => {
  it('writes the document with mode 0600, atomically, and keeps stdout empty', async () => {
    const dir = join(fx.home.home, 'out');
    mkdirSync(dir);
    const target = join(dir, 'f.json');
    writeFileSync(target, 'old', { mode: 0o644 });
    const r = await local('a', ['export', '--output', target]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: `Exported 8 habits, 3 areas, 5 notes to ${target}\n` });
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(withoutExportedAt(JSON.parse(readFileSync(target, 'utf8')) as ExportDocument)).toEqual(withoutExportedAt(fx.original));
    expect(readdirSync(dir)).toEqual(['f.json']);
  });

  it('with --json prints a summary; a missing directory is a usage error that leaves nothing behind', async () => {
    const target = join(fx.home.home, 'out', 'g.json');
    const r = await local('a', ['--json', 'export', '-o', target]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ file: target, habits: 8, areas: 3, notes: 5 });
    const bad = await local('a', ['export', '-o', join(fx.home.home, 'nope', 'f.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('its directory does not exist');
    expect(existsSync(join(fx.home.home, 'nope'))).toBe(false);
  });

  // Root writes anywhere but in sysfs (Linux); anyone else is kept out of a directory of mode 0500.
  const root = process.getuid?.() === 0;
  it('a file it may not write is a failure (exit 1), not a usage error', async () => {
    let dir = '/sys';
    if (!root) {
      dir = join(fx.home.home, 'locked');
      mkdirSync(dir, { mode: 0o500 });
    }
    const r = await local('a', ['--json', 'export', '-o', join(dir, 'f.json')]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toEqual({ error: { code: 'failure', message: `--output: cannot write ${join(dir, 'f.json')}: permission denied`, status: null } });
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

      const r = await runCli(['export'], { env: cliEnv(svc, fx.home.env) });
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
      writeFileSync(join(fx.home.home, 'remote.json'), r.stdout);
      expect((await local('offline', ['import', join(fx.home.home, 'remote.json')])).code).toBe(0);
      expect(await exportDoc('offline')).toEqual({ ...doc, source: 'local' });
    } finally {
      await svc.close();
    }
  });
});

describe('export run() alone, with its narrow dependencies', () => {
  /** A service with one area, and one habit with a log and a note; the verb's deps against it. */
  async function setup(opts: { json?: boolean } = {}) {
    const svc = await startLocalService({ clock: { now: () => NOW } });
    const area = await call<{ id: string }>(svc, 'POST', '/areas', { name: 'Health' });
    const walk = await addHabit(svc, { name: 'Walk', startDate: '2026-11-20', areaIds: [area.id] });
    await mark(svc, walk.id, 'complete', '2026-11-21');
    await call(svc, 'POST', `/habits/${walk.id}/notes`, { content: 'Windy' });
    svc.requests.length = 0;
    const run = verbDeps(svc, { ...opts, today: '2026-11-22' });
    const settings = resolveSettings({}, { HABITS_BASE_URL: svc.url, HABITS_API_KEY: svc.apiKey }, {}, join(fx.home.home, 'config.json'));
    const deps = { ...run.deps, settings, isLocal: false };
    return { svc, walk, run, deps, async close() { await run.close(); await svc.close(); } };
  }

  it('prints the document on stdout, read with GET requests only, its source the base URL', async () => {
    const { svc, walk, run, deps, close } = await setup();
    try {
      await runExport({}, deps);
      const doc = JSON.parse(run.stdout()) as ExportDocument;
      expect(run.stderr()).toBe('');
      expect(doc).toMatchObject({ format: 'habits-export', version: 1, exportedAt: NOW.toISOString(), source: svc.url });
      expect(doc.areas.map((a) => a.name)).toEqual(['Health']);
      expect(doc.habits.map((h) => [h.name, h.notes.map((n) => n.content)])).toEqual([['Walk', ['Windy']]]);
      expect(doc.habits[0]!.statistics.dailyProgress.map((d) => [d.date, d.status])).toEqual([
        ['2026-11-20', 'inprogress'], ['2026-11-21', 'completed'], ['2026-11-22', 'inprogress'],
      ]);
      expect(svc.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
        'GET /habits', 'GET /habits', 'GET /areas', `GET /habits/${walk.id}/notes`, `GET /habits/${walk.id}/statistics`,
      ]);
    } finally {
      await close();
    }
  });

  it('with --output and --json writes the file and prints the summary; the confirmation goes to stderr', async () => {
    const { run, deps, close } = await setup({ json: true });
    const target = join(fx.home.home, 'alone.json');
    try {
      await runExport({ output: target }, deps);
      expect(JSON.parse(run.stdout())).toEqual({ file: target, habits: 1, areas: 1, notes: 1 });
      expect(run.stderr()).toBe(`Exported 1 habit, 1 area, 1 note to ${target}\n`);
      expect(statSync(target).mode & 0o777).toBe(0o600);
      expect((JSON.parse(readFileSync(target, 'utf8')) as ExportDocument).habits.map((h) => h.name)).toEqual(['Walk']);
    } finally {
      await close();
    }
  });
});
