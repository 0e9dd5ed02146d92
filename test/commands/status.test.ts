// `habits status` against the real local service over loopback, the clock in the test's hand: the
// status file journal keeps, no request of its own, --format, --json, --refresh, no data; and the
// fast path of the built binary (dist/status.cjs) printing what main() prints.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli, tempHome } from '../helpers/cli.js';
import { addHabit, mark, useService } from '../helpers/service.js';

// Sunday 2026-11-22, 12:00 UTC.
const fx = useService({ per: 'test', timezone: 'UTC' });
const cli = (args: string[]) => fx.cli(args, { now: fx.clock.now });
const cacheDir = () => join(fx.home.env.XDG_CACHE_HOME, 'habits');

/** Three habits, one done with a 3-day streak, one skipped, one open in the morning. */
async function seed() {
  const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
  const read = await addHabit(fx.svc, { name: 'Read', startDate: '2026-11-01', timeOfDayIds: ['evening'] });
  await addHabit(fx.svc, { name: 'Stretch', startDate: '2026-11-01', timeOfDayIds: ['morning'] });
  const rest = await addHabit(fx.svc, { name: 'Rest', startDate: '2026-11-01' });
  for (const d of ['2026-11-20', '2026-11-21', '2026-11-22']) await mark(fx.svc, walk.id, 'complete', d);
  await mark(fx.svc, rest.id, 'skipped', '2026-11-22');
  return { walk, read };
}

