import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statistics } from '../../src/api/types.js';
import { parse } from '../../src/commands/habit/stats.js';
import { addDays } from '../../src/dates.js';
import { NOW, runCli, tempHome } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';
import { addHabit, cliEnv, logValue, mark } from './_seed.js';

let svc: LocalService;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;
let walkId: string;

beforeAll(async () => {
  svc = await startLocalService({ clock: { now: () => NOW } });
  home = tempHome();
  env = cliEnv(svc, home.env);
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

afterAll(async () => {
  await svc.close();
  home.cleanup();
});

async function stats(args: string[], opts: Parameters<typeof runCli>[1] = {}) {
  const before = svc.requests.length;
  const result = await runCli(['habit', 'stats', ...args], { ...opts, env: { ...env, ...opts.env } });
  return { ...result, requests: svc.requests.slice(before) };
}

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
  it('has help with examples', async () => {
    const r = await runCli(['habit', 'stats', '--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:\n  $ habits habit stats');
  });

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
      Mon                                             · · · ▒
      Tue                                             · · █ ▓
      Wed                                             · · █ █
      Thu                                             · · █ █
      Fri                                             · · █ █
      Sat                                             · · s █
      Sun                                             · · x █

          less · ░ ▒ ▓ █ more   s skipped   x failed   blank: not due
      "
    `);
  });

  it('prints key/value lines and a monochrome heatmap when piped', async () => {
    const r = await stats(['Walk', '--from', '2026-11-09', '--to', '2026-11-22'], { env: { FORCE_COLOR: '0' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    const [head, map] = r.stdout.split('\n\n');
    const kv = Object.fromEntries(head!.split('\n').map((l) => l.split('\t')));
    expect(kv).toMatchObject({ name: 'Walk', from: '2026-11-09', to: '2026-11-22', unit: 'min', completions: '9', skips: '1', fails: '1', currentStreak: '5', longestStreak: '5' });
    expect(map!.split('\n')).toEqual([
      "    Nov '26",
      'Mon · ▒',
      'Tue █ ▓',
      'Wed █ █',
      'Thu █ █',
      'Fri █ █',
      'Sat s █',
      'Sun x █',
    ]);
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
