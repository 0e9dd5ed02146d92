// The local store's files, end to end (issue 11, cases 4 and 8): private modes, and a store that is
// damaged, foreign, newer, in the way, read-only or on a full disk gives one line naming the file,
// never "unexpected error". Permission cases run the built CLI as `nobody` when the tests run as
// root (root ignores file modes); a read-only file system and a full disk need mounts, so those two
// run only as root (each says so when skipped).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/server/store/schema.js';
import { runCli, spawnCli, tempHome, type CliResult } from '../helpers/cli.js';
import { openRaw } from '../helpers/sqlite.js';

let home: ReturnType<typeof tempHome>;
let dataDir: string;
let dbFile: string;
beforeEach(() => {
  home = tempHome();
  dataDir = join(home.env.XDG_DATA_HOME, 'habits');
  dbFile = join(dataDir, 'habits.db');
});
afterEach(() => home.cleanup());

const inProcess = (argv: string[]): Promise<CliResult> => runCli(['--local', ...argv], { env: home.env });
const isRoot = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };

/** The built CLI as a user that file modes apply to: `nobody` when we are root, else ourselves. */
function asUser(argv: string[]): Promise<CliResult> {
  if (isRoot) execFileSync('chown', ['-R', `${NOBODY.uid}:${NOBODY.gid}`, home.home]);
  return spawnCli(['--local', ...argv], { env: home.env, ...(isRoot ? { user: NOBODY } : {}) });
}

const hint = 'hint: move it away, or use another file: HABITS_DATA_DIR for local mode, --data for `habits serve`\n';
const modeOf = (path: string): number => statSync(path).mode & 0o777;

async function seed(): Promise<void> {
  const r = await inProcess(['habit', 'add', 'Walk']);
  expect(r.code, r.stderr).toBe(0);
}

describe('file modes', () => {
  it('local mode creates the store 0600 in a 0700 directory', async () => {
    await seed();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(dbFile)).toBe(0o600);
  });

  it('looser modes are tightened, with one warning line; the next run is quiet', async () => {
    await seed();
    chmodSync(dbFile, 0o644);
    chmodSync(dataDir, 0o755);
    const r = await inProcess(['habit', 'ls']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`warning: other users could read your habits; tightened ${dbFile} (0644 -> 0600), ${dataDir} (0755 -> 0700)\n`);
    expect(modeOf(dbFile)).toBe(0o600);
    expect(modeOf(dataDir)).toBe(0o700);
    expect((await inProcess(['habit', 'ls'])).stderr).toBe('');
  });

  it('a directory that holds other files keeps its mode (HABITS_DATA_DIR=/tmp must not close /tmp)', async () => {
    mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'notes.txt'), 'mine');
    await seed();
    expect(modeOf(dataDir)).toBe(0o755);
    expect(modeOf(dbFile)).toBe(0o600);
  });
});

describe('a store that cannot be used is one line naming the file', () => {
  it('a file that is not a database: exit 2, left untouched', async () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(dbFile, 'my shopping list\n'.repeat(20));
    for (const argv of [['journal'], ['log', 'done', 'Walk'], ['export'], ['import', '-', '--yes']]) {
      const r = await runCli(['--local', ...argv], { env: home.env, stdin: '{"format":"habits-export","version":1,"exportedAt":"2026-01-01T00:00:00Z","source":"x","areas":[],"habits":[]}' });
      expect(r, argv.join(' ')).toEqual({ code: 2, stdout: '', stderr: `error: ${dbFile} is not a habits database; it was left untouched\n${hint}` });
    }
    expect(readFileSync(dbFile, 'utf8')).toBe('my shopping list\n'.repeat(20));
  });

  it('an SQLite file of another program: exit 2, and no table is added to it', async () => {
    mkdirSync(dataDir, { recursive: true });
    const other = await openRaw(dbFile);
    other.exec('CREATE TABLE recipes (name TEXT)');
    other.close();
    const r = await inProcess(['journal']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: `error: ${dbFile} is not a habits database (it is an SQLite database of another program); it was left untouched\n${hint}` });
    const check = await openRaw(dbFile, { readOnly: true });
    expect(check.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual(['recipes']);
    check.close();
  });

  it('a truncated file: exit 1, "damaged", with what to do', async () => {
    await seed();
    writeFileSync(dbFile, readFileSync(dbFile).subarray(0, 4096 + 512));
    const r = await inProcess(['journal']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^error: ${dbFile.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged \\(database disk image is malformed\\)\\nhint: keep a copy, then restore it from a backup, or move it away and load an export with \`habits --local import\``));
    expect(r.stderr).not.toMatch(/unexpected|report it/);
  });

  it('a newer schema: exit 1, upgrade habits', async () => {
    await seed();
    const db = await openRaw(dbFile);
    db.pragma('user_version = 99');
    db.close();
    const r = await inProcess(['journal']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: ${dbFile} was written by a newer version of habits (schema version 99; this version reads up to ${SCHEMA_VERSION})\nhint: upgrade habits (npm install -g habits-cli), or use another file\n`,
    });
  });

  it('a directory in its place: exit 2', async () => {
    mkdirSync(dbFile, { recursive: true });
    expect(await inProcess(['journal'])).toEqual({ code: 2, stdout: '', stderr: `error: ${dbFile} is a directory, not a habits database\n${hint}` });
  });

  it('a file where its directory should be: exit 2', async () => {
    mkdirSync(home.env.XDG_DATA_HOME, { recursive: true });
    writeFileSync(dataDir, 'x');
    const r = await inProcess(['journal']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: cannot create ${dbFile}: a file stands where its directory should be\nhint: move that file away, or use another file: HABITS_DATA_DIR for local mode, --data for \`habits serve\`\n`);
  });

  it('habits serve --data on a file that is not a database: exit 2, naming it', async () => {
    const file = join(home.home, 'notes.db');
    writeFileSync(file, 'not sqlite at all '.repeat(10));
    const r = await runCli(['serve', '--port', '0', '--data', file, '--api-key', 'k0000000'], { env: home.env });
    expect(r).toEqual({ code: 2, stdout: '', stderr: `error: ${file} is not a habits database; it was left untouched\n${hint}` });
  });
});

