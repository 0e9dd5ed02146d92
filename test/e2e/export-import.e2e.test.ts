// Taking data to another machine with the built binary, spawned under a clean environment:
// `--local export --output` from one data directory, `--local import` into another, and the
// journal there shows the habits with their history.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noonZone, ROOT, spawnCli, tempHome } from '../helpers/cli.js';

// The spawned CLI reads the real clock: a zone where it is about noon now keeps "today" still.
const { zone, today } = noonZone();

let home: ReturnType<typeof tempHome>;
const envIn = (dir: string) => ({ ...home.env, HABITS_TIMEZONE: zone, HABITS_DATA_DIR: join(home.home, dir) });
const cli = (dir: string, argv: string[]) => spawnCli(['--local', ...argv], { env: envIn(dir) });

beforeAll(async () => {
  home = tempHome();
  for (const argv of [
    ['habit', 'add', 'Walk', '--daily', '--goal', '30 min daily', '--time-of-day', 'morning'],
    ['habit', 'add', 'Smoking', '--type', 'bad'],
    ['log', 'add', 'Walk', '10', '--unit', 'min'],
    ['note', 'add', 'Walk', 'first steps', '--mood', 'high'],
    ['log', 'fail', 'Smoking'],
  ]) {
    const r = await cli('a', argv);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
  }
});

afterAll(() => home.cleanup());

describe('export and import with the built binary', () => {
  it('moves habits, notes and history into another data directory', async () => {
    const file = join(home.home, 'f.json');
    const exported = await cli('a', ['export', '--output', file]);
    expect(exported).toEqual({ code: 0, stdout: '', stderr: `Exported 2 habits, 0 areas, 1 note to ${file}\n` });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const imported = await cli('b', ['import', file]);
    expect(imported.code).toBe(0);
    expect(imported.stderr).toBe(`Imported 2 habits (0 archived), 0 areas, 1 note and 2 days of history into ${join(home.home, 'b', 'habits.db')}\n`);

    const journal = await cli('b', ['journal', '--json']);
    expect(journal.code).toBe(0);
    const entries = JSON.parse(journal.stdout) as { name: string; status: string; progress?: { current: number } }[];
    expect(entries.map((e) => [e.name, e.status])).toEqual([['Walk', 'inprogress'], ['Smoking', 'failed']]);
    expect(entries[0]!.progress).toMatchObject({ current: 10, target: 30 });

    const again = await cli('b', ['export']);
    expect(again.code).toBe(0);
    const original = JSON.parse(readFileSync(file, 'utf8')) as { exportedAt: string };
    expect({ ...JSON.parse(again.stdout), exportedAt: original.exportedAt }).toEqual(original);
    expect(JSON.parse(again.stdout).habits[0].statistics.dailyProgress).toEqual([{ date: today, totalLog: 10, status: 'inprogress' }]);
  });
});

describe('a document the API would refuse, with the built binary', () => {
  it('exits 2 with one line naming the first problem, for the import and its dry run, and creates nothing', async () => {
    const file = join(home.home, 'g.json');
    expect((await cli('a', ['export', '--output', file])).code).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { habits: { id: string; statistics: { dailyProgress: { totalLog: number }[] } }[] };
    doc.habits[1]!.id = 'journal';
    doc.habits[0]!.statistics.dailyProgress[0]!.totalLog = 1e308;
    const bad = join(home.home, 'bad.json');
    writeFileSync(bad, JSON.stringify(doc));
    for (const argv of [['import', bad], ['import', bad, '--dry-run']]) {
      expect(await cli('e', argv)).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: ${bad} is not a valid habits export: $.habits[0].statistics.dailyProgress[0].totalLog: must be a number from -1000000000 to 1000000000 (and 1 more problem)\n`,
      });
    }
    expect(existsSync(join(home.home, 'e'))).toBe(false);
  });
});

describe('import with no SQLite driver (Node 20 without better-sqlite3)', () => {
  it('fails with the one-line explanation and how to fix it', async () => {
    // The bundle without any node_modules above it: a machine where better-sqlite3 is missing; and
    // HABITS_SQLITE_DRIVER=better-sqlite3, so that Node 22 and 24 (node:sqlite) are that machine too.
    const copy = mkdtempSync(join(tmpdir(), 'habits-nosqlite-'));
    try {
      cpSync(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
      cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
      writeFileSync(join(copy, 'package.json'), JSON.stringify({ type: 'module' }));
      const file = join(copy, 'empty.json');
      writeFileSync(file, JSON.stringify({ format: 'habits-export', version: 1, exportedAt: new Date().toISOString(), source: 'local', areas: [], habits: [] }));
      const r = await spawnCli(['--local', 'import', file], { env: { ...envIn('c'), HABITS_SQLITE_DRIVER: 'better-sqlite3' }, cwd: copy, bin: join(copy, 'bin', 'habits.js') });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: HABITS_SQLITE_DRIVER asks for better-sqlite3, which is not installed\nhint: unset HABITS_SQLITE_DRIVER to let habits choose[^\n]*\n$/);
      expect(existsSync(join(home.home, 'c', 'habits.db'))).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
