// A habit that has ended, tried as a new user would with the built CLI under a clean environment
// and the real clock: in local mode, and against a `habits serve` process over loopback. The habit
// started a week ago and ended three days ago (`--end date:-3`), done on two days before its end.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry, Statistics } from '../../src/api/types.js';
import { addDays } from '../../src/model/dates.js';
import type { Overview } from '../../src/model/overview.js';
import { noonZone, spawnCli, tempHome, type CliResult } from '../helpers/cli.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';

const KEY = 'hb_endedendedendedendedendedended';
const { zone, today } = noonZone();
const day = (n: number): string => addDays(today, n);

let home: ReturnType<typeof tempHome>;
let server: ServeProcess;
let url = '';

beforeAll(async () => {
  home = tempHome();
  server = await startServeProcess(join(home.home, 'serve.db'), { ...home.env, HABITS_TIMEZONE: zone, HABITS_SERVE_API_KEY: KEY });
  url = server.url;
});

afterAll(async () => {
  await server.stop();
  home.cleanup();
});

const MODES: [string, () => Record<string, string>][] = [
  ['in local mode', () => ({ ...home.env, HABITS_TIMEZONE: zone, HABITS_LOCAL: '1', HABITS_DATA_DIR: join(home.home, 'local') })],
  ['against habits serve', () => ({ ...home.env, HABITS_TIMEZONE: zone, HABITS_BASE_URL: url, HABITS_API_KEY: KEY, XDG_CACHE_HOME: join(home.home, 'serve-cache') })],
];

describe.each(MODES)('a habit with --end date:-3, %s', (_mode, envOf) => {
  const habits = async (args: string[]): Promise<CliResult> => {
    const r = await spawnCli(args, { env: envOf() });
    if (r.code !== 0) throw new Error(`habits ${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
    return r;
  };

  it('is gone from journal and status, reads ended in habit ls, and its days after the end count in no rate', async () => {
    await habits(['habit', 'add', 'Stretch', '--daily', '--start', '-7', '--end', 'date:-3']);
    await habits(['habit', 'add', 'Walk', '--daily', '--start', '-7']);
    await habits(['log', 'done', 'Stretch', '--date', '-6']);
    await habits(['log', 'done', 'Stretch', '--date', '-5']);

    const journal = JSON.parse((await habits(['journal', '--json'])).stdout) as JournalEntry[];
    expect(journal.map((e) => e.name)).toEqual(['Walk']);
    expect((await habits(['status'])).stdout).toBe('0/1 ✓  🔥0\n');
    const ls = (await habits(['habit', 'ls'])).stdout.split('\n').slice(0, -1).map((l) => l.split('\t'));
    expect(ls.map((row) => [row[1], row[6]])).toEqual([['Stretch', day(-3)], ['Walk', '']]);

    // Due from -7 to -3, done on two: 2 of 5 (the three days after its end made it 2 of 7).
    const stats = JSON.parse((await habits(['habit', 'stats', 'Stretch', '--from', '-7', '--json'])).stdout) as Statistics;
    expect(stats).toMatchObject({ completions: 2, completionRate: 0.4 });
    const week = JSON.parse((await habits(['week', '--json'])).stdout) as Overview;
    const row = week.habits.find((h) => h.name === 'Stretch')!;
    for (const d of row.days) if (d.date > day(-3) && d.date <= today) expect(d.status, d.date).toBe('not-due');
  });
});
