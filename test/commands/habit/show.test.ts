// `habits habit show`: every field readable on a terminal, tab-separated in a pipe, the server's
// habit with --json; references by name, prefix and id.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Area, Habit } from '../../../src/api/types.js';
import { run } from '../../../src/commands/habit/show.js';
import { resolveSettings } from '../../../src/config/settings.js';
import { tempHome } from '../../helpers/cli.js';
import { verbDeps } from '../../helpers/verb.js';
import { addHabit, call, useService } from '../../helpers/service.js';

const fx = useService();
const { cli } = fx;
let walk: Habit;
let meditate: Habit;

beforeAll(async () => {
  const svc = fx.svc;
  meditate = await addHabit(svc, { name: 'Meditate' });
  const stretch = await addHabit(svc, { name: 'Stretch' });
  const health = await call<Area>(svc, 'POST', '/areas', { name: 'Health' });
  walk = await addHabit(svc, {
    name: 'Walk', type: 'good', description: 'Around the park', icon: '🚶', colorHex: '#2ECC71', customUnitName: 'laps',
    startDate: '2026-11-02', occurrence: { type: 'weekDays', days: [1, 3, 5] }, goal: { value: 30, unit: 'min', periodicity: 'daily' },
    areaIds: [health.id], timeOfDayIds: ['morning', 'evening'],
    reminders: {
      timeTriggers: [
        { time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 3] }, showAsAlarm: true },
        { time: { hour: 21, minute: 0 } },
      ],
      habitStacks: [
        { conditionHabitId: meditate.id, type: 'completed', timerType: 'after', timerDelaySecs: 600 },
        { conditionHabitId: stretch.id, type: 'reminder', timerType: 'immediately' },
      ],
    },
    endCondition: { type: 'date', date: '2027-06-30' },
  });
  // A condition habit that is archived still shows by name.
  await call(svc, 'POST', `/habits/${stretch.id}/archive`);
});

