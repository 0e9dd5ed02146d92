// `habits habit edit` by flags against the real local service: only what changed is sent, nothing
// when nothing changed, clearing forms, stack ids kept, and errors before any write.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Area, Habit } from '../../../src/api/types.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { addHabit, addPopulatedHabit, call, useService } from '../../helpers/service.js';

const fx = useService();
const { cli } = fx;
let meditate: Habit;
let health: Area;
let walk: Habit;
let counter = 0;

beforeAll(async () => {
  meditate = await addHabit(fx.svc, { name: 'Meditate' });
  health = await call<Area>(fx.svc, 'POST', '/areas', { name: 'Health' });
});

// Each test edits its own fully populated habit.
beforeEach(async () => {
  walk = await addPopulatedHabit(fx.svc, `Walk ${++counter}`, { areaId: health.id, stackOn: meditate.id });
});

const puts = (requests: { method: string; body?: unknown }[]) => requests.filter((r) => r.method === 'PUT' || r.method === 'POST').map((r) => r.body);
const stored = (id: string) => call<Habit>(fx.svc, 'GET', `/habits/${id}`);

describe('habits habit edit: only what changed', () => {
  it('sends only the changed fields', async () => {
    const r = await cli(['habit', 'edit', walk.name, '--name', 'Evening walk', '--goal', '30 min daily', '--days', 'fri,mon,wed', '--time-of-day', 'evening', '--color', '#7b61ff']);
    expect(r.code).toBe(0);
    expect(puts(r.requests)).toEqual([{ name: 'Evening walk', timeOfDayIds: ['evening'] }]);
    expect(r.stderr).toBe(`Updated habit "Evening walk": name, time of day (id:${walk.id})\n`);
    const after = await stored(walk.id);
    expect(after.name).toBe('Evening walk');
    expect(after.timeOfDays?.map((t) => t.id)).toEqual(['evening']);
    expect(after.goals).toHaveLength(1);
  });

  it('sends no PUT when every flag repeats the current value, says so and exits 0', async () => {
    const r = await cli(['habit', 'edit', walk.name, '--description', 'Outside', '--days', 'mon,wed,fri', '--goal', '30 min', '--area', 'Health',
      '--remind', '07:30@mon,tue!alarm', '--stack', 'Meditate:completed:after=10m', '--end', 'streak:5', '--unit-name', 'laps']);
    expect(r.code).toBe(0);
    expect(r.requests.map((q) => q.method)).not.toContain('PUT');
    expect(r.stderr).toBe(`No changes: "${walk.name}" already has these values; nothing was sent\n`);
    expect(r.stdout).toBe('');
  });

  it('--time-of-day takes the name of a period the habit has, with a cold name cache', async () => {
    // id: needs no listing, so nothing has taught the cache the names of the periods.
    const fresh = tempHome();
    const r = await cli(['habit', 'edit', `id:${walk.id}`, '--time-of-day', 'MORNING'], { env: fresh.env });
    fresh.cleanup();
    expect(r.stderr).toBe(`No changes: "${walk.name}" already has these values; nothing was sent\n`);
    expect(r.code).toBe(0);
    expect(puts(r.requests)).toEqual([]);
  });

  it('a reminder re-given on all seven days is no change', async () => {
    await cli(['habit', 'edit', walk.name, '--remind', '06:00']);
    const r = await cli(['habit', 'edit', walk.name, '--remind', '06:00@mon-sun']);
    expect(r.code).toBe(0);
    expect(puts(r.requests)).toEqual([]);
  });

  it('with --json and no change, prints the habit as it is', async () => {
    const r = await cli(['habit', 'edit', walk.name, '--icon', '🚶', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(await stored(walk.id));
  });

  it('clears with --no-goal, --no-end, --no-description, --no-icon, --no-unit-name, --no-areas, --no-time-of-day', async () => {
    const r = await cli(['habit', 'edit', walk.name, '--no-goal', '--no-end', '--no-description', '--no-icon', '--no-unit-name', '--no-areas', '--no-time-of-day']);
    expect(r.code).toBe(0);
    expect(puts(r.requests)).toEqual([{ description: null, icon: null, customUnitName: null, goal: null, areaIds: [], timeOfDayIds: [], endCondition: null }]);
    const after = await stored(walk.id);
    expect(after).toMatchObject({ description: null, icon: null, customUnitName: null, goal: null, areas: [], timeOfDays: [], endCondition: null });
  });

  it('--no-reminders clears the time reminders and re-sends the stack with its id, which the server keeps', async () => {
    const stackId = walk.reminders!.habitStacks![0]!.id;
    const r = await cli(['habit', 'edit', walk.name, '--no-reminders']);
    expect(r.code).toBe(0);
    expect(puts(r.requests)).toEqual([{
      reminders: { timeTriggers: [], habitStacks: [{ id: stackId, conditionHabitId: meditate.id, type: 'completed', timerType: 'after', timerDelaySecs: 600 }] },
    }]);
    const after = await stored(walk.id);
    expect(after.reminders).toEqual({ timeTriggers: [], habitStacks: [expect.objectContaining({ id: stackId })] });
  });

  it('--remind replaces the whole set of time reminders', async () => {
    const r = await cli(['habit', 'edit', walk.name, '--remind', '06:00', '--remind', '18:15@sat,sun!live']);
    expect(r.code).toBe(0);
    expect((await stored(walk.id)).reminders?.timeTriggers).toEqual([
      { time: { hour: 6, minute: 0 }, showAsAlarm: false, showLiveActivity: false },
      { time: { hour: 18, minute: 15 }, occurrenceFilter: { weekDays: [1, 7] }, showAsAlarm: false, showLiveActivity: true },
    ]);
  });

  it('--stack with a new delay keeps the stack id; --no-stacks removes them', async () => {
    const stackId = walk.reminders!.habitStacks![0]!.id;
    const r = await cli(['habit', 'edit', walk.name, '--stack', 'meditate:completed:after=5m']);
    expect(r.code).toBe(0);
    expect((await stored(walk.id)).reminders?.habitStacks).toEqual([
      { id: stackId, conditionHabitId: meditate.id, type: 'completed', timerType: 'after', timerDelaySecs: 300 },
    ]);
    const none = await cli(['habit', 'edit', walk.name, '--no-stacks']);
    expect(none.code).toBe(0);
    expect((await stored(walk.id)).reminders?.habitStacks).toEqual([]);
  });

  it('prints the updated habit: --json is the server\'s habit, a terminal gets the fields', async () => {
    const json = await cli(['habit', 'edit', walk.name, '--every', '3', '--json']);
    expect(json.code).toBe(0);
    const printed = JSON.parse(json.stdout) as Habit;
    expect(printed.occurrence).toEqual({ type: 'intervalDays', interval: 3 });
    expect(printed).toEqual(await stored(walk.id));
    const tty = await cli(['habit', 'edit', `id:${walk.id}`, '--end', 'date:2027-01-01', '--no-color'], { tty: { stdout: true } });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toContain(`Updated habit "${walk.name}": end condition`);
    expect(tty.stdout).toContain('  Ends         ends on 2027-01-01 (not met yet)\n');
    expect(tty.stdout).toContain('  Stacks       after "Meditate" is completed, +10 min\n');
  });
});

describe('habits habit edit: errors', () => {
  it('--type is refused before any request, saying why', async () => {
    const r = await cli(['habit', 'edit', walk.name, '--type', 'bad']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --type: a habit's type cannot be changed after it is created/);
    expect(r.requests).toEqual([]);
  });

  it('bad values exit 2 naming the flag, before any request', async () => {
    for (const flags of [['--goal', '0 min'], ['--remind', '7:99'], ['--start', 'someday'], ['--month-days', '40'], ['--stack', 'x:sometimes']]) {
      const r = await cli(['habit', 'edit', walk.name, ...flags]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^error: ${flags[0]}: `));
      expect(r.requests).toEqual([]);
    }
  });

  it('a new name with a control character exits 2 before any request', async () => {
    const r = await cli(['habit', 'edit', walk.name, '--name', 'Evening\twalk']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'error: --name: the name contains a tab (\\t); it must be one line of printable text\n' });
    expect(r.requests).toEqual([]);
  });

  it('--time-of-day with --no-time-of-day is refused in either order, like the other pairs', async () => {
    for (const flags of [['--time-of-day', 'evening', '--no-time-of-day'], ['--no-time-of-day', '--time-of-day', 'evening']]) {
      const r = await cli(['habit', 'edit', walk.name, ...flags]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('error: --time-of-day and --no-time-of-day cannot be used together (one sets the times of day, the other removes them all)\n');
      expect(r.requests).toEqual([]);
    }
  });

  it('no flags without a terminal: nothing to change, exit 2', async () => {
    const r = await cli(['habit', 'edit', walk.name]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: nothing to change/);
    expect(r.requests).toEqual([]);
  });

  it('a habit cannot stack on itself', async () => {
    const r = await cli(['habit', 'edit', walk.name, '--stack', `${walk.name}:completed`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: --stack: a habit cannot stack on itself ("${walk.name}")\n`);
    expect(puts(r.requests)).toEqual([]);
  });

  it('unknown and ambiguous habits: exit 3 and 2, no write', async () => {
    const unknown = await cli(['habit', 'edit', 'Nope', '--name', 'X']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/^error: no habit matches "Nope"/);
    const ambiguous = await cli(['habit', 'edit', 'Walk', '--name', 'X']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/^error: "Walk" matches \d+ habits\nhint: candidates: /);
    expect(puts([...unknown.requests, ...ambiguous.requests])).toEqual([]);
  });

  it('an unknown --area exits 3 and nothing is written', async () => {
    const r = await cli(['habit', 'edit', walk.name, '--area', 'Wealth']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: --area: no area matches "Wealth"\nhint: did you mean "Health"?\n');
    expect(puts(r.requests)).toEqual([]);
  });
});

describe('habits habit edit: other servers', () => {
  it('reads `goals` without `goal`, and GETs the habit again when PUT answers only {message}', async () => {
    const { MockAgent } = await import('undici');
    const agent = new MockAgent();
    agent.disableNetConnect();
    const origin = agent.get('https://api.test');
    const habit = {
      id: 'h1', name: 'Walk', icon: null, colorHex: '#7B61FF', type: 'good', description: null, occurrence: { type: 'daily' },
      startDate: '2026-11-01', createdAt: '2026-11-01T08:00:00Z', isArchived: false, logMethod: 'manual', endCondition: null,
      goals: [
        { id: 'g0', createdAt: '2026-11-01T08:00:00Z', periodicity: 'daily', value: 10, unit: 'min', isActive: false },
        { id: 'g1', createdAt: '2026-11-02T08:00:00Z', periodicity: 'daily', value: 20, unit: 'min', isActive: true },
      ],
    };
    const seen: { method: string; path: string; body?: string }[] = [];
    const record = (opts: { method: string; path: string; body?: unknown }) => seen.push({ method: opts.method, path: opts.path, body: opts.body as string | undefined });
    origin.intercept({ path: (p) => p.startsWith('/v2/habits?'), method: 'GET' })
      .reply(200, (opts) => (record(opts), { data: [habit], pagination: { total: 1, limit: 100, offset: 0 } })).persist();
    origin.intercept({ path: '/v2/habits/h1', method: 'GET' }).reply(200, (opts) => (record(opts), { data: habit })).times(2);
    origin.intercept({ path: '/v2/habits/h1', method: 'PUT' }).reply(200, (opts) => (record(opts), { message: 'Habit updated successfully' }));
    const fresh = tempHome();
    const r = await runCli(['habit', 'edit', 'Walk', '--goal', '20 min', '--name', 'Walk outside', '--json'], {
      env: { ...fresh.env, HABITS_BASE_URL: 'https://api.test/v2', HABITS_API_KEY: 'hb_test' }, dispatcher: agent,
    });
    fresh.cleanup();
    await agent.close();
    expect(r.stderr).toBe('Updated habit "Walk": name (id:h1)\n');
    expect(r.code).toBe(0);
    expect(seen.filter((s) => s.method === 'PUT').map((s) => JSON.parse(s.body!))).toEqual([{ name: 'Walk outside' }]);
    // A rename lists the habits again first: the new name must not be taken.
    expect(seen.map((s) => `${s.method} ${s.path.split('?')[0]}`)).toEqual(['GET /v2/habits', 'GET /v2/habits/h1', 'GET /v2/habits', 'PUT /v2/habits/h1', 'GET /v2/habits/h1']);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 'h1' });
  });
});
