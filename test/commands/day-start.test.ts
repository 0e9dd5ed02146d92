// `config set day-start HH:MM`: between midnight and that time, "today" is still the day before, for
// every command. In local mode (the embedded service, whose own "today" follows), with the clock of
// each run in the test's hand; and `habits remind` against the service fixture.
import { describe, expect, it } from 'vitest';
import { runCli, useHome } from '../helpers/cli.js';
import { addHabit, useService } from '../helpers/service.js';

const home = useHome();

/** Runs the CLI in local mode at `iso`, in Paris, with day-start 04:00 unless `env` says otherwise. */
function at(iso: string, argv: string[], env: Record<string, string> = {}) {
  return runCli(argv, { env: { ...home.home.env, HABITS_LOCAL: '1', HABITS_TIMEZONE: 'Europe/Paris', HABITS_DAY_START: '04:00', ...env }, now: () => new Date(iso) });
}

// 2026-11-26 00:30Z is 01:30 on Thursday 26 November in Paris (UTC+1).
const NIGHT = '2026-11-26T00:30:00Z';

describe('day-start 04:00: at 01:30 "today" is the evening before', () => {
  it('log done Walk marks the evening before and says which day; at 04:00 it is the new day', async () => {
    expect((await at('2026-11-20T10:00:00Z', ['habit', 'add', 'Walk', '--daily', '--start', '2026-11-20'])).code).toBe(0);
    expect(await at(NIGHT, ['log', 'done', 'Walk'])).toEqual({ code: 0, stdout: '', stderr: 'Marked "Walk" completed for 2026-11-25\n' });
    expect((await at('2026-11-26T02:59:00Z', ['log', 'done', 'Walk'])).stderr).toBe('"Walk" was already completed for 2026-11-25\n');
    expect((await at('2026-11-26T03:00:00Z', ['log', 'done', 'Walk'])).stderr).toBe('Marked "Walk" completed for 2026-11-26\n');
    // Without the setting, 01:30 is the 26th.
    expect((await at(NIGHT, ['log', 'skip', 'Walk'], { HABITS_DAY_START: '' })).stderr).toMatch(/for 2026-11-26\n/);
  });

  it('the relative dates count from that day (thu, at 01:30 on Thursday, is the Thursday before); a future date names the day used', async () => {
    await at('2026-11-20T10:00:00Z', ['habit', 'add', 'Walk', '--daily', '--start', '2026-11-15']);
    expect((await at(NIGHT, ['log', 'done', 'Walk', '--date', 'yesterday'])).stderr).toBe('Marked "Walk" completed for 2026-11-24\n');
    expect((await at(NIGHT, ['log', 'done', 'Walk', '--date', '-2'])).stderr).toBe('Marked "Walk" completed for 2026-11-23\n');
    expect((await at(NIGHT, ['log', 'skip', 'Walk', '--date', 'wed'])).stderr).toBe('Marked "Walk" skipped for 2026-11-25\n');
    expect((await at(NIGHT, ['log', 'done', 'Walk', '--date', 'thu'])).stderr).toBe('Marked "Walk" completed for 2026-11-19\n');
    expect(await at(NIGHT, ['log', 'done', 'Walk', '--date', 'tomorrow'])).toEqual({
      code: 2, stdout: '',
      stderr: 'error: --date: 2026-11-26 is in the future (today is 2026-11-25 in your time zone)\nhint: log a day once it has come; HABITS_TIMEZONE sets the zone\n',
    });
  });

  it('journal and week show that day as today, and the local service counts its streak as today', async () => {
    await at('2026-11-20T10:00:00Z', ['habit', 'add', 'Walk', '--daily', '--start', '2026-11-20']);
    await at('2026-11-25T10:00:00Z', ['log', 'done', 'Walk', '--date', '2026-11-24']);
    const journal = await at(NIGHT, ['journal'], { NO_COLOR: '1' }).then((r) => r.stdout);
    expect(journal).toMatch(/Walk\tinprogress\t.*\t1\t/);
    const tty = await runCli(['journal'], { env: { ...home.home.env, HABITS_LOCAL: '1', HABITS_TIMEZONE: 'Europe/Paris', HABITS_DAY_START: '04:00', NO_COLOR: '1' }, now: () => new Date(NIGHT), tty: { stdout: true }, columns: 100 });
    expect(tty.stdout).toMatch(/Wednesday 25 Nov 2026 \(today\)/);
    // The 25th still open at 01:30 does not break the streak: the service's today is the 25th too.
    const entries = JSON.parse((await at(NIGHT, ['journal', '--json'])).stdout) as { name: string; currentStreak: { length: number } }[];
    expect(entries.map((e) => [e.name, e.currentStreak.length])).toEqual([['Walk', 1]]);
    await at(NIGHT, ['log', 'done', 'Walk']);
    const week = JSON.parse((await at(NIGHT, ['week', '--json'])).stdout) as { habits: { days: { date: string; status: string }[] }[] };
    const days = Object.fromEntries(week.habits[0]!.days.map((d) => [d.date, d.status]));
    expect([days['2026-11-24'], days['2026-11-25'], days['2026-11-26']]).toEqual(['done', 'done', 'future']);
  });
});

