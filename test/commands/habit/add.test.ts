// `habits habit add` by flags, against the real local service: what is stored, what is printed,
// references for --stack and --area, and validation before any request.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Area, Habit } from '../../../src/api/types.js';
import { tempHome } from '../../helpers/cli.js';
import { addHabit, call, useService } from '../../helpers/service.js';

const fx = useService();
const { cli } = fx;
let meditate: Habit;
let health: Area;
let outdoors: Area;

beforeAll(async () => {
  meditate = await addHabit(fx.svc, { name: 'Meditate' });
  await addHabit(fx.svc, { name: 'Journal: morning pages' });
  health = await call<Area>(fx.svc, 'POST', '/areas', { name: 'Health' });
  outdoors = await call<Area>(fx.svc, 'POST', '/areas', { name: 'Outdoors' });
});

const writes = <T extends { method: string }>(requests: T[]): T[] => requests.filter((r) => r.method === 'POST' || r.method === 'PUT');

async function stored(id: string): Promise<Habit> {
  return call<Habit>(fx.svc, 'GET', `/habits/${id}`);
}

describe('habits habit add: every flag', () => {
  it('creates the habit the flags describe, field for field', async () => {
    const r = await cli([
      'habit', 'add', 'Evening walk', '--type', 'bad', '--description', 'Around the park', '--icon', '🚶', '--color', '2ecc71',
      '--start', '2026-12-01', '--unit-name', 'laps', '--days', 'mon,wed,FRI', '--goal', '5 KM weekly',
      '--area', 'Health', '--area', `id:${outdoors.id}`, '--time-of-day', 'morning', '--time-of-day', 'evening',
      '--remind', '07:30@mon,tue!alarm', '--remind', '21:00!live', '--stack', 'Meditate:completed:after=1h30m',
      '--stack', 'Journal: morning pages:skipped', '--end', 'date:2027-06-30', '--json',
    ]);
    expect(r.stderr).toMatch(/^Created habit "Evening walk" \(id:-[\w-]+\)\nIts reminders are check-ins \("had any\?"\): fired while the day is within its limit, quiet once it is over\n$/);
    expect(r.code).toBe(0);
    const posts = writes(r.requests);
    expect(posts).toHaveLength(1);
    const created = JSON.parse(r.stdout) as Habit;
    const journal = (await call<Habit[]>(fx.svc, 'GET', '/habits')).find((h) => h.name === 'Journal: morning pages')!;
    expect(await stored(created.id)).toEqual({
      id: created.id,
      name: 'Evening walk',
      type: 'bad',
      description: 'Around the park',
      icon: '🚶',
      colorHex: '#2ECC71',
      startDate: '2026-12-01',
      customUnitName: 'laps',
      occurrence: { type: 'weekDays', days: [1, 3, 5] },
      goal: { id: expect.any(String), createdAt: expect.any(String), periodicity: 'weekly', value: 5, unit: 'kM', isActive: true },
      goals: [{ id: expect.any(String), createdAt: expect.any(String), periodicity: 'weekly', value: 5, unit: 'kM', isActive: true }],
      areas: [health, outdoors],
      timeOfDays: [expect.objectContaining({ id: 'morning' }), expect.objectContaining({ id: 'evening' })],
      reminders: {
        timeTriggers: [
          { time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 3] }, showAsAlarm: true, showLiveActivity: false },
          { time: { hour: 21, minute: 0 }, showAsAlarm: false, showLiveActivity: true },
        ],
        habitStacks: [
          { id: expect.any(String), conditionHabitId: meditate.id, type: 'completed', timerType: 'after', timerDelaySecs: 5400 },
          { id: expect.any(String), conditionHabitId: journal.id, type: 'skipped', timerType: 'immediately', timerDelaySecs: 0 },
        ],
      },
      endCondition: { id: expect.any(String), type: 'date', createdAt: expect.any(String), date: '2027-06-30', isMet: false },
      createdAt: expect.any(String),
      isArchived: false,
      logMethod: 'manual',
      challengeId: null,
    });
  });

  it('--json prints the habit the server returned, which is the stored one', async () => {
    const r = await cli(['habit', 'add', 'Floss', '--every', '2', '--json']);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout) as Habit;
    expect(printed.occurrence).toEqual({ type: 'intervalDays', interval: 2 });
    expect(printed).toEqual(await stored(printed.id));
  });

  it.each([
    [['--month-days', '1,15'], { occurrence: { type: 'monthDays', days: [1, 15] } }],
    [['--daily', '--end', 'periods:10'], { occurrence: { type: 'daily' }, endCondition: expect.objectContaining({ type: 'successPeriods', totalPeriods: 10 }) }],
    [['--days', 'weekends', '--end', 'total:100', '--goal', '8000 steps'], {
      occurrence: { type: 'weekDays', days: [0, 6] },
      endCondition: expect.objectContaining({ type: 'totalLogValue', totalLogValue: 100 }),
      goal: expect.objectContaining({ value: 8000, unit: 'step', periodicity: 'daily' }),
    }],
    [['--end', 'streak:21'], { endCondition: expect.objectContaining({ type: 'streak', streakLength: 21, periodType: 'daily' }) }],
  ])('%j is stored as meant', async (flags, expected) => {
    const name = `Habit ${flags.join(' ')}`;
    const r = await cli(['habit', 'add', name, ...flags, '--json']);
    expect(r.code).toBe(0);
    expect(await stored((JSON.parse(r.stdout) as Habit).id)).toMatchObject({ name, ...expected });
  });

  it('with only a name: a good daily habit starting today (in the user\'s timezone)', async () => {
    const r = await cli(['habit', 'add', 'Stretch'], { env: { HABITS_TIMEZONE: 'Pacific/Kiritimati' } });
    expect(r.code).toBe(0);
    const post = writes(r.requests)[0]!;
    expect(post.body).toEqual({ name: 'Stretch', type: 'good', occurrence: { type: 'daily' }, startDate: '2026-11-23' });
  });
});