describe('a store that cannot be written is still read', () => {
  const readOnlyHint = 'hint: make it and its directory writable by you, or use another file: HABITS_DATA_DIR for local mode, --data for `habits serve`\n';

  async function expectReadsOnly(why: string): Promise<void> {
    const before = readdirSync(dataDir).sort();
    const journal = await asUser(['journal']);
    expect(journal.code, journal.stderr).toBe(0);
    expect(journal.stdout).toMatch(/\tWalk\t/);
    const exported = await asUser(['export']);
    expect(exported.code, exported.stderr).toBe(0);
    expect((JSON.parse(exported.stdout) as { habits: { name: string }[] }).habits.map((h) => h.name)).toEqual(['Walk']);
    const line = `error: cannot write ${dbFile}: ${why}; it can only be read\n${readOnlyHint}`;
    expect(await asUser(['log', 'done', 'Walk'])).toEqual({ code: 1, stdout: '', stderr: line });
    expect(await asUser(['habit', 'add', 'Run'])).toEqual({ code: 1, stdout: '', stderr: line });
    const imported = await spawnCli(['--local', 'import', '-', '--yes'], {
      env: home.env,
      stdin: '{"format":"habits-export","version":1,"exportedAt":"2026-01-01T00:00:00Z","source":"x","areas":[],"habits":[]}',
      ...(isRoot ? { user: NOBODY } : {}),
    });
    expect(imported).toEqual({ code: 1, stdout: '', stderr: line });
    // Nothing was left beside it (SQLite would leave read-only -wal and -shm files).
    expect(readdirSync(dataDir).sort()).toEqual(before);
  }

  it('a read-only directory', async () => {
    await seed();
    chmodSync(dataDir, 0o500);
    await expectReadsOnly('its directory is read-only');
  });

  it('a read-only file', async () => {
    await seed();
    chmodSync(dbFile, 0o400);
    await expectReadsOnly('the file is read-only');
  });

  it('a read-only directory without the file: exit 1, cannot create it', async () => {
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o500);
    expect(await asUser(['journal'])).toEqual({ code: 1, stdout: '', stderr: `error: cannot create ${dbFile}: permission denied\n${readOnlyHint}` });
  });

  it.runIf(isRoot)('a read-only file system (a read-only bind mount; needs root)', async () => {
    await seed();
    execFileSync('mount', ['--bind', '-o', 'ro', dataDir, dataDir]);
    try {
      const journal = await inProcess(['journal']);
      expect(journal.code, journal.stderr).toBe(0);
      expect(journal.stdout).toMatch(/\tWalk\t/);
      expect(await inProcess(['log', 'done', 'Walk'])).toEqual({
        code: 1,
        stdout: '',
        stderr: `error: cannot write ${dbFile}: it is on a read-only file system; it can only be read\n${readOnlyHint}`,
      });
    } finally {
      execFileSync('umount', [dataDir]);
    }
  });
});

describe('a read-only file system without the data directory', () => {
  it.runIf(isRoot)('local mode: exit 1, cannot create the store, never "unexpected error" (a read-only bind mount; needs root)', async () => {
    mkdirSync(home.env.XDG_DATA_HOME, { recursive: true });
    execFileSync('mount', ['--bind', '-o', 'ro', home.env.XDG_DATA_HOME, home.env.XDG_DATA_HOME]);
    try {
      expect(await inProcess(['journal'])).toEqual({
        code: 1,
        stdout: '',
        stderr: `error: cannot create ${dbFile}: it is on a read-only file system\nhint: use a place you can write: HABITS_DATA_DIR for local mode, --data for \`habits serve\`\n`,
      });
    } finally {
      execFileSync('umount', [home.env.XDG_DATA_HOME]);
    }
  });
});

describe('a full disk', () => {
  it.runIf(isRoot)('a write is one line naming the file (a 1 MiB tmpfs; needs root)', async () => {
    mkdirSync(dataDir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dataDir]);
    try {
      await seed();
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${join(dataDir, 'filler')}`, 'bs=4k'], { stdio: 'ignore' });
      } catch {
        // dd ends with "No space left on device": that is the point.
      }
      const r = await inProcess(['habit', 'add', 'Run', '--description', 'x'.repeat(3000)]);
      expect(r).toEqual({
        code: 1,
        stdout: '',
        stderr: `error: cannot write ${dbFile}: no space left on its device; nothing was changed\nhint: free some space, then run the command again\n`,
      });
    } finally {
      execFileSync('umount', [dataDir]);
    }
  });
});

if (!isRoot) console.log('storage.e2e: the read-only file system and full disk cases need root (mounts); skipped');
