// Log writes that would not count (issue 10): refused with exit 2 and a way out, or sent with a
// warning on stderr (an error with --strict). Through the CLI against the local service; today
// is 2026-11-22, a Sunday, in the user's zone (UTC).
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../src/api/types.js';
import { addHabit, call, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

describe('dates after today', () => {
  it('a mark or a value dated in the future exits 2 before any request', async () => {
    await addHabit(fx.svc, { name: 'Walk', goal: { periodicity: 'daily', value: 30, unit: 'min' } });
    fx.reset();
    const done = await fx.cli(['log', 'done', 'Walk', '--date', '2026-12-01']);
    expect(done).toMatchObject({ code: 2, stdout: '' });
    expect(done.stderr).toBe('error: --date: 2026-12-01 is in the future (today is 2026-11-22 in your time zone)\nhint: log a day once it has come; HABITS_TIMEZONE sets the zone\n');
    const add = await fx.cli(['log', 'add', 'Walk', '5', '--unit', 'min', '--date', '2027-01-01']);
    expect(add.code).toBe(2);
    expect(add.stderr).toMatch(/^error: --date: 2027-01-01 is in the future/);
    for (const verb of ['fail', 'skip']) expect((await fx.cli(['log', verb, 'Walk', '--date', '2026-11-23'])).code).toBe(2);
    expect(fx.svc.requests).toEqual([]);
    // Undo may clear any day, so logs written before this rule can be removed.
    expect((await fx.cli(['log', 'undo', 'Walk', '--date', '2026-11-23'])).code).toBe(0);
  });
});

describe('units', () => {
  it('a unit that does not convert to the goal is refused, naming the units that count', async () => {
    await addHabit(fx.svc, { name: 'Walk', goal: { periodicity: 'daily', value: 30, unit: 'min' } });
    fx.reset();
    const r = await fx.cli(['log', 'add', 'Walk', '5', '--unit', 'km']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe([
      'error: --unit: km does not convert to the goal of "Walk" (30 min daily), so the log would never count',
      'hint: units that count: sec, min, hr, ms',
      '',
    ].join('\n'));
    expect(writes(fx.svc)).toEqual([]);
    // A unit of the same dimension is sent as it is, and counts.
    expect((await fx.cli(['log', 'add', 'Walk', '0.5', '--unit', 'hours'])).stderr).toMatch(/^Logged 0.5 hr to "Walk"/);
    const [entry] = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(entry?.status).toBe('completed');
  });

  it("the habit's own unit name is accepted by --unit and shown in the confirmation", async () => {
    const read = await addHabit(fx.svc, { name: 'Read', goal: { periodicity: 'daily', value: 20, unit: 'rep' }, customUnitName: 'pages' });
    fx.reset();
    const r = await fx.cli(['log', 'add', 'Read', '12', '--unit', 'Pages']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Logged 12 pages to "Read" for 2026-11-22 \(log id:/);
    expect(writes(fx.svc).map((w) => w.body)).toEqual([{ value: 12, unitSymbol: 'rep', targetDate: '2026-11-22' }]);
    expect((await fx.cli(['log', 'add', 'Read', '1'])).stderr).toMatch(/^Logged 1 pages to "Read"/);
    const [entry] = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(entry).toMatchObject({ id: read.id, progress: { current: 13, target: 20 } });
  });

  it('people read km and the habit\'s own unit name; scripts and --json keep the wire symbols', async () => {
    const read = await addHabit(fx.svc, { name: 'Read', goal: { periodicity: 'daily', value: 20, unit: 'rep' }, customUnitName: 'pages' });
    const run = await addHabit(fx.svc, { name: 'Run', goal: { periodicity: 'weekly', value: 5, unit: 'kM' } });
    await call(fx.svc, 'POST', `/habits/${read.id}/logs`, { value: 12, unitSymbol: 'rep', targetDate: '2026-11-22' });
    await call(fx.svc, 'POST', `/habits/${run.id}/logs`, { value: 2, unitSymbol: 'kM', targetDate: '2026-11-22' });
    const tty = await fx.cli(['journal'], { tty: { stdout: true }, columns: 100, env: { NO_COLOR: '1' } });
    expect(tty.stdout).toMatch(/Read +◐ partial +█+░+ 12\/20 pages/);
    expect(tty.stdout).toMatch(/Run +◐ partial +█+░+ 2\/5 km/);
    const piped = await fx.cli(['journal']);
    expect(piped.stdout).toContain(`${read.id}\tRead\tinprogress\t12\t20\trep\t`);
    expect(piped.stdout).toContain(`${run.id}\tRun\tinprogress\t2\t5\tkM\t`);
    const json = JSON.parse((await fx.cli(['journal', '--json'])).stdout) as JournalEntry[];
    expect(json.map((e) => e.progress?.unit).sort()).toEqual(['kM', 'rep']);
    expect((await fx.cli(['habit', 'show', 'Read'], { tty: { stdout: true }, env: { NO_COLOR: '1' } })).stdout).toMatch(/Goal +20 pages daily/);
    expect((await fx.cli(['habit', 'ls'], { tty: { stdout: true }, columns: 120, env: { NO_COLOR: '1' } })).stdout).toMatch(/5 km weekly/);
    const stats = await fx.cli(['habit', 'stats', 'Read', '--from', '2026-11-16'], { tty: { stdout: true }, columns: 100, env: { NO_COLOR: '1' } });
    expect(stats.stdout).toMatch(/Total logged +12 pages/);
  });

  it('the unit name of a goal in a measure ("glasses" on cups, as habit add -i asks it) is --unit of log add and log set: the goal\'s unit', async () => {
    const water = await addHabit(fx.svc, { name: 'Water', goal: { periodicity: 'daily', value: 8, unit: 'cup' }, customUnitName: 'glasses' });
    fx.reset();
    const add = await fx.cli(['log', 'add', 'Water', '2', '--unit', 'glasses']);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).toMatch(/^Logged 2 glasses \(cup\) to "Water" for 2026-11-22 \(log id:/);
    const set = await fx.cli(['log', 'set', 'Water', '5', '--unit', 'Glasses']);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toMatch(/^Set "Water" to 5 glasses \(cup\) for 2026-11-22 \(was 2\)/);
    expect(writes(fx.svc).map((w) => w.body)).toEqual([
      { value: 2, unitSymbol: 'cup', targetDate: '2026-11-22' },
      { value: 3, unitSymbol: 'cup', targetDate: '2026-11-22' },
    ]);
    const [entry] = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(entry).toMatchObject({ id: water.id, progress: { current: 5, target: 8, unit: 'cup' } });
    // A unit that does not convert is still refused, and the name is offered with the units that count.
    const km = await fx.cli(['log', 'add', 'Water', '1', '--unit', 'km']);
    expect(km.code).toBe(2);
    expect(km.stderr).toBe([
      'error: --unit: km does not convert to the goal of "Water" (8 glasses (cup) daily), so the log would never count',
      'hint: units that count: L, mL, fl oz, cup (or glasses)',
      '',
    ].join('\n'));
  });

  it('an unknown word on a count points to --unit-name', async () => {
    await addHabit(fx.svc, { name: 'Read', goal: { periodicity: 'daily', value: 20, unit: 'rep' } });
    fx.reset();
    const r = await fx.cli(['log', 'add', 'Read', '10', '--unit', 'pages']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --unit: unknown unit "pages" \(use one of m, km, .*\)\nhint: to count in pages, name the unit: habits habit edit Read --unit-name pages\n$/);
    expect(writes(fx.svc)).toEqual([]);
  });
});

describe('marks that would not count', () => {
  it('a day that is not due: a warning and exit 0, or exit 2 with --strict and nothing sent', async () => {
    await addHabit(fx.svc, { name: 'Budget', occurrence: { type: 'monthDays', days: [1, 15] } });
    fx.reset();
    const strict = await fx.cli(['log', 'done', 'Budget', '--strict']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toBe([
      'error: "Budget" is not due on 2026-11-22 (it is due days 1, 15 of the month), so the log is kept but counts for nothing',
      'hint: without --strict this is a warning and the log is sent',
      '',
    ].join('\n'));
    expect(writes(fx.svc)).toEqual([]);
    const r = await fx.cli(['log', 'done', 'Budget']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe([
      'Marked "Budget" completed for 2026-11-22',
      'warning: "Budget" is not due on 2026-11-22 (it is due days 1, 15 of the month), so the log is kept but counts for nothing',
      '',
    ].join('\n'));
    expect(writes(fx.svc)).toHaveLength(1);
    // On a due day there is nothing to say.
    expect((await fx.cli(['log', 'skip', 'Budget', '--date', '2026-11-15'])).stderr).toBe('Marked "Budget" skipped for 2026-11-15\n');
  });

  it('with --json the warning is in the entry, and a value log warns too', async () => {
    await addHabit(fx.svc, { name: 'Gym', occurrence: { type: 'weekDays', days: [1, 3] }, goal: { periodicity: 'daily', value: 1, unit: 'hr' } });
    const r = await fx.cli(['--json', 'log', 'fail', 'Gym']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { warnings: string[] }[])[0]?.warnings).toEqual([
      '"Gym" is not due on 2026-11-22 (it is due Mon, Wed), so the log is kept but counts for nothing',
    ]);
    expect(r.stderr).toBe('');
    const add = await fx.cli(['log', 'add', 'Gym', '20', '--unit', 'min']);
    expect(add.code).toBe(0);
    expect(add.stderr).toMatch(/\nwarning: "Gym" is not due on 2026-11-22 \(it is due Mon, Wed\)/);
  });

  it('a weekly goal counts a mark on any day of a week with a due day', async () => {
    await addHabit(fx.svc, { name: 'Gym', occurrence: { type: 'weekDays', days: [1, 3] }, goal: { periodicity: 'weekly', value: 2, unit: 'hr' } });
    expect((await fx.cli(['log', 'done', 'Gym'])).stderr).toBe('Marked "Gym" completed for 2026-11-22\n');
    // A monthly goal on the 31st has no due day in November.
    await addHabit(fx.svc, { name: 'Rent', occurrence: { type: 'monthDays', days: [31] }, goal: { periodicity: 'monthly', value: 1, unit: 'rep' } });
    expect((await fx.cli(['log', 'done', 'Rent'])).stderr).toBe([
      'Marked "Rent" completed for 2026-11-22',
      'warning: "Rent" has no due day in the month of 2026-11-22 (it is due day 31 of the month), so the log is kept but counts for nothing',
      '',
    ].join('\n'));
  });

  it('an archived habit is logged with a warning', async () => {
    const old = await addHabit(fx.svc, { name: 'Old' });
    await call(fx.svc, 'POST', `/habits/${old.id}/archive`);
    const r = await fx.cli(['log', 'done', 'Old']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Marked "Old" completed for 2026-11-22\nwarning: "Old" is archived: the log is kept, but the journal does not show the habit\n');
    expect((await fx.cli(['log', 'done', 'Old', '--date', 'yesterday', '--strict'])).code).toBe(2);
  });

  it('a healthy mark from a warm cache still costs one request', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    await fx.cli(['log', 'done', 'Walk', '--date', 'yesterday']);
    fx.reset();
    expect((await fx.cli(['log', 'done', 'Walk'])).code).toBe(0);
    expect(fx.svc.requests.map((q) => `${q.method} ${q.path}`)).toEqual([expect.stringMatching(/^POST \/habits\/.+\/logs\/complete$/)]);
  });

  it('a bad habit over its limit is not marked completed', async () => {
    const smoke = await addHabit(fx.svc, { name: 'Smoking', type: 'bad', goal: { periodicity: 'daily', value: 3, unit: 'rep' } });
    await call(fx.svc, 'POST', `/habits/${smoke.id}/logs`, { value: 5, unitSymbol: 'rep', targetDate: '2026-11-22' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Smoking']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe([
      'error: "Smoking" is over its limit for 2026-11-22 (5/3 rep): a completed mark would not change that',
      'hint: if those logs are wrong, clear the day with habits log undo Smoking --date 2026-11-22; otherwise the day stays failed',
      '',
    ].join('\n'));
    expect(writes(fx.svc)).toEqual([]);
    // Within the limit, done means "stayed within it" and is sent.
    expect((await fx.cli(['log', 'done', 'Smoking', '--date', 'yesterday'])).stderr).toBe('Marked "Smoking" within limit for 2026-11-21\n');
  });
});

describe('dead ends', () => {
  it('a date before the start exits 2 and names the edit that allows it', async () => {
    await addHabit(fx.svc, { name: 'Morning walk', startDate: '2026-11-22' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Morning walk', '--date', 'yesterday']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe([
      'error: "Morning walk" starts on 2026-11-22, so a log for 2026-11-21 would never count',
      "hint: to backfill, move its start first: habits habit edit 'Morning walk' --start 2026-11-21",
      '',
    ].join('\n'));
    expect(writes(fx.svc)).toEqual([]);
    expect((await fx.cli(['habit', 'edit', 'Morning walk', '--start', '2026-11-21'])).code).toBe(0);
    expect((await fx.cli(['log', 'done', 'Morning walk', '--date', 'yesterday'])).code).toBe(0);
  });

  it('undo on an empty day says there was nothing to clear', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    const r = await fx.cli(['log', 'undo', 'Walk']);
    expect(r).toMatchObject({ code: 0, stderr: 'Nothing to clear: "Walk" had no logs for 2026-11-22\n' });
    await fx.cli(['log', 'add', 'Walk', '2', '--unit', 'rep']);
    await fx.cli(['log', 'done', 'Walk']);
    // The day holds a value, which cannot be made again: off a terminal that needs --yes.
    expect(await fx.cli(['log', 'undo', 'Walk'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: refusing to clear the value logged on 2026-11-22 \("Walk" 2 rep\)/) });
    expect((await fx.cli(['log', 'undo', 'Walk', '--yes'])).stderr).toBe('Cleared 2 logs of "Walk" for 2026-11-22\n');
  });
});