describe('habits habit add: a bad habit with a reminder', () => {
  it('says what its reminder does (a check-in), once, at creation; a good habit says nothing of it', async () => {
    const limit = await cli(['habit', 'add', 'Late snacks', '--type', 'bad', '--goal', '3 rep', '--remind', '21:00']);
    expect(limit.code).toBe(0);
    expect(limit.stderr.split('\n').slice(1)).toEqual(['Its reminder is a check-in ("had any?"): fired while the day is within its limit, quiet once it is over', '']);
    const clean = await cli(['habit', 'add', 'Cigarettes', '--type', 'bad', '--remind', '21:00']);
    expect(clean.stderr.split('\n').slice(1)).toEqual(['Its reminder is a check-in ("slipped?"): fired while the day is clean, quiet once a slip is logged', '']);
    const good = await cli(['habit', 'add', 'Neck stretch', '--remind', '21:00']);
    expect(good.stderr).toMatch(/^Created habit "Neck stretch" \(id:-[\w-]+\)\n$/);
    const quiet = await cli(['habit', 'add', 'Candy', '--type', 'bad', '--remind', '21:00', '-q']);
    expect(quiet.stderr).toBe('');
  });
});

describe('habits habit add: output', () => {
  it('on a terminal: the confirmation, then every field as `show` prints it', async () => {
    const r = await cli(['habit', 'add', 'Read', '--days', 'mon-fri', '--goal', '20 min', '--remind', '21:30@sun!alarm', '--stack', 'medit:completed:after=10m', '--no-color'], { tty: { stdout: true } });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^Created habit "Read" \(id:-[\w-]+\)$/);
    expect(lines[1]).toBe('Read');
    expect(r.stdout).toContain('  Schedule     Mon, Tue, Wed, Thu, Fri\n');
    expect(r.stdout).toContain('  Goal         20 min daily\n');
    expect(r.stdout).toContain('  Reminders    21:30 on Sun (alarm)\n');
    expect(r.stdout).toContain('  Stacks       after "Meditate" is completed, +10 min\n');
    expect(r.stderr).toBe('');
  });

  it('piped: the new id alone on stdout, with -q too, as area add prints its id (issue 22); the confirmation on stderr', async () => {
    const r = await cli(['habit', 'add', 'Piano', '--days', 'tue', '--color', '#123456'], { env: { FORCE_COLOR: '0' } });
    expect(r.code).toBe(0);
    const id = /\(id:(.+)\)\n$/.exec(r.stderr)![1]!;
    expect(r.stdout).toBe(`${id}\n`);
    expect(r.stderr).toMatch(/^Created habit "Piano"/);
    expect((await stored(id)).name).toBe('Piano');
    const quiet = await cli(['habit', 'add', 'Cello', '-q']);
    expect(quiet).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^-[\w-]+\n$/) });
    expect((await stored(quiet.stdout.trim())).name).toBe('Cello');
  });

  it('forgets cached names, so a prefix that was unique before the add resolves afresh', async () => {
    await cli(['habit', 'add', 'Running drills']);
    expect((await cli(['habit', 'show', 'Run'])).code).toBe(0); // warms the name cache
    await cli(['habit', 'add', 'Run']);
    const r = await cli(['habit', 'show', 'Run', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Habit).name).toBe('Run');
  });
});

