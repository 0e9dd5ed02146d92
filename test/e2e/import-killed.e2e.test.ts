// Issue 32, item 4: `habits import --from loop --yes` killed with SIGKILL at seeded random points,
// three times, then run to the end: every day of the source is in the store once. The built CLI
// (bin/habits.js, a real process) against the real service; each kill lands as the service has
// written a log and before the CLI reads its answer, the point where a resume must neither lose
// nor double that day. Weekly goals are the trap: a week shows `completed` on every day once its
// goal is met, so a resume that judged days by status skipped the rest of the week.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/model/dates.js';
import { type RecordedRequest, type Store, createServer, openStore } from '../../src/server/index.js';
import { BIN, ROOT, tempHome } from '../helpers/cli.js';
import { seeded } from '../helpers/seeded.js';


const FIRST = '2026-10-05'; // a Monday: four whole weeks
const DAYS = Array.from({ length: 28 }, (_, i) => addDays(FIRST, i));

/** Each habit's Loop checkmark value on day i, and what the store must hold for it. */
const SOURCE = {
  // 3 times in 7 days: a weekly goal of 3, each YES a value of 1; its week is met by mid-week.
  Gym: (i: number) => (i % 7 === 6 ? 'SKIP' : i % 9 === 4 ? 'NO' : 'YES_MANUAL'),
  // At least 10 km a week: amounts times 1000.
  Run: (i: number) => String(((i % 4) + 1) * 1500),
  Meditate: (i: number) => (i % 5 === 0 ? 'NO' : i % 6 === 0 ? 'SKIP' : 'YES_MANUAL'),
} as const;

/** The one log each day must have: [kind, value] (value null for a mark). */
function expected(name: keyof typeof SOURCE, i: number): [string, number | null] {
  const v = SOURCE[name](i);
  if (name === 'Run') return ['value', Number(v) / 1000];
  if (v === 'NO') return ['failed', null];
  if (v === 'SKIP') return ['skipped', null];
  return name === 'Gym' ? ['value', 1] : ['completed', null];
}

function writeExport(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'Habits.csv'), [
    'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?',
    '001,Gym,YES_NO,,,3,7,#388E3C,,,,false',
    '002,Run,NUMERICAL,,,1,7,#1976D2,km,AT_LEAST,10.0,false',
    '003,Meditate,YES_NO,,,1,1,#0288D1,,,,true',
    '',
  ].join('\n'));
  (Object.keys(SOURCE) as (keyof typeof SOURCE)[]).forEach((name, n) => {
    const folder = join(dir, `00${n + 1} ${name}`);
    mkdirSync(folder);
    // Newest first, as Loop writes them.
    const rows = DAYS.map((d, i) => `${d},${SOURCE[name](i)},`).reverse();
    writeFileSync(join(folder, 'Checkmarks.csv'), ['Date,Value,Notes', ...rows, ''].join('\n'));
  });
}

describe('an import killed three times at random points, then run to the end', () => {
  const home = tempHome();
  const source = join(home.home, 'Loop Habits CSV');
  let store: Store;
  let url = '';
  let apiKey = '';
  let close: () => Promise<void> = async () => {};
  /** The running CLI, and the log write of its run at which it is killed (0: none). */
  let child: ChildProcess | undefined;
  let killAt = 0;
  let logsThisRun = 0;
  const kills: string[] = [];

  beforeAll(async () => {
    writeExport(source);
    store = await openStore(':memory:');
    apiKey = 'hb_killed_import_test_key_0123456789';
    const onRequest = (rec: RecordedRequest): void => {
      if (rec.method !== 'POST' || !/^\/habits\/[^/]+\/logs/.test(rec.path) || rec.status !== 201) return;
      logsThisRun++;
      // The log is stored; its answer is not yet sent.
      if (logsThisRun === killAt && child?.pid) {
        kills.push(`${rec.path.replace(/^\/habits\/[^/]+/, '')} ${JSON.stringify(rec.body)}`);
        child.kill('SIGKILL');
      }
    };
    const listening = await createServer({ db: store, apiKey, timezone: 'UTC', rateLimit: false, authFailureLimit: false, onRequest }).listen();
    url = listening.url;
    close = async () => {
      await listening.close();
      store.close();
    };
  });
  afterAll(async () => {
    await close();
    home.cleanup();
  });

  /** One run of the built CLI; resolves with its exit code, or the signal that ended it. */
  function run(k: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
    killAt = k;
    logsThisRun = 0;
    return new Promise((resolve, reject) => {
      const proc = spawn(process.execPath, [BIN, 'import', '--from', 'loop', source, '--yes'], {
        env: { ...home.env, HABITS_BASE_URL: url, HABITS_API_KEY: apiKey }, cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = proc;
      let stderr = '';
      proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const timer = setTimeout(() => proc.kill('SIGKILL'), 90_000);
      proc.on('error', reject);
      proc.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stderr });
      });
    });
  }

  it('every day of the source is in the store once, as its one log', async () => {
    const random = seeded(32);
    for (let round = 0; round < 3; round++) {
      // 84 log writes in all; three kills of at most 20 each leave some for the last run.
      const k = 3 + Math.floor(random() * 18);
      const r = await run(k);
      expect([round, r.signal], r.stderr).toEqual([round, 'SIGKILL']);
    }
    expect(kills).toHaveLength(3);
    const last = await run(0);
    expect([last.code, last.signal], last.stderr).toEqual([0, null]);

    const habits = store.db.prepare('SELECT id, name, description, is_archived AS archived FROM habits ORDER BY name').all() as { id: string; name: string; description: string; archived: number }[];
    expect(habits.map((h) => [h.name, h.description, h.archived])).toEqual([
      ['Gym', '[imported from Loop Habit Tracker]', 0],
      ['Meditate', '[imported from Loop Habit Tracker]', 1],
      ['Run', '[imported from Loop Habit Tracker]', 0],
    ]);
    const logs = store.db.prepare('SELECT date, kind, value FROM logs WHERE habit_id = ? ORDER BY date, seq');
    const problems: string[] = [];
    for (const h of habits) {
      const name = h.name as keyof typeof SOURCE;
      const byDay = new Map<string, [string, number | null][]>();
      for (const l of logs.all(h.id) as { date: string; kind: string; value: number }[]) {
        byDay.set(l.date, [...(byDay.get(l.date) ?? []), [l.kind, l.kind === 'value' ? l.value : null]]);
      }
      DAYS.forEach((date, i) => {
        const got = byDay.get(date) ?? [];
        const want = [expected(name, i)];
        if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${name} ${date}: ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      });
      expect([...byDay.keys()].filter((d) => !DAYS.includes(d))).toEqual([]);
    }
    expect(problems, `kills after: ${kills.join('; ')}`).toEqual([]);
  }, 240_000);
});