describe('habits status', () => {
  it('with no data prints nothing and exits 0, and asks the server nothing', async () => {
    await seed();
    const r = await cli(['status']);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(r.requests).toEqual([]);
    expect((await cli(['status', '--json'])).stdout).toBe('');
  });

  it('after a journal: the default line, from a 0600 file in the cache directory, with no request', async () => {
    await seed();
    await cli(['journal']);
    const files = readdirSync(cacheDir()).filter((f) => f.startsWith('status-'));
    expect(files).toEqual([expect.stringMatching(/^status-[0-9a-f]{20}\.json$/)]);
    expect(statSync(join(cacheDir(), files[0]!)).mode & 0o777).toBe(0o600);
    const r = await cli(['status']);
    expect(r).toMatchObject({ code: 0, stdout: '1/3 ✓  🔥3\n', stderr: '' });
    expect(r.requests).toEqual([]);
  });

  it('--format fills each placeholder; {next} is the first open habit by time of day', async () => {
    await seed();
    await cli(['journal']);
    const r = await cli(['status', '--format', '{done} of {due} done, {open} open, best {best_streak}, next: {next}']);
    expect(r.stdout).toBe('1 of 3 done, 2 open, best 3, next: Stretch\n');
    const bad = await cli(['status', '--format', '{done} {later}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: --format: unknown placeholder {later}\nhint: the placeholders are {done}, {due}, {open}, {best_streak}, {next}, {stale}\n');
  });

  it('with day-start 04:00 the day seen at 23:00 lasts until 04:00: still said at 01:30, nothing at 04:01', async () => {
    await seed();
    const at = (iso: string, args: string[]) => {
      fx.clock.set(iso);
      return fx.cli(args, { now: fx.clock.now, env: { HABITS_DAY_START: '04:00' } });
    };
    await at('2026-11-22T23:00:00Z', ['journal']);
    expect((await at('2026-11-23T01:30:00Z', ['status'])).stdout).toBe('1/3 ✓  🔥3\n');
    expect((await at('2026-11-23T04:01:00Z', ['status'])).stdout).toBe('');
  });

  it('--json prints the values; a journal of another day leaves the file alone; the next day it says nothing', async () => {
    const { read } = await seed();
    await cli(['journal']);
    expect(JSON.parse((await cli(['status', '--json'])).stdout)).toEqual({ date: '2026-11-22', done: 1, due: 3, open: 2, bestStreak: 3, next: 'Stretch', stale: false });
    await cli(['log', 'done', 'Stretch']);
    await cli(['journal', '--date', 'yesterday']);
    expect((await cli(['status', '--format', '{done}/{due} {next}'])).stdout).toBe('2/3 Read\n');
    await mark(fx.svc, read.id, 'complete', '2026-11-22');
    await cli(['journal']);
    expect((await cli(['status', '--format', '{done}/{due} [{next}]'])).stdout).toBe('3/3 []\n');
    fx.clock.set('2026-11-23T00:00:01Z');
    expect(await cli(['status'])).toMatchObject({ code: 0, stdout: '' });
  });

  it('follows the writes of the day with no request: done, skip and fail of an open habit, and an undo that clears the day', async () => {
    await seed();
    await cli(['journal']);
    const line = async () => {
      const r = await cli(['status', '--format', '{done}/{due} open {open} [{next}]']);
      expect(r.requests).toEqual([]);
      return r.stdout;
    };
    expect(await line()).toBe('1/3 open 2 [Stretch]\n');
    expect((await cli(['log', 'done', 'Stretch'])).code).toBe(0);
    expect(await line()).toBe('2/3 open 1 [Read]\n');
    await cli(['log', 'skip', 'Read']);
    expect(await line()).toBe('2/2 open 0 []\n');
    await cli(['log', 'done', 'Walk']); // not open in the file (done already: 409): nothing to follow
    expect(await line()).toBe('2/2 open 0 []\n');
    await cli(['log', 'done', 'Stretch', '--date', 'yesterday']);
    expect(await line()).toBe('2/2 open 0 []\n');
    await cli(['log', 'undo', 'Read', '--yes']);
    expect(await line()).toBe('2/3 open 1 [Read]\n');
    await cli(['journal']);
    expect(await line()).toBe('2/3 open 1 [Read]\n');
    await cli(['log', 'fail', 'Read']);
    expect(await line()).toBe('2/3 open 0 []\n');
  });

  it('stays after the values of the day (issue 31): log add, log set and log done on good and bad habits count as the journal would', async () => {
    const pushUps = await addHabit(fx.svc, { name: 'Push-ups', startDate: '2026-11-01', goal: { value: 20, unit: 'rep', periodicity: 'daily' } });
    await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 2, unit: 'L', periodicity: 'daily' } });
    await addHabit(fx.svc, { name: 'Snacks', type: 'bad', startDate: '2026-11-22', goal: { value: 3, unit: 'rep', periodicity: 'daily' } });
    await addHabit(fx.svc, { name: 'Sweets', type: 'bad', startDate: '2026-11-22', goal: { value: 2, unit: 'rep', periodicity: 'daily' } });
    await mark(fx.svc, pushUps.id, 'complete', '2026-11-21');
    const format = '{done}/{due}{stale} open {open} [{next}] {best_streak}';
    const line = async () => {
      const r = await cli(['status', '--format', format]);
      expect(r.requests).toEqual([]);
      return r.stdout;
    };
    // What the journal itself says after each write, in the same format.
    const truth = async () => {
      await cli(['status', '--refresh']);
      return line();
    };
    await cli(['journal']);
    expect(await line()).toBe('0/4 open 2 [Push-ups] 1\n');
    // The acceptance: a value below the goal leaves the count, and the line is there.
    expect((await cli(['log', 'add', 'Push-ups', '5'])).code).toBe(0);
    expect(await line()).toBe('0/4 open 2 [Push-ups] 1\n');
    // A value that reaches the goal: done, out of open, its streak one day longer.
    await cli(['log', 'add', 'Push-ups', '15']);
    expect(await line()).toBe('1/4 open 1 [Water] 2\n');
    // In another unit of the goal's kind (mL for a goal in L), by log set.
    await cli(['log', 'set', 'Water', '2500', '--unit', 'mL']);
    expect(await line()).toBe('2/4 open 0 [] 2\n');
    // A bad habit within its limit, then over it: failed, still due, never done.
    await cli(['log', 'add', 'Snacks', '2']);
    expect(await line()).toBe('2/4 open 0 [] 2\n');
    await cli(['log', 'add', 'Snacks', '2']);
    expect(await line()).toBe('2/4 open 0 [] 2\n');
    // log done on a bad habit (avoided): done; log set over its limit then: failed, no longer done.
    await cli(['log', 'done', 'Sweets']);
    expect(await line()).toBe('3/4 open 0 [] 2\n');
    await cli(['log', 'set', 'Sweets', '3']);
    expect(await line()).toBe('2/4 open 0 [] 2\n');
    // Every line above is what the journal says.
    expect(await truth()).toBe('2/4 open 0 [] 2\n');
    // A value taken back below the goal of a day the goal completed: a complete mark may hold it
    // (from another device), which the file cannot know: the line stays, marked stale.
    await cli(['log', 'add', 'Push-ups', '--', '-1']);
    expect(await line()).toBe('2/4? open 0 [] 2\n');
    expect(await truth()).toBe('1/4 open 1 [Push-ups] 1\n');
  });

  it('a write it cannot follow keeps the line, marked stale ({stale}, the default line and --json), until the next journal', async () => {
    await seed();
    await cli(['journal']);
    expect((await cli(['status'])).stdout).toBe('1/3 ✓  🔥3\n');
    // A habit created since the journal: its value cannot be placed in the counts.
    await addHabit(fx.svc, { name: 'Run', startDate: '2026-11-01', goal: { value: 5, unit: 'kM', periodicity: 'daily' } });
    expect((await cli(['log', 'add', 'Run', '2'])).code).toBe(0);
    const r = await cli(['status']);
    expect(r).toMatchObject({ code: 0, stdout: '1/3? ✓  🔥3\n', stderr: '' });
    expect(r.requests).toEqual([]);
    expect(JSON.parse((await cli(['status', '--json'])).stdout)).toMatchObject({ done: 1, due: 3, stale: true });
    // A write it can follow keeps the mark: the counts may still be off by the one before.
    await cli(['log', 'done', 'Stretch']);
    expect((await cli(['status'])).stdout).toBe('2/3? ✓  🔥3\n');
    await cli(['journal']);
    expect((await cli(['status'])).stdout).toBe('2/4 ✓  🔥3\n');
  });

  it('habits undo moves the line too: a value reverted is followed, a mark reverted marks it stale, never left unmarked and wrong', async () => {
    await seed();
    await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 2, unit: 'L', periodicity: 'daily' } });
    await cli(['journal']);
    const line = async () => (await cli(['status', '--format', '{done}/{due}{stale} open {open} [{next}]'])).stdout;
    expect(await line()).toBe('1/4 open 3 [Stretch]\n');
    await cli(['log', 'skip', 'Stretch']);
    expect(await line()).toBe('1/3 open 2 [Read]\n');
    // The skip taken back: Stretch is due again, which the file cannot say for sure (a mark may
    // have stood for a goal reached): the counts as they were, marked stale.
    expect((await cli(['undo', '--yes'])).code).toBe(0);
    expect(await line()).toBe('1/3? open 2 [Read]\n');
    await cli(['journal']);
    expect(await line()).toBe('1/4 open 3 [Stretch]\n');
    // A value taken back is followed: the file's total drops with it, so the next value counts
    // from the right sum (1.5 L of 2 is not the goal reached).
    await cli(['log', 'add', 'Water', '0.5']);
    expect((await cli(['undo', '--yes'])).code).toBe(0);
    expect(await line()).toBe('1/4 open 3 [Stretch]\n');
    await cli(['log', 'add', 'Water', '1.5']);
    expect(await line()).toBe('1/4 open 3 [Stretch]\n');
    await cli(['log', 'add', 'Water', '0.5']);
    expect(await line()).toBe('2/4 open 2 [Stretch]\n');
    // Taken back below a goal the day reached, a mark may still hold it: stale, as log add says.
    expect((await cli(['undo', '--yes'])).code).toBe(0);
    expect(await line()).toBe('2/4? open 2 [Stretch]\n');
    await cli(['journal']);
    expect(await line()).toBe('1/4 open 3 [Stretch]\n');
  });

  it('habits off over today and habits off rm move the line: the days skipped leave the due count, and come back', async () => {
    await seed();
    await cli(['journal']);
    const line = async () => (await cli(['status', '--format', '{done}/{due}{stale} open {open} [{next}]'])).stdout;
    expect(await line()).toBe('1/3 open 2 [Stretch]\n');
    expect((await cli(['off', '--from', 'today', '--to', 'today', '--habit', 'Stretch'])).code).toBe(0);
    expect(await line()).toBe('1/2 open 1 [Read]\n');
    const id = (await cli(['off', 'ls'])).stdout.split('\t')[0]!;
    expect((await cli(['off', 'rm', id])).code).toBe(0);
    expect(await line()).toBe('1/3 open 2 [Stretch]\n');
    // What the journal says.
    await cli(['journal']);
    expect(await line()).toBe('1/3 open 2 [Stretch]\n');
  });

  it('--refresh fetches today\'s journal (one request), then prints', async () => {
    await seed();
    const r = await cli(['status', '--refresh']);
    expect(r.stdout).toBe('1/3 ✓  🔥3\n');
    // A cache that knows none of the habits yet: one listing tells which of them have ended.
    expect(r.requests.map((q) => `${q.method} ${q.path} ${q.query.date}`)).toEqual(['GET /habits/journal 2026-11-22', 'GET /habits undefined']);
    const again = await cli(['status', '--refresh']);
    expect(again.stdout).toBe('1/3 ✓  🔥3\n');
    expect(again.requests.map((q) => `${q.method} ${q.path} ${q.query.date}`)).toEqual(['GET /habits/journal 2026-11-22']);
  });
});