describe('habits habit add: references', () => {
  it('--stack and --area take a name in any case, a prefix, or id:<id>', async () => {
    const r = await cli(['habit', 'add', 'Ref test', '--stack', 'MEDITATE:failed', '--stack', `id:${meditate.id}:reminder`, '--area', 'heal', '--area', 'OUTDOORS', '--json']);
    expect(r.code).toBe(0);
    const h = await stored((JSON.parse(r.stdout) as Habit).id);
    expect(h.reminders?.habitStacks?.map((s) => [s.conditionHabitId, s.type])).toEqual([[meditate.id, 'failed'], [meditate.id, 'reminder']]);
    expect(h.areas?.map((a) => a.name)).toEqual(['Health', 'Outdoors']);
  });

  it('an ambiguous --stack exits 2 and lists the candidates; nothing is created', async () => {
    await addHabit(fx.svc, { name: 'Swim laps' });
    await addHabit(fx.svc, { name: 'Swim drills' });
    const r = await cli(['habit', 'add', 'Sauna', '--stack', 'swim:completed']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --stack: "swim" matches 2 habits\nhint: candidates: "Swim laps" \(id:-[\w-]+\), "Swim drills" \(id:-[\w-]+\); name one by its id, e.g. id:-[\w-]+\n$/);
    expect(writes(r.requests)).toEqual([]);
  });

  it('an unknown --stack exits 3 and suggests the closest name', async () => {
    const r = await cli(['habit', 'add', 'Sauna', '--stack', 'Meditat3:completed']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: --stack: no habit matches "Meditat3"\nhint: did you mean "Meditate"?\n');
    expect(writes(r.requests)).toEqual([]);
  });

  it('an ambiguous --area exits 2; an unknown one exits 3 with a suggestion', async () => {
    await call(fx.svc, 'POST', '/areas', { name: 'Hobbies' });
    // A new home: the area created behind the CLI's back is not in a warm name cache.
    const fresh = tempHome();
    const ambiguous = await cli(['habit', 'add', 'Sauna', '--area', 'h'], { env: fresh.env });
    fresh.cleanup();
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/^error: --area: "h" matches 2 areas\nhint: candidates: "Health" \(id:-[\w-]+\), "Hobbies" \(id:-[\w-]+\); name one by its id, e.g. id:-[\w-]+\n$/);
    const unknown = await cli(['habit', 'add', 'Sauna', '--area', 'Helth']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toBe('error: --area: no area matches "Helth"\nhint: did you mean "Health"?\n');
    expect(writes([...ambiguous.requests, ...unknown.requests])).toEqual([]);
  });
});

describe('habits habit add: validation before any request', () => {
  it.each([
    [['--days', 'mnn'], '--days: "mnn" is not a weekday'],
    [['--goal', '30 parsecs'], '--goal: unknown unit "parsecs"'],
    [['--remind', '25:00'], '--remind: hour 25 is out of range (0-23)'],
    [['--stack', 'Meditate'], '--stack: expected <habit>:<completed|skipped|failed|reminder>'],
    [['--end', 'streak:0'], '--end: the streak length must be a whole number from 1 to 100000'],
    [['--color', 'blue'], '--color: "blue" is not a hex colour'],
    [['--every', '0'], '--every: the interval must be a whole number from 1 to 3650'],
    [['--every', '3651'], '--every: the interval must be a whole number from 1 to 3650'],
    [['--goal', '2000000000 step'], '--goal: the goal value must be at most 1000000000'],
    [['--stack', 'Meditate:completed:after=25h'], '--stack: a delay must be at most 24h'],
    [['--type', 'neutral'], '--type: "neutral" is not a habit type'],
    [['--days', 'mon', '--every', '2'], '--days and --every cannot be used together'],
  ])('%j exits 2 naming the flag, with no request at all', async (flags, message) => {
    const r = await cli(['habit', 'add', 'Bad', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stdout).toBe('');
    expect(r.requests).toEqual([]);
  });

  it('without a terminal a missing name fails at once, naming it', async () => {
    const r = await cli(['habit', 'add', '--days', 'mon']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: missing habit name: habits habit add <name> [flags]\nhint: or run it on a terminal to be prompted for every field\n');
    expect(r.requests).toEqual([]);
  });

  it('-i without a terminal is a usage error; so is a blank name', async () => {
    const i = await cli(['habit', 'add', 'Walk', '-i']);
    expect(i.code).toBe(2);
    expect(i.stderr).toMatch(/^error: -i needs a terminal/);
    const blank = await cli(['habit', 'add', '  ']);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toBe('error: the habit name must not be empty\n');
    expect([...i.requests, ...blank.requests]).toEqual([]);
  });

  it('--time-of-day takes each period of the day by id or name in any case, before any habit uses it', async () => {
    // A cold name cache, and no habit of this service uses the afternoon.
    const home = tempHome();
    try {
      const r = await cli(['habit', 'add', 'Nap', '--time-of-day', 'Afternoon', '--time-of-day', 'MORNING', '--time-of-day', 'evening', '--json'], { env: home.env });
      expect(r.stderr).toMatch(/^Created habit "Nap"/);
      expect(r.code).toBe(0);
      const created = JSON.parse(r.stdout) as Habit;
      expect((await stored(created.id)).timeOfDays?.map((t) => t.id).sort()).toEqual(['afternoon', 'evening', 'morning']);
      expect(writes(r.requests).map((q) => q.body)).toEqual([expect.objectContaining({ timeOfDayIds: ['afternoon', 'morning', 'evening'] })]);
      const shown = await cli(['habit', 'add', 'Siesta', '--time-of-day', 'aFtErNoOn'], { env: home.env });
      expect(shown.code).toBe(0);
      expect((await cli(['habit', 'show', `id:${shown.stdout.trim()}`], { env: home.env })).stdout).toContain('time_of_day\tAfternoon\n');
    } finally {
      home.cleanup();
    }
  });

  it('a name, icon or unit name with a control character exits 2 before any request, in one line', async () => {
    const cases: [string[], string][] = [
      [['New\nline'], 'error: the habit name contains a line break (\\n); it must be one line of printable text\n'],
      [['Tab\there'], 'error: the habit name contains a tab (\\t); it must be one line of printable text\n'],
      [['Clear\u001b[2J'], 'error: the habit name contains an escape character (\\x1b); it must be one line of printable text\n'],
      [['Del\u007f'], 'error: the habit name contains a control character (\\x7f); it must be one line of printable text\n'],
      [['Csi\u009b2J'], 'error: the habit name contains a control character (\\x9b); it must be one line of printable text\n'],
      [['Line\u2028sep'], 'error: the habit name contains a line break (\\u2028); it must be one line of printable text\n'],
      [['Walk', '--icon', '🚶\u0007'], 'error: --icon: the icon contains a control character (\\x07); it must be one line of printable text\n'],
      [['Walk', '--unit-name', 'la\rps'], 'error: --unit-name: the unit name contains a line break (\\r); it must be one line of printable text\n'],
      [['Walk', '--description', 'Around\n\tthe \u001b[2Jpark'], 'error: --description: the description contains an escape character (\\x1b); line breaks and tabs are its only control characters\n'],
    ];
    for (const [args, stderr] of cases) {
      const r = await cli(['habit', 'add', ...args]);
      expect(r).toMatchObject({ code: 2, stdout: '', stderr });
      expect(r.requests).toEqual([]);
    }
  });

  it('a description keeps its line breaks and tabs', async () => {
    const r = await cli(['habit', 'add', 'Stroll', '--description', 'Around the park\n\tthen home', '--json']);
    expect(r.code).toBe(0);
    expect((await stored((JSON.parse(r.stdout) as Habit).id)).description).toBe('Around the park\n\tthen home');
  });

  it('a value only the server can judge comes back as exit 2 with its message', async () => {
    const r = await cli(['habit', 'add', 'Afternoon nap', '--time-of-day', 'siesta']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: the server rejected the request: .*timeOfDayIds\[0\]:? is not a time of day; use morning, afternoon or evening/);
    // Named once, though the service lists it both in its message and in its details.
    expect(r.stderr.match(/is not a time of day/g)).toHaveLength(1);
  });

  it('--json errors are JSON on stderr', async () => {
    const r = await cli(['habit', 'add', 'Bad', '--days', 'xyz', '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'usage', message: expect.stringMatching(/^--days: "xyz"/) } });
  });
});

describe('a goal no period can hold (issue 22)', () => {
  it('habit add --goal "1e9 min weekly" is created with a warning; log add of 2000 min too', async () => {
    const r = await cli(['habit', 'add', 'Meditate long', '--goal', '1e9 min weekly', '-q']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('warning: a goal of 1,000,000,000 min weekly is more than a week holds (10,080 min), so it can never be reached\n');
    const sane = await cli(['habit', 'add', 'Meditate short', '--goal', '20 min daily', '-q']);
    expect(sane.stderr).toBe('');
    const log = await cli(['log', 'add', 'Meditate short', '2000']);
    expect(log.code).toBe(0);
    expect(log.stderr).toContain('warning: a value of 2,000 min is more than a day holds (1,440 min)\n');
  });
});
