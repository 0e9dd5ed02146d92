// The API key never shows (issue 11): every command of the tree, with and without --verbose, and
// the failing paths (a refused key, a network error, a corrupt config), run with a known key. It
// appears in no stdout or stderr, no name-cache file, no export, and not in the request log of
// `habits serve` (a child process). The config file stays 0600 in a 0700 directory through every
// write path. Prints how many command runs were checked.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram, NOUNS } from '../../src/program.js';
import { BIN, bufferIO, ROOT, runCli, tempHome, type CliResult } from '../helpers/cli.js';

const KEY = 'hb_K3yS3cr3tQ9xZ7wV2mN8pL4tR6y0001';
const WRONG = 'hb_Wr0ngJ5fH1kD8sG3aB6vC9xQ2zE0002';
/**
 * Pieces a leak would show: every six characters of what a masked key (`hb_…0001`) never shows, so
 * a message quoting part of the key ("hb_K3yS3c"...) is caught too.
 */
const pieces = (key: string): string[] => {
  const middle = key.slice(3, -4);
  return Array.from({ length: middle.length - 5 }, (_, i) => middle.slice(i, i + 6));
};
const leaks = (text: string, key: string): string[] => pieces(key).filter((p) => text.includes(p));

let home: ReturnType<typeof tempHome>;
let server: ChildProcess;
let serverLog = '';
let url = '';
let checked = 0;

beforeAll(async () => {
  home = tempHome();
  server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data', join(home.home, 'serve.db')], {
    cwd: ROOT,
    env: { ...home.env, HABITS_SERVE_API_KEY: KEY },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    server.stderr!.on('data', (c: Buffer) => {
      serverLog += c.toString();
      const m = /listening on (\S+)/.exec(serverLog);
      if (m) resolve(m[1]!);
    });
    server.on('exit', (code) => reject(new Error(`habits serve exited ${code}: ${serverLog}`)));
  });
});

afterAll(async () => {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  home.cleanup();
});

/** Every file under `dir`, with its text. */
function filesUnder(dir: string): [string, string][] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names
    .map((n) => join(dir, n))
    .filter((p) => statSync(p).isFile())
    .map((p) => [p, readFileSync(p, 'latin1')] as [string, string]);
}

function expectNoKey(what: string, r: CliResult, keys = [KEY]): void {
  for (const key of keys) {
    expect(leaks(r.stdout, key), `${what}: stdout`).toEqual([]);
    expect(leaks(r.stderr, key), `${what}: stderr`).toEqual([]);
  }
  expect(r.stderr, `${what}: stderr`).not.toMatch(/unexpected error/);
}

async function habits(argv: string[], env: Record<string, string> = {}, stdin?: string): Promise<CliResult> {
  return runCli(argv, { env: { ...home.env, HABITS_BASE_URL: url, HABITS_API_KEY: KEY, ...env }, stdin, now: () => new Date() });
}

