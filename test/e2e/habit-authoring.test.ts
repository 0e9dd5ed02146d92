// habit add / edit / show as cron would run them: the built bin/habits.js, a clean environment
// (temp HOME, key from HABITS_API_KEY), no terminal. Needs `npm run build`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Area, Habit } from '../../src/api/types.js';
import { addHabit, call, cliEnv } from '../helpers/service.js';
import { spawnCli, tempHome } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';

let svc: LocalService;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;
let meditate: Habit;
let health: Area;

beforeAll(async () => {
  svc = await startLocalService();
  home = tempHome();
  env = cliEnv(svc, home.env);
  meditate = await addHabit(svc, { name: 'Meditate' });
  health = await call<Area>(svc, 'POST', '/areas', { name: 'Health' });
});

afterAll(async () => {
  await svc.close();
  home.cleanup();
});

async function run(args: string[]) {
  const before = svc.requests.length;
  const result = await spawnCli(args, { env });
  return { ...result, requests: svc.requests.slice(before) };
}

describe('habit authoring from a script', () => {
  it('add with every flag stores the habit meant; piped output is plain', async () => {
    const r = await run([
      'habit', 'add', 'Walk', '--description', 'Park', '--icon', 'walk', '--color', '#abc', '--start', '2026-12-01', '--unit-name', 'laps',
      '--days', 'mon-wed', '--goal', '3 kilometers weekly', '--area', 'health', '--time-of-day', 'afternoon',
      '--remind', '08:00@weekends!alarm!live', '--stack', 'Meditate:reminder:after=30s', '--end', 'periods:4',
    ]);
    expect(r.stderr).toMatch(/^Created habit "Walk" \(id:-[\w-]+\)\n$/);
    expect(r.code).toBe(0);
    const id = /id:(-[\w-]+)/.exec(r.stderr)![1]!;
    // Piped, the new id alone (id=$(habits habit add …)); habit show pipes the fields.
    expect(r.stdout).toBe(`${id}\n`);
    const shown = await run(['habit', 'show', `id:${id}`]);
    expect(shown.stdout).not.toMatch(/\u001b/);
    expect(shown.stdout).toContain('name\tWalk\n');
    expect(shown.stdout).toContain('reminder\t08:00 on Sat, Sun (alarm, live activity)\n');
    expect(await call<Habit>(svc, 'GET', `/habits/${id}`)).toMatchObject({
      name: 'Walk', type: 'good', description: 'Park', icon: 'walk', colorHex: '#AABBCC', startDate: '2026-12-01', customUnitName: 'laps',
      occurrence: { type: 'weekDays', days: [1, 2, 3] },
      goal: { value: 3, unit: 'kM', periodicity: 'weekly' },
      areas: [expect.objectContaining({ id: health.id })],
      timeOfDays: [expect.objectContaining({ id: 'afternoon' })],
      reminders: {
        timeTriggers: [{ time: { hour: 8, minute: 0 }, occurrenceFilter: { weekDays: [1, 7] }, showAsAlarm: true, showLiveActivity: true }],
        habitStacks: [{ conditionHabitId: meditate.id, type: 'reminder', timerType: 'after', timerDelaySecs: 30 }],
      },
      endCondition: { type: 'successPeriods', totalPeriods: 4, periodType: 'weekly' },
    });
  });

  it('edit sends only the changed field; show --json parses as the stored habit', async () => {
    const r = await run(['habit', 'edit', 'Walk', '--goal', '4 km weekly', '--description', 'Park', '--json']);
    expect(r.code).toBe(0);
    const put = r.requests.filter((q) => q.method === 'PUT');
    expect(put.map((q) => q.body)).toEqual([{ goal: { value: 4, unit: 'kM', periodicity: 'weekly' } }]);
    const edited = JSON.parse(r.stdout) as Habit;
    const shown = await run(['habit', 'show', 'Walk', '--json']);
    expect(shown.code).toBe(0);
    // The stored habit, and whether it has ended (docs/cli-contract.md).
    expect(JSON.parse(shown.stdout)).toEqual({ ...edited, ended: false, endedOn: null });
    expect(edited.goals?.filter((g) => g.isActive)).toEqual([expect.objectContaining({ value: 4, unit: 'kM' })]);
  });

  it('without a terminal: a missing name fails at once (exit 2), nothing is sent', async () => {
    const r = await run(['habit', 'add', '--goal', '10 min']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: missing habit name: habits habit add <name> [flags]\nhint: or run it on a terminal to be prompted for every field\n');
    expect(r.requests).toEqual([]);
  });

  it('help lists examples and the flag grammar', async () => {
    const r = await run(['habit', 'add', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toContain('--remind <spec>');
    expect(r.stdout).toMatch(/\$ habits habit add Walk --remind '07:30@mon-fri!alarm' +an alarm at 07:30 on weekdays\n/);
    const edit = await run(['habit', 'edit', '--help']);
    expect(edit.stdout).toContain('--no-goal');
    expect(edit.stdout).toContain('replace the whole set');
  });
});
