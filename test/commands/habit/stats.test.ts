// `habits habit stats`: the period, the statistics in words with a heatmap on a terminal, raw
// key/value lines in a pipe, the server's object with --json.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../../src/api/types.js';
import { parse } from '../../../src/commands/habit/stats.js';
import { addDays } from '../../../src/model/dates.js';
import { runCli, type RunOptions } from '../../helpers/cli.js';
import { addHabit, logValue, mark, useService } from '../../helpers/service.js';

const fx = useService();
let walkId: string;

beforeAll(async () => {
  const { svc } = fx;
  const walk = await addHabit(svc, { name: 'Walk', startDate: '2026-10-26', goal: { periodicity: 'daily', value: 30, unit: 'min' } });
  walkId = walk.id;
  // The last week: a full streak of four days before a skip, a fail and partial days.
  for (const d of ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']) await mark(svc, walk.id, 'complete', d);
  await mark(svc, walk.id, 'skipped', '2026-11-14');
  await mark(svc, walk.id, 'failed', '2026-11-15');
  await logValue(svc, walk.id, 10, 'min', '2026-11-16');
  await logValue(svc, walk.id, 20, 'min', '2026-11-17');
  await logValue(svc, walk.id, 45, 'min', '2026-11-18');
  for (let d = '2026-11-19'; d <= '2026-11-22'; d = addDays(d, 1)) await mark(svc, walk.id, 'complete', d);
});

const stats = (args: string[], opts: RunOptions = {}) => fx.cli(['habit', 'stats', ...args], opts);

describe('parse', () => {
  it('defaults to 26 whole weeks ending today, starting on a Monday', () => {
    expect(parse('Walk', {}, '2026-11-22')).toEqual({ ref: 'Walk', from: '2026-05-25', to: '2026-11-22' });
    expect(parse('Walk', {}, '2026-11-16')).toEqual({ ref: 'Walk', from: '2026-05-25', to: '2026-11-16' });
    expect(parse('Walk', { to: '2026-03-04' }, '2026-11-22').from).toBe('2025-09-08');
    expect(parse('Walk', { from: 'yesterday' }, '2026-11-22')).toMatchObject({ from: '2026-11-21', to: '2026-11-22' });
  });

  it('rejects bad dates and --from after --to, naming the flag', () => {
    expect(() => parse('Walk', { from: '2026-13-01' }, '2026-11-22')).toThrow(/--from/);
    expect(() => parse('Walk', { to: 'soon' }, '2026-11-22')).toThrow(/--to/);
    expect(() => parse('Walk', { from: '2026-11-23' }, '2026-11-22')).toThrow('--from 2026-11-23 is after --to 2026-11-22');
  });
});

describe('habits habit stats', () => {
  it('shows totals, rate, streaks and a heatmap of the last 26 weeks', async () => {
    const r = await stats(['Walk'], { tty: { stdout: true }, columns: 80, env: { NO_COLOR: '1' } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const statReq = r.requests.filter((q) => q.path.endsWith('/statistics'));
    expect(statReq).toMatchObject([{ path: `/habits/${walkId}/statistics`, query: { startDate: '2026-05-25', endDate: '2026-11-22' } }]);
    expect(r.requests.filter((q) => q.path === `/habits/${walkId}`)).toHaveLength(1);
    expect(r.stdout).toMatchInlineSnapshot(`
      "Walk
      From             2026-05-25 to 2026-11-22
      Total logged     315 min
      Average          11.25 min per due day
      Completed        9
      Skipped          1
      Failed           1
      Completion rate  33%
      Current streak   5 days
      Longest streak   5 days

            Jun '26 Jul     Aug       Sep     Oct     Nov
      Mon                                             ○ ○ ○ ▒
      Tue                                             ○ ○ █ ▓
      Wed                                             ○ ○ █ █
      Thu                                             ○ ○ █ █
      Fri                                             ○ ○ █ █
      Sat                                             ○ ○ » █
      Sun                                             ○ ○ ✗ █

          ○ pending or missed   less ░ ▒ ▓ █ done   » skipped   ✗ failed
          blank: not due or to come
      "
    `);
  });

  it('prints only key/value lines when piped, raw numbers and no escape codes even with FORCE_COLOR', async () => {
    const r = await stats(['Walk', '--from', '2026-11-09', '--to', '2026-11-22'], { env: { FORCE_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    const lines = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(lines.every((l) => l.length === 2)).toBe(true); // no heatmap art between them
    expect(Object.fromEntries(lines)).toEqual({
      name: 'Walk', from: '2026-11-09', to: '2026-11-22', totalLogs: '315', unit: 'min', average: '22.5', completions: '9', skips: '1', fails: '1',
      completionRate: '0.692308', currentStreak: '5', longestStreak: '5',
    });
    // The habit itself is only needed for the heatmap's goal.
    expect(r.requests.map((q) => q.path)).toEqual([`/habits/${walkId}/statistics`]);
  });

  it('shades days against a daily goal only: with a weekly goal any amount reads as ▒', async () => {
    const swim = await addHabit(fx.svc, { name: 'Swim', startDate: '2026-11-16', goal: { periodicity: 'weekly', value: 1000, unit: 'm' } });
    await logValue(fx.svc, swim.id, 100, 'm', '2026-11-16');
    await logValue(fx.svc, swim.id, 300, 'm', '2026-11-17'); // 400 of 1000: the week is not reached
    const r = await stats(['Swim', '--from', '2026-11-16'], { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^(Mon|Tue) /.test(l));
    expect(rows).toEqual(['Mon ▒', 'Tue ▒']);
    expect(r.stdout).toContain('○ pending or missed   ▒ logged   █ done');
    // The week is still running: no day counts yet, so no rate (–), as week shows it, not 0%.
    expect(r.stdout).toContain('Completion rate  –\n');
  });

  it('leaves days that are not due blank, even one with a log (it counts for nothing, as week shows it)', async () => {
    // Mondays, Wednesdays and Fridays: the service lists no day that is not due unless something is logged on it.
    const gym = await addHabit(fx.svc, { name: 'Gym', startDate: '2026-11-16', occurrence: { type: 'weekDays', days: [1, 3, 5] }, goal: { periodicity: 'daily', value: 30, unit: 'min' } });
    await mark(fx.svc, gym.id, 'complete', '2026-11-16');
    await logValue(fx.svc, gym.id, 5, 'min', '2026-11-17');
    const json = await stats(['Gym', '--json', '--from', '2026-11-16']);
    expect((JSON.parse(json.stdout) as Statistics).dailyProgress).toEqual([
      { date: '2026-11-16', totalLog: 30, status: 'completed' },
      { date: '2026-11-17', totalLog: 5, status: 'inprogress' },
      { date: '2026-11-18', totalLog: 0, status: 'inprogress' },
      { date: '2026-11-20', totalLog: 0, status: 'inprogress' },
    ]);
    const r = await stats(['Gym', '--from', '2026-11-16'], { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/.test(l));
    expect(rows).toEqual(['Mon █', 'Tue', 'Wed ○', 'Thu', 'Fri ○', 'Sat', 'Sun']);
  });

  it('a habit without a goal: totals in times (or its own unit name), the count symbol for scripts', async () => {
    const floss = await addHabit(fx.svc, { name: 'Floss', startDate: '2026-11-16' });
    const pushups = await addHabit(fx.svc, { name: 'Pushups', startDate: '2026-11-16', customUnitName: 'pushups' });
    for (const h of [floss, pushups]) {
      await mark(fx.svc, h.id, 'complete', '2026-11-16');
      await logValue(fx.svc, h.id, 3, '', '2026-11-17');
    }
    const tty = async (name: string) => (await stats([name, '--from', '2026-11-16', '--to', '2026-11-17'], { tty: { stdout: true }, env: { NO_COLOR: '1' } })).stdout;
    expect(await tty('Floss')).toContain('Total logged     4 times\nAverage          2 times per due day\n');
    expect(await tty('Pushups')).toContain('Total logged     4 pushups\n');
    const piped = await stats(['Floss', '--from', '2026-11-16', '--to', '2026-11-17']);
    expect(piped.stdout).toContain('totalLogs\t4\nunit\trep\naverage\t2\n');
  });

  it('colours the heatmap on a colour terminal', async () => {
    const r = await stats(['Walk', '--from', '2026-11-09'], { tty: { stdout: true }, env: { COLORTERM: 'truecolor' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\u001b[38;2;');
  });

  it('prints the statistics object with --json', async () => {
    const r = await stats(['Walk', '--json', '--from', '2026-11-01']);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as Statistics;
    expect(data).toMatchObject({ id: walkId, name: 'Walk', completions: 9, skips: 1, fails: 1 });
    expect(data.dailyProgress).toHaveLength(22);
    expect(r.requests.filter((q) => q.path === `/habits/${walkId}`)).toHaveLength(0);
  });

  it('rejects --from after --to before any request', async () => {
    const r = await stats(['Walk', '--from', '2026-11-20', '--to', '2026-11-10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--from 2026-11-20 is after --to 2026-11-10');
    expect(r.requests).toHaveLength(0);
  });

  it('fails with exit 3 for an unknown habit', async () => {
    const r = await stats(['Nope']);
    expect(r.code).toBe(3);
    expect(r.requests.some((q) => q.path.endsWith('/statistics'))).toBe(false);
  });
});

describe('habits habit stats against the shapes production answers (MockAgent)', () => {
  const habit = {
    id: 'h1', name: 'Run', icon: null, colorHex: '#7B61FF', type: 'good', description: null, occurrence: { type: 'daily' },
    startDate: '2026-11-01', createdAt: '2026-11-01T08:00:00Z', isArchived: false, logMethod: 'manual', endCondition: null,
    goals: [{ id: 'g1', createdAt: '2026-11-01T08:00:00Z', periodicity: 'daily', value: 5, unit: 'kM', isActive: true }],
  };
  const days = [['2026-11-16', 5, 'completed'], ['2026-11-17', 2.5, 'inprogress'], ['2026-11-18', 0, 'skipped'], ['2026-11-19', 0, 'failed']] as const;
  const stats = (unit: unknown) => ({
    id: 'h1', name: 'Run', type: 'good', totalLogs: 7.5, skips: 1, fails: 1, completions: 1, unit, periodicity: 'daily', avg: 1.875,
    dailyProgress: days.map(([date, totalLog, status]) => ({ date, totalLog, status })),
  });
  const variants: [name: string, list: unknown, statistics: unknown, one: unknown][] = [
    ['unit {symbol, type}, every answer in {data}, the list with pagination', { data: [habit], pagination: { total: 1, limit: 100, offset: 0 } }, { data: stats({ symbol: 'kM', type: 'length' }) }, { data: habit }],
    ['unit as a symbol string, bare answers, the list without pagination', { data: [habit] }, stats('kM'), habit],
    ['unit {id, name, symbol} (the spec), the list a bare array', [habit], { data: stats({ id: 'u1', name: 'Kilometer', symbol: 'kM' }) }, { data: habit }],
  ];

  async function run(list: unknown, statistics: unknown, one: unknown, opts: RunOptions): Promise<{ code: number; stdout: string; stderr: string }> {
    const { MockAgent } = await import('undici');
    const agent = new MockAgent();
    agent.disableNetConnect();
    const origin = agent.get('https://api.test');
    origin.intercept({ path: (p) => p.startsWith('/v2/habits?'), method: 'GET' }).reply(200, list as object).persist();
    origin.intercept({ path: (p) => p.startsWith('/v2/habits/h1/statistics?'), method: 'GET' }).reply(200, statistics as object).persist();
    origin.intercept({ path: '/v2/habits/h1', method: 'GET' }).reply(200, one as object).persist();
    try {
      return await runCli(['habit', 'stats', 'Run', '--from', '2026-11-16', '--to', '2026-11-22'], {
        ...opts, env: { ...fx.home.env, HABITS_BASE_URL: 'https://api.test/v2', HABITS_API_KEY: 'hb_test', ...opts.env }, dispatcher: agent,
      });
    } finally {
      await agent.close();
    }
  }

  it.each(variants)('%s: the same lines and heatmap', async (_name, list, statistics, one) => {
    const piped = await run(list, statistics, one, {});
    expect(piped.stderr).toBe('');
    expect(piped.stdout).toBe('name\tRun\nfrom\t2026-11-16\nto\t2026-11-22\ntotalLogs\t7.5\nunit\tkM\naverage\t1.875\ncompletions\t1\nskips\t1\nfails\t1\n');
    const tty = await run(list, statistics, one, { tty: { stdout: true }, columns: 80, env: { NO_COLOR: '1' } });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toContain('Total logged  7.5 km\n');
    // Days the server left out read blank, as days that are not due.
    expect(tty.stdout.split('\n').filter((l) => /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/.test(l))).toEqual(['Mon █', 'Tue ▒', 'Wed »', 'Thu ✗', 'Fri', 'Sat', 'Sun']);
  });
});