describe('day-start across a DST change', () => {
  it('Europe/Paris 2026-10-25, day-start 02:30: the day begins at the first 02:30, and the repeated hour keeps it', async () => {
    const env = { HABITS_DAY_START: '02:30' };
    await at('2026-10-20T10:00:00Z', ['habit', 'add', 'Walk', '--daily', '--start', '2026-10-20'], env);
    expect((await at('2026-10-25T00:15:00Z', ['log', 'done', 'Walk'], env)).stderr).toBe('Marked "Walk" completed for 2026-10-24\n'); // 02:15 CEST
    expect((await at('2026-10-25T00:30:00Z', ['log', 'done', 'Walk'], env)).stderr).toBe('Marked "Walk" completed for 2026-10-25\n'); // 02:30 CEST
    expect((await at('2026-10-25T01:15:00Z', ['log', 'done', 'Walk'], env)).stderr).toBe('"Walk" was already completed for 2026-10-25\n'); // 02:15 CET
  });

  it('America/New_York 2026-11-01 and Europe/Paris 2026-03-29: before and after the change', async () => {
    const ny = { HABITS_DAY_START: '02:30', HABITS_TIMEZONE: 'America/New_York' };
    await at('2026-03-01T12:00:00Z', ['habit', 'add', 'Walk', '--daily', '--start', '2026-03-01'], ny);
    expect((await at('2026-11-01T06:45:00Z', ['log', 'done', 'Walk'], ny)).stderr).toBe('Marked "Walk" completed for 2026-10-31\n'); // 01:45 EST, the second
    expect((await at('2026-11-01T07:30:00Z', ['log', 'done', 'Walk'], ny)).stderr).toBe('Marked "Walk" completed for 2026-11-01\n'); // 02:30 EST
    const paris = { HABITS_DAY_START: '02:30' };
    expect((await at('2026-03-29T00:59:00Z', ['log', 'done', 'Walk'], paris)).stderr).toBe('Marked "Walk" completed for 2026-03-28\n'); // 01:59 CET
    expect((await at('2026-03-29T01:00:00Z', ['log', 'done', 'Walk'], paris)).stderr).toBe('Marked "Walk" completed for 2026-03-29\n'); // 03:00 CEST
  });
});

describe('config set day-start', () => {
  it('is kept as HH:MM, read back by get and list, and the environment beats the file', async () => {
    expect(await home.run(['config', 'set', 'day-start', '4:30'])).toMatchObject({ code: 0, stderr: `Set day-start to 04:30 in ${home.configFile()}\n` });
    expect((await home.run(['config', 'get', 'day-start'])).stdout).toBe('04:30\n');
    expect((await home.run(['config', 'get', 'day-start'], { HABITS_DAY_START: '03:00' })).stdout).toBe('03:00\n');
    expect((await home.run(['config', 'list'])).stdout).toContain(`day-start\t04:30\t${home.configFile()}\n`);
    expect((await home.run(['config', 'unset', 'day-start'])).code).toBe(0);
    expect((await home.run(['config', 'get', 'day-start'])).stdout).toBe('00:00\n');
  });

  it('a value out of 00:00 to 12:00 is one line and exit 2, on the command line or in the environment', async () => {
    for (const bad of ['13:00', '25:00', '4h']) {
      const r = await home.run(['config', 'set', 'day-start', bad]);
      expect(r, bad).toEqual({ code: 2, stdout: '', stderr: `error: day-start: "${bad}" is not a time from 00:00 to 12:00\nhint: e.g. 04:00: until 4 in the morning, "today" is still the day before\n` });
    }
    const r = await home.run(['journal', '--local'], { HABITS_DAY_START: 'late' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: HABITS_DAY_START: "late" is not a time from 00:00 to 12:00\n/);
  });

  it('completion offers it among the keys', async () => {
    const r = await home.run(['__complete', '--', 'config', 'set', '']);
    expect(r.stdout.split('\n')).toContain('day-start');
  });
});

describe('habits remind with day-start 04:00', () => {
  const fx = useService({ per: 'test', start: '2026-11-22T20:00:00.000Z' });
  const remind = (iso: string) => {
    fx.clock.set(iso);
    return fx.cli(['remind', '--notify', 'stdout'], { now: fx.clock.now, env: { HABITS_DAY_START: '04:00' } });
  };

  it('a reminder at 01:00 belongs to the evening before: it fires after midnight for that day, and log done marks it', async () => {
    const h = await addHabit(fx.svc, { name: 'Stretch', reminders: { timeTriggers: [{ time: { hour: 22, minute: 0 } }, { time: { hour: 1, minute: 0 } }] } });
    expect((await remind('2026-11-22T22:01:00Z')).stdout).toBe(`22:00 Reminder: Stretch; done? habits log done id:${h.id}\n`);
    // 01:01 on the 23rd: still the 22nd, whose 01:00 reminder this is (no --date: it is today).
    expect((await remind('2026-11-23T01:01:00Z')).stdout).toBe(`01:00 Reminder: Stretch; done? habits log done id:${h.id}\n`);
    const done = await fx.cli(['log', 'done', 'Stretch'], { now: fx.clock.now, env: { HABITS_DAY_START: '04:00' } });
    expect(done.stderr).toBe('Marked "Stretch" completed for 2026-11-22\n');
    const ls = await fx.cli(['remind', 'ls'], { now: fx.clock.now, env: { HABITS_DAY_START: '04:00' } });
    expect(ls.stdout).toBe('22:00\tStretch\ttime\tfired\n01:00\tStretch\ttime\tfired\n');
  });
});