describe('habits status: the fast path of the built binary', () => {
  it('prints what main() prints, with no data nothing; anything else goes on to main()', async () => {
    const home = tempHome();
    try {
      const env = { ...home.env, PATH: process.env.PATH ?? '', HABITS_TIMEZONE: 'UTC' } as Record<string, string>;
      expect(await spawnCli(['status', '--local'], { env })).toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect((await spawnCli(['--local', 'habit', 'add', 'Walk'], { env })).code).toBe(0);
      expect((await spawnCli(['--local', 'journal'], { env })).code).toBe(0);
      expect(await spawnCli(['status', '--local'], { env })).toMatchObject({ code: 0, stdout: '0/1 ✓  🔥0\n', stderr: '' });
      expect((await spawnCli(['status', '--local', '--format={open}:{next}'], { env })).stdout).toBe('1:Walk\n');
      expect(JSON.parse((await spawnCli(['status', '--local', '--json'], { env })).stdout)).toMatchObject({ done: 0, due: 1, open: 1, next: 'Walk' });
      // Through main(): fields after --json, a bad placeholder.
      expect(JSON.parse((await spawnCli(['status', '--local', '--json', 'next'], { env })).stdout)).toEqual({ next: 'Walk' });
      const bad = await spawnCli(['status', '--local', '--format', '{nope}'], { env });
      expect(bad.code).toBe(2);
      expect(bad.stderr.split('\n')[0]).toBe('error: --format: unknown placeholder {nope}');
    } finally {
      home.cleanup();
    }
  });

  it('after journal, log add, log set and log done (a bad habit too), prints the line with the count, never an empty one (issue 31)', async () => {
    const home = tempHome();
    try {
      const env = { ...home.env, PATH: process.env.PATH ?? '', HABITS_TIMEZONE: 'UTC' } as Record<string, string>;
      const habits = (...args: string[]) => spawnCli(['--local', ...args], { env });
      const status = async () => {
        const r = await spawnCli(['status', '--local'], { env });
        expect(r).toMatchObject({ code: 0, stderr: '' });
        return r.stdout;
      };
      expect((await habits('habit', 'add', 'Push-ups', '--goal', '20 rep daily')).code).toBe(0);
      expect((await habits('habit', 'add', 'Snacks', '--type', 'bad', '--goal', '3 rep daily')).code).toBe(0);
      expect((await habits('journal')).code).toBe(0);
      expect(await status()).toBe('0/2 ✓  🔥0\n');
      expect((await habits('log', 'add', 'Push-ups', '5')).code).toBe(0);
      expect(await status()).toBe('0/2 ✓  🔥0\n');
      expect((await habits('log', 'set', 'Push-ups', '20')).code).toBe(0);
      expect(await status()).toBe('1/2 ✓  🔥1\n');
      expect((await habits('log', 'done', 'Snacks')).code).toBe(0);
      expect(await status()).toBe('2/2 ✓  🔥1\n');
      expect((await habits('log', 'add', 'Snacks', '4')).code).toBe(0);
      expect(await status()).toBe('1/2 ✓  🔥1\n');
    } finally {
      home.cleanup();
    }
  });
});
