// Local mode end to end: the built CLI under a clean environment (as cron runs it), with the
// local service in-process on its own SQLite file.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry, Statistics } from '../../src/api/types.js';
import { ROOT, spawnCli, tempHome, type CliResult } from '../helpers/cli.js';
import { startLocalService } from '../helpers/local-service.js';
import { hasNodeSqlite } from '../../src/local.js';

let home: ReturnType<typeof tempHome>;
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.cleanup());

/** The CLI with only the temp HOME's variables: no key, no base URL. */
const habits = (args: string[], extra: Record<string, string> = {}) => spawnCli(args, { env: { ...home.env, ...extra } });

function ok(r: CliResult): CliResult {
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return r;
}

describe('local mode', () => {
  it('adds, logs and shows a habit with no key and no network; the data outlives the process', async () => {
    ok(await habits(['--local', 'habit', 'add', 'Walk', '--daily']));
    const done = ok(await habits(['--local', 'log', 'done', 'Walk']));
    expect(done.stderr).toMatch(/^Marked "Walk" completed for \d{4}-\d{2}-\d{2}\n$/);
    const journal = ok(await habits(['--local', 'journal', '--json']));
    const entries = JSON.parse(journal.stdout) as JournalEntry[];
    expect(entries.map((e) => [e.name, e.status])).toEqual([['Walk', 'completed']]);
    // A new process finds it again, in the XDG data directory.
    expect(existsSync(join(home.env.XDG_DATA_HOME, 'habits', 'habits.db'))).toBe(true);
    const again = ok(await habits(['--local', 'habit', 'ls']));
    expect(again.stdout).toContain('Walk');
  });

  it('is chosen by --local, HABITS_LOCAL=1 or config base-url local, and HABITS_DATA_DIR moves the data', async () => {
    const dataDir = join(home.home, 'elsewhere');
    ok(await habits(['habit', 'add', 'Read', '--daily'], { HABITS_LOCAL: '1', HABITS_DATA_DIR: dataDir }));
    expect(existsSync(join(dataDir, 'habits.db'))).toBe(true);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    ok(await habits(['config', 'set', 'base-url', 'local'], { HABITS_DATA_DIR: dataDir }));
    const ls = ok(await habits(['habit', 'ls', '--json'], { HABITS_DATA_DIR: dataDir }));
    expect((JSON.parse(ls.stdout) as { name: string }[]).map((h) => h.name)).toEqual(['Read']);
    // Without local mode and without a key, the remote client says what is missing.
    const remote = await habits(['habit', 'ls'], { HABITS_DATA_DIR: dataDir, HABITS_BASE_URL: 'https://api.habitify.me/v2' });
    expect(remote.code).toBe(4);
  });

  it('twenty concurrent `log add Water 1` processes leave a day total of exactly 20', async () => {
    ok(await habits(['--local', 'habit', 'add', 'Water', '--goal', '30 cup daily']));
    const runs = await Promise.all(Array.from({ length: 20 }, () => habits(['--local', 'log', 'add', 'Water', '1'])));
    for (const r of runs) expect(r, r.stderr).toMatchObject({ code: 0 });
    const journal = JSON.parse(ok(await habits(['--local', 'journal', '--json'])).stdout) as JournalEntry[];
    expect(journal.find((e) => e.name === 'Water')?.progress?.current).toBe(20);
  }, 60_000);

  it('a cron job logging while the journal is read loses nothing', async () => {
    ok(await habits(['--local', 'habit', 'add', 'Steps', '--goal', '10000 step daily']));
    const writers = Array.from({ length: 8 }, (_, i) => habits(['--local', 'log', 'add', 'Steps', String(100 * (i + 1))]));
    const readers = Array.from({ length: 4 }, () => habits(['--local', 'journal', '--json']));
    const results = await Promise.all([...writers, ...readers]);
    for (const r of results) expect(r, r.stderr).toMatchObject({ code: 0 });
    const stats = JSON.parse(ok(await habits(['--local', 'habit', 'stats', 'Steps', '--json'])).stdout) as Statistics;
    expect(stats.totalLogs).toBe(3600);
  }, 60_000);

  it('runs every kind of command the same way as against a server', async () => {
    const steps: string[][] = [
      ['area', 'add', 'Health', '--color', '#2EAD6B'],
      ['habit', 'add', 'Run', '--days', 'mon,wed,fri', '--goal', '5 kM daily', '--area', 'Health', '--remind', '07:30@mon', '--start', '2026-11-01'],
      ['habit', 'edit', 'Run', '--goal', '6 kM daily'],
      ['habit', 'show', 'Run'],
      ['log', 'add', 'Run', '3', '--date', '2026-11-20'],
      ['log', 'undo', 'Run', '--date', '2026-11-20', '--yes'],
      ['note', 'add', 'Run', 'Felt strong', '--mood', 'high'],
      ['note', 'ls', 'Run'],
      ['habit', 'stats', 'Run', '--from', '2026-11-01', '--to', '2026-11-22'],
      ['area', 'ls'],
      ['habit', 'archive', 'Run'],
      ['habit', 'ls', '--archived'],
      ['habit', 'rm', 'Run', '--yes'],
      ['area', 'rm', 'Health', '--yes'],
    ];
    for (const step of steps) {
      const r = await habits(['--local', '--json', ...step]);
      expect(r.code, `${step.join(' ')}: ${r.stderr}`).toBe(0);
      expect(() => JSON.parse(r.stdout), step.join(' ')).not.toThrow();
    }
    const ls = ok(await habits(['--local', 'habit', 'ls', '--archived', '--json']));
    expect(JSON.parse(ls.stdout)).toEqual([]);
  }, 60_000);
});