describe('habits habit show', () => {
  it('on a terminal: every field in words', async () => {
    const r = await cli(['habit', 'show', 'walk', '--no-color'], { tty: { stdout: true } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe([
      '🚶 Walk',
      '  Type         good (a habit to build)',
      '  Description  Around the park',
      '  Schedule     Mon, Wed, Fri',
      '  Starts       2026-11-02',
      '  Goal         30 laps (min) daily', // the unit name stands for the goal's unit; the symbol follows a measure
      '  Unit name    laps',
      '  Areas        Health',
      '  Time of day  Morning, Evening',
      '  Reminders    07:30 on Mon, Tue (alarm)',
      '               21:00 every day',
      '  Stacks       after "Meditate" is completed, +10 min',
      '               after the reminder of "Stretch", immediately',
      '  Ends         ends on 2027-06-30 (not met yet)',
      '  Icon         🚶',
      '  Colour       ● #2ECC71',
      '  Archived     no',
      '  Created      2026-11-22 12:00', // the service's clock, in the user's timezone (UTC here)
      `  Id           ${walk.id}`,
      '',
    ].join('\n'));
  });

  it('shows the creation time in the user\'s timezone', async () => {
    const r = await cli(['habit', 'show', 'Walk', '--no-color'], { tty: { stdout: true }, env: { HABITS_TIMEZONE: 'Asia/Tokyo' } });
    expect(walk.createdAt).toBe('2026-11-22T12:00:00.000Z');
    expect(r.stdout).toContain('  Created      2026-11-22 21:00\n');
  });

  it('a blank <habit> is a usage error before any request', async () => {
    for (const args of [['habit', 'show', ' '], ['habit', 'edit', ' ', '--name', 'X']]) {
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`error: <habit>: name the habit to ${args[1]}\n`);
      expect(r.requests).toEqual([]);
    }
  });

  it('empty fields read as none, never and any time', async () => {
    const bare = await addHabit(fx.svc, { name: 'Bare' });
    const r = await cli(['habit', 'show', `id:${bare.id}`, '--no-color'], { tty: { stdout: true } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  Goal         none\n');
    expect(r.stdout).toContain('  Time of day  any time\n');
    expect(r.stdout).toContain('  Reminders    none\n');
    expect(r.stdout).toContain('  Ends         never\n');
  });

  it('piped: one tab-separated field per line, repeated for several values, no escape codes', async () => {
    const r = await cli(['habit', 'show', 'Walk'], { env: { FORCE_COLOR: '3' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b/);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.every((l) => l.split('\t').length === 2)).toBe(true);
    expect(lines).toEqual(expect.arrayContaining([
      'name\tWalk', 'type\tgood', 'schedule\tMon, Wed, Fri', 'reminder\t07:30 on Mon, Tue (alarm)', 'reminder\t21:00 every day',
      'stack\tafter "Meditate" is completed, +10 min', 'end\tends on 2027-06-30 (not met yet)', `id\t${walk.id}`,
    ]));
  });

  it('--json is the habit as the server returns it, and whether it has ended', async () => {
    const r = await cli(['habit', 'show', 'Walk', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ...(await call<Habit>(fx.svc, 'GET', `/habits/${walk.id}`)), ended: false, endedOn: null });
  });

  it('an id that begins with "-" works after --', async () => {
    const r = await cli(['habit', 'show', '--json', '--', walk.id]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Habit).id).toBe(walk.id);
  });

  it('unknown: exit 3 with a suggestion; ambiguous: exit 2 with the candidates', async () => {
    const prefix = await cli(['habit', 'show', 'Meditat']);
    expect(prefix.code).toBe(0);
    const typo = await cli(['habit', 'show', 'Medtate']);
    expect(typo.code).toBe(3);
    expect(typo.stderr).toBe('error: no habit matches "Medtate"\nhint: did you mean "Meditate"?\n');
    await addHabit(fx.svc, { name: 'Walk the dog' });
    // A new home, so the habit added behind the CLI's back is not hidden by a warm name cache.
    const fresh = tempHome();
    const ambiguous = await cli(['habit', 'show', 'wal'], { env: fresh.env });
    fresh.cleanup();
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/^error: "wal" matches 2 habits\nhint: candidates: "Walk" \(id:.+\), "Walk the dog" \(id:.+\); name one by its id, e.g. id:.+\n$/);
  });
});

describe('run alone, with its narrow dependencies', () => {
  it('prints every field on a terminal, in the zone of the settings given, stacks by name', async () => {
    const v = verbDeps(fx.svc, { tty: true });
    const settings = resolveSettings({}, { HABITS_TIMEZONE: 'Asia/Tokyo' }, {}, 'config.toml');
    fx.reset();
    try {
      await run({ ref: 'walk' }, { ...v.deps, settings });
      expect(v.stdout()).toContain('  Stacks       after "Meditate" is completed, +10 min\n               after the reminder of "Stretch", immediately\n');
      expect(v.stdout()).toContain('  Created      2026-11-22 21:00\n');
      expect(v.stderr()).toBe('');
      // Stretch is archived, so the cached active names do not cover it: the stacks' names take a
      // listing of every habit, archived ones included.
      expect(fx.svc.requests.map((q) => `${q.method} ${q.path}${q.query.archived ? `?archived=${q.query.archived}` : ''}`)).toEqual([
        'GET /habits?archived=false', `GET /habits/${walk.id}`, 'GET /habits?archived=false', 'GET /habits?archived=true',
      ]);
    } finally {
      await v.close();
    }
  });

  it('with --json prints the habit as the server returns it, and looks up no names', async () => {
    const v = verbDeps(fx.svc, { json: true });
    const settings = resolveSettings({}, {}, {}, 'config.toml');
    fx.reset();
    try {
      await run({ ref: `id:${walk.id}` }, { ...v.deps, settings });
      expect(fx.svc.requests.map((q) => q.path)).toEqual([`/habits/${walk.id}`]);
      expect(JSON.parse(v.stdout())).toEqual({ ...(await call<Habit>(fx.svc, 'GET', `/habits/${walk.id}`)), ended: false, endedOn: null });
      expect(v.stderr()).toBe('');
    } finally {
      await v.close();
    }
  });
});