/** The commander tree's leaves, every noun loaded. */
async function leaves(): Promise<string[]> {
  const program = buildProgram({ run: async () => {} }, bufferIO().io);
  for (const noun of NOUNS) {
    try {
      await program.parseAsync([noun.name, '--help'], { from: 'user' });
    } catch {
      // --help ends in a CommanderError under exitOverride; the noun is loaded by then.
    }
  }
  const out: string[] = [];
  const walk = (c: Command, path: string[]): void => {
    if (c.commands.length === 0 && path.length) out.push(path.join(' '));
    for (const sub of c.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return out;
}

describe('the API key shows nowhere', () => {
  it('every command, with and without --verbose, and the failing paths', async () => {
    const exportFile = join(home.home, 'export.json');
    const importFile = join(home.home, 'import.json');
    // Commands in an order that leaves something for the next; each leaf of the tree is listed.
    const runs: [leaf: string, argv: string[], stdin?: string][] = [
      ['habit add', ['habit', 'add', 'Walk', '--goal', '30 min daily']],
      ['area add', ['area', 'add', 'Home']],
      ['journal', ['journal']],
      ['check', ['check']], // off a terminal: exit 2, pointing to the log verbs
      ['habit ls', ['habit', 'ls']],
      ['habit show', ['habit', 'show', 'Walk']],
      ['habit edit', ['habit', 'edit', 'Walk', '--description', 'brisk']],
      ['habit stats', ['habit', 'stats', 'Walk']],
      ['week', ['week', '--weeks', '2']],
      ['month', ['month']],
      ['log done', ['log', 'done', 'Walk']],
      ['log undo', ['log', 'undo', 'Walk']],
      ['log fail', ['log', 'fail', 'Walk']],
      ['log undo', ['log', 'undo', 'Walk']],
      ['log skip', ['log', 'skip', 'Walk']],
      ['log undo', ['log', 'undo', 'Walk']],
      ['log add', ['log', 'add', 'Walk', '10', '--unit', 'min']],
      ['log set', ['log', 'set', 'Walk', '25']],
      ['log ls', ['log', 'ls', 'Walk']],
      ['undo', ['undo', '--yes']],
      ['sync', ['sync']],
      ['log rm', ['log', 'rm', 'Walk', 'no-such-log', '--yes']],
      ['note add', ['note', 'add', 'Walk', 'felt good']],
      ['note ls', ['note', 'ls', 'Walk']],
      ['note edit', ['note', 'edit', 'Walk', 'no-such-note', '--text', 'x']],
      ['note rm', ['note', 'rm', 'Walk', 'no-such-note', '--yes']],
      ['area ls', ['area', 'ls']],
      ['area show', ['area', 'show', 'Home']],
      ['area edit', ['area', 'edit', 'Home', '--name', 'House']],
      ['area rm', ['area', 'rm', 'House', '--yes']],
      ['export', ['export', '--output', exportFile]],
      ['export', ['export']],
      ['import', ['--local', 'import', importFile, '--yes']],
      ['auth status', ['auth', 'status']],
      ['config list', ['config', 'list']],
      ['config get', ['config', 'get', 'api-key']],
      ['config set', ['config', 'set', 'timeout', '20s']],
      ['config unset', ['config', 'unset', 'timeout']],
      ['config edit', ['config', 'edit']], // off a terminal: exit 2, pointing to config set
      ['config path', ['config', 'path']],
      ['completion', ['completion', 'bash']],
      ['help', ['help', 'environment']],
      ['__complete', ['__complete', 'habits']],
      ['serve', ['serve', '--help']],
      ['mcp', ['mcp', '--help']],
      ['doctor', ['doctor']],
      ['remind run', ['remind', '--notify', 'stdout', '--grace', '24h']],
      ['remind ls', ['remind', 'ls']],
      ['remind install', ['remind', 'install', '--cron', '--print']],
      ['remind uninstall', ['remind', 'uninstall', '--cron']],
      ['status', ['status', '--refresh']],
      ['off add', ['off', '--from', 'today', '--to', 'today', '--reason', 'rest']],
      ['off ls', ['off', 'ls']],
      ['off rm', ['off', 'rm', 'no-such-range']],
      ['habit archive', ['habit', 'archive', 'Walk']],
      ['habit rm', ['habit', 'rm', 'Walk', '--yes']],
      ['auth login', ['auth', 'login', '--with-key'], `${KEY}\n`],
      ['auth logout', ['auth', 'logout']],
    ];
    // `auth token` prints the key by design, and only that: checked on its own after the loop.
    expect(new Set([...runs.map(([leaf]) => leaf), 'auth token'])).toEqual(new Set(await leaves()));
    writeFileSync(importFile, JSON.stringify({ format: 'habits-export', version: 1, exportedAt: '2026-01-01T00:00:00.000Z', source: 'x', areas: [], habits: [] }));

    for (const verbose of [[], ['--verbose']]) {
      for (const [leaf, argv, stdin] of runs) {
        const r = await habits([...verbose, ...argv], {}, stdin);
        expectNoKey(`${verbose.join('')} ${leaf}`, r);
        checked++;
      }
    }
    const token = await habits(['--verbose', 'auth', 'token']);
    expect(token.stdout).toBe(`${KEY}\n`);
    expect(leaks(token.stderr, KEY)).toEqual([]);
    // The key from the config file (auth login) rather than the environment.
    expect((await habits(['auth', 'login', '--with-key'], {}, `${KEY}\n`)).code).toBe(0);
    for (const argv of [['auth', 'status'], ['--verbose', 'journal'], ['config', 'list', '--json']]) {
      expectNoKey(`config key: ${argv.join(' ')}`, await habits(argv, { HABITS_API_KEY: '' }));
      checked++;
    }
    // A refused key (401), a network error, a corrupt config holding the key.
    for (const argv of [['journal'], ['--verbose', 'journal'], ['auth', 'status'], ['--verbose', 'log', 'done', 'Walk'], ['--json', 'habit', 'ls']]) {
      const refused = await habits(argv, { HABITS_API_KEY: WRONG });
      expect(refused.code, refused.stderr).toBe(4);
      expectNoKey(`401: ${argv.join(' ')}`, refused, [KEY, WRONG]);
      const offline = await habits(argv, { HABITS_BASE_URL: 'http://127.0.0.1:9/v2', HABITS_TIMEOUT: '2s' });
      expect(offline.code, offline.stderr).toBe(1);
      expectNoKey(`network: ${argv.join(' ')}`, offline);
      checked += 2;
    }
    const configFile = join(home.env.XDG_CONFIG_HOME, 'habits', 'config.json');
    writeFileSync(configFile, `{"api-key": ${KEY}}`);
    for (const argv of [['journal'], ['auth', 'status'], ['config', 'list'], ['auth', 'login', '--with-key'], ['--verbose', 'config', 'set', 'color', 'never']]) {
      const r = await habits(argv, { HABITS_API_KEY: '' }, `${WRONG}\n`);
      expect(r.code, r.stderr).toBe(2);
      expectNoKey(`corrupt config: ${argv.join(' ')}`, r, [KEY, WRONG]);
      checked++;
    }

    const caches = filesUnder(home.env.XDG_CACHE_HOME);
    expect(caches.length).toBeGreaterThan(0);
    for (const [file, text] of caches) expect(leaks(text, KEY), file).toEqual([]);
    expect(leaks(readFileSync(exportFile, 'utf8'), KEY)).toEqual([]);
    for (const [file, text] of filesUnder(join(home.env.XDG_DATA_HOME))) expect(leaks(text, KEY), file).toEqual([]);
    expect(serverLog).toMatch(/ GET \/v2\/habits/);
    expect(leaks(serverLog, KEY)).toEqual([]);
    expect(leaks(serverLog, WRONG)).toEqual([]);
    console.log(`secrets: ${checked} command runs checked (${runs.length} per pass, every leaf of the command tree)`);
  }, 120_000);
});

describe('the config file stays private through every write', () => {
  it('0600 in a 0700 directory after auth login, config set, config unset and auth logout, even from looser modes', async () => {
    const local = tempHome();
    try {
      const dir = join(local.env.XDG_CONFIG_HOME, 'habits');
      const file = join(dir, 'config.json');
      mkdirSync(dir, { recursive: true, mode: 0o755 });
      chmodSync(dir, 0o755);
      const writes: [string[], string?][] = [
        [['auth', 'login', '--with-key', '--no-verify'], `${KEY}\n`],
        [['config', 'set', 'timezone', 'UTC']],
        [['config', 'unset', 'timezone']],
        [['auth', 'logout']],
      ];
      for (const [argv, stdin] of writes) {
        const r = await runCli(argv, { env: local.env, stdin });
        expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
        expectNoKey(argv.join(' '), r);
        expect([argv.join(' '), statSync(file).mode & 0o777, statSync(dir).mode & 0o777]).toEqual([argv.join(' '), 0o600, 0o700]);
        chmodSync(file, 0o644);
        chmodSync(dir, 0o755);
      }
    } finally {
      local.cleanup();
    }
  });
});
