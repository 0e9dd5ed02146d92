// --jq with the built binary, spawned under a clean environment as cron runs it: a filter that
// never ends stops at the time limit, one that fills jq's memory at the memory limit, each in one
// line with its hint and exit 1, and nothing of Emscripten's reaches stderr; a large input and a
// large output come out whole. Needs `npm run build`. No assertion here is about speed (that is
// `node bench/jq.mjs`), but a run past `timeoutMs` is killed, and then fails.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempHome, type CliResult } from '../helpers/cli.js';

const HABITS = 30;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;

/** The built CLI in local mode on the test's store; killed after 20 s. */
const habits = (args: string[], extra: Record<string, string> = {}): Promise<CliResult> =>
  spawnCli(['--local', ...args], { env: { ...env, ...extra }, timeoutMs: 20_000 });

/** What no output of ours may hold: Emscripten's abort and its advice, or a stack trace. */
const EMSCRIPTEN = /Aborted|ASSERTIONS|emscripten|RuntimeError|\n\s+at /i;

beforeAll(async () => {
  home = tempHome();
  env = { ...home.env, HABITS_DATA_DIR: join(home.home, 'data') };
  // Daily habits started three years ago: each exports statistics for about 1,100 days, so the
  // export is about 1.7 MB of compact JSON (jq-wasm's own wrapper took about a minute on it).
  for (let i = 0; i < HABITS; i++) {
    const r = await runCli(['--local', 'habit', 'add', `Habit ${i}`, '--daily', '--start', '2023-11-22'], { env });
    expect(r.code, r.stderr).toBe(0);
  }
});

afterAll(() => home.cleanup());

describe('--jq stops at its limits', () => {
  it.each(['repeat(1)', 'def f: f; f', 'range(1e9)', 'last(range(1e12))'])('%s stops at the time limit, in one line and its hint, exit 1', async (filter) => {
    const r = await habits(['journal', '--jq', filter], { HABITS_JQ_TIMEOUT: '500ms' });
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: --jq: stopped after 500 ms (the time limit)\n' +
        'hint: a filter that does not end (repeat, recursion, range over a huge count) never will; to give one that does more time, set HABITS_JQ_TIMEOUT, e.g. HABITS_JQ_TIMEOUT=60s\n',
    });
  });

  it('a filter that fills jq\'s memory stops at the memory limit, with no word of Emscripten\'s', async () => {
    for (const filter of ['[range(3e7)] | length', 'def f: [f]; f']) {
      const r = await habits(['journal', '--jq', filter]);
      expect(r.stderr).not.toMatch(EMSCRIPTEN);
      expect(r).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'error: --jq: stopped at 256 MB of memory (the memory limit)\n' +
          'hint: jq cannot use more than 256 MB: build less in the filter, or give it less data (--json FIELDS, a narrower command)\n',
      });
    }
  });

  it('recursion deeper than jq\'s stack stops at the stack limit', async () => {
    const r = await habits(['journal', '--jq', 'reduce range(100000) as $i (null; [.]) | tojson']);
    expect(r.stderr).not.toMatch(EMSCRIPTEN);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/^error: --jq: stopped: the data or the filter nests too deeply \(the stack limit\)\nhint: [^\n]+\n$/) });
  });

  it('--json errors carry the limit as code jq_limit', async () => {
    const r = await habits(['journal', '--json', 'name', '--jq', 'repeat(1)'], { HABITS_JQ_TIMEOUT: '0.3' });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'jq_limit', message: '--jq: stopped after 300 ms (the time limit)', status: null } });
  });

  it('the filter is compiled before the request, not run: one endless on null still works', async () => {
    const r = await habits(['journal', '--jq', 'if . == null then repeat(1) else length end'], { HABITS_JQ_TIMEOUT: '5s' });
    expect(r).toEqual({ code: 0, stdout: `${HABITS}\n`, stderr: '' });
  });

  it('a filter that ends in time is not affected by a limit', async () => {
    const r = await habits(['journal', '--jq', '[limit(5; repeat(1))] | add'], { HABITS_JQ_TIMEOUT: '5s' });
    expect(r).toEqual({ code: 0, stdout: '5\n', stderr: '' });
  });
});

describe('--jq on large inputs and outputs', () => {
  let exported: { format: string; exportedAt: string; habits: { name: string; statistics: { dailyProgress: unknown[] } }[] };
  beforeAll(async () => {
    const r = await habits(['export']);
    expect(r.code, r.stderr).toBe(0);
    exported = JSON.parse(r.stdout) as typeof exported;
    expect(JSON.stringify(exported).length).toBeGreaterThan(1_500_000);
  });

  it('export --jq .format answers from the whole export', async () => {
    expect(await habits(['export', '--jq', '.format'])).toEqual({ code: 0, stdout: 'habits-export\n', stderr: '' });
  });

  it('export --jq reads every habit and every day', async () => {
    const names = await habits(['export', '--jq', '.habits[].name']);
    expect(names).toEqual({ code: 0, stdout: exported.habits.map((h) => `${h.name}\n`).join(''), stderr: '' });
    const days = await habits(['export', '--jq', '[.habits[].statistics.dailyProgress | length] | add']);
    expect(days).toEqual({ code: 0, stdout: `${exported.habits.reduce((n, h) => n + h.statistics.dailyProgress.length, 0)}\n`, stderr: '' });
  });

  it('export --jq . prints the export whole, as compact JSON', async () => {
    const r = await habits(['export', '--jq', '.']);
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(r.stdout.split('\n')).toHaveLength(2);
    expect({ ...(JSON.parse(r.stdout) as object), exportedAt: exported.exportedAt }).toEqual(exported);
  });

  it('a large output: 300,000 lines, each in order', async () => {
    const r = await habits(['journal', '--jq', 'range(300000)']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(300_001);
    expect(lines.at(-1)).toBe('');
    expect(lines.every((line, i) => i === 300_000 || line === String(i))).toBe(true);
  });
});