describe('the bundle with no node_modules (as installed from the package, without better-sqlite3)', () => {
  let copy: string;
  beforeEach(() => {
    // The bundle holds every other dependency; a copy of it with no node_modules anywhere above is
    // a machine where better-sqlite3 could not be installed.
    copy = mkdtempSync(join(tmpdir(), 'habits-nosqlite-'));
    cpSync(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ type: 'module' }));
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  const run = (args: string[], env: Record<string, string>) =>
    new Promise<CliResult>((resolve) => {
      const child = spawn(process.execPath, [join(copy, 'bin', 'habits.js'), ...args], { env, cwd: copy });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c));
      child.stderr.on('data', (c: Buffer) => (stderr += c));
      child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });

  it('local mode and serve: node:sqlite where this Node has it; else one line saying what to do', async () => {
    expect(existsSync(join(copy, 'node_modules'))).toBe(false);
    if (hasNodeSqlite(process.versions.node)) {
      // Node 22.16 and later: nothing to install, and nothing on stderr (node:sqlite's
      // ExperimentalWarning on Node 22 included).
      const added = await run(['--local', 'habit', 'add', 'Walk', '--daily'], home.env);
      expect(added.code, added.stderr).toBe(0);
      const done = await run(['--local', 'log', 'done', 'Walk'], home.env);
      expect(done).toEqual({ code: 0, stdout: '', stderr: `Marked "Walk" completed for ${new Date().toISOString().slice(0, 10)}\n` });
      const journal = await run(['--local', 'journal', '--json', 'name,status'], home.env);
      expect(journal).toEqual({ code: 0, stdout: `${JSON.stringify([{ name: 'Walk', status: 'completed' }], null, 2)}\n`, stderr: '' });
      return;
    }
    const local = await run(['--local', 'journal'], home.env);
    expect(local).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: the local service needs Node 22.16 or later (SQLite is built in), or better-sqlite3 on Node ${process.versions.node}\n` +
        'hint: upgrade Node to 22 or 24, or install `npm install -g better-sqlite3@12` beside a global habits (it needs a C++ toolchain); the remote client works without it\n',
    });
    const serve = await run(['serve', '--port', '0'], home.env);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain('needs Node 22.16 or later');
  });

  it('HABITS_SQLITE_DRIVER=better-sqlite3 where it is not installed: one line, and how to go back', async () => {
    const r = await run(['--local', 'journal'], { ...home.env, HABITS_SQLITE_DRIVER: 'better-sqlite3' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: HABITS_SQLITE_DRIVER asks for better-sqlite3, which is not installed\nhint: unset HABITS_SQLITE_DRIVER to let habits choose[^\n]*\n$/);
  });

  it('the remote client keeps working', async () => {
    expect((await run(['--version'], home.env)).code).toBe(0);
    const svc = await startLocalService();
    try {
      const env = { ...home.env, HABITS_BASE_URL: svc.url, HABITS_API_KEY: svc.apiKey };
      const status = await run(['auth', 'status', '--json'], env);
      expect(status.code, status.stderr).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({ valid: true });
      expect((await run(['habit', 'add', 'Walk', '--daily'], env)).code).toBe(0);
      const journal = await run(['journal'], env);
      expect(journal.stdout).toContain('Walk');
    } finally {
      await svc.close();
    }
  });
});
