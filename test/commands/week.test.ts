// `habits week`: every active habit over the ISO week(s) holding a date, against the real local
// service at the fixed clock (Sunday 2026-11-22): a grid on a terminal, a line per habit in a pipe,
// the overview document with --json; one listing plus one statistics request per habit. Then a
// server without streak fields whose statistics fail for one habit (MockAgent).
import { MockAgent } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from '../../src/commands/week.js';
import type { Overview } from '../../src/model/overview.js';
import { displayWidth } from '../../src/output/plain.js';
import { runCli, type RunOptions } from '../helpers/cli.js';
import { addHabit, logValue, mark, slowProxy, useService } from '../helpers/service.js';

const fx = useService();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { svc } = fx;
  const walk = await addHabit(svc, { name: 'Walk', startDate: '2026-11-02', goal: { periodicity: 'daily', value: 30, unit: 'min' } });
  for (const d of ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']) await mark(svc, walk.id, 'complete', d);
  await mark(svc, walk.id, 'skipped', '2026-11-14');
  await mark(svc, walk.id, 'failed', '2026-11-15');
  await mark(svc, walk.id, 'complete', '2026-11-16');
  await logValue(svc, walk.id, 10, 'min', '2026-11-17'); // partial, then missed
  await mark(svc, walk.id, 'skipped', '2026-11-18');
  for (const d of ['2026-11-19', '2026-11-20', '2026-11-21']) await mark(svc, walk.id, 'complete', d);
  await logValue(svc, walk.id, 20, 'min', '2026-11-22'); // today, under way
  // A bad habit: a limit of 2 cups a day; over it once, under it today.
  const coffee = await addHabit(svc, { name: 'Coffee', type: 'bad', startDate: '2026-11-09', goal: { periodicity: 'daily', value: 2, unit: 'cup' } });
  await logValue(svc, coffee.id, 3, 'cup', '2026-11-18');
  await logValue(svc, coffee.id, 1, 'cup', '2026-11-22');
  // Mondays, Wednesdays and Fridays, started mid-week: the other days are not due.
  const gym = await addHabit(svc, { name: 'Gym', startDate: '2026-11-11', occurrence: { type: 'weekDays', days: [1, 3, 5] } });
  for (const d of ['2026-11-11', '2026-11-13', '2026-11-16', '2026-11-18']) await mark(svc, gym.id, 'complete', d);
  const piano = await addHabit(svc, { name: 'Piano practice before the recital', startDate: '2026-11-20' });
  Object.assign(ids, { walk: walk.id, coffee: coffee.id, gym: gym.id, piano: piano.id });
});

const week = (args: string[], opts: RunOptions = {}) => fx.cli(['week', ...args], opts);
const tty = (columns: number): RunOptions => ({ tty: { stdout: true }, columns, env: { NO_COLOR: '1' } });

describe('parse', () => {
  it('covers the ISO week holding the date, or N weeks ending with it', () => {
    expect(parse({}, '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22', date: '2026-11-22', month: false });
    expect(parse({ date: '2026-11-23' }, '2026-11-22')).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });
    expect(parse({ weeks: '3', date: 'yesterday' }, '2026-11-22')).toMatchObject({ from: '2026-11-02', to: '2026-11-22', date: '2026-11-21' });
    expect(parse({ date: '2026-01-01' }, '2026-11-22')).toMatchObject({ from: '2025-12-29', to: '2026-01-04' });
  });

  it('refuses a bad --date or --weeks before any request, naming the flag', () => {
    expect(() => parse({ date: '2026-02-30' }, '2026-11-22')).toThrow(/--date/);
    for (const weeks of ['0', '53', '2.5', 'two', '-1', '']) {
      expect(() => parse({ weeks }, '2026-11-22')).toThrow(`--weeks: expected a whole number from 1 to 52, got "${weeks}"`);
    }
  });
});

describe('habits week', () => {
  it('draws this week on a terminal: a glyph per day, streaks and rate beside each habit', async () => {
    const r = await week([], tty(80));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatchInlineSnapshot(`
      "16 Nov – 22 Nov 2026

                                         16 Nov
      HABIT                              MTWTFSS  STREAK  BEST  RATE
      Coffee                             ✓✓✗✓✓✓○      3d    9d   83%
      Gym                                ✓·✓·○··      0d    4d   67%
      Piano practice before the recital  ····○○○      0d    0d    0%
      Walk                               ✓◐»✓✓✓◐      3d    3d   80%

      ✓ done   ◐ partial   » skipped   ✗ failed   ○ pending or missed   · not due
      blank: to come
      bad habits: ✓ within limit   ○ under limit   ✗ over limit
      "
    `);
  });

  it('draws N weeks ending with the week of --date, weeks apart by a space', async () => {
    const r = await week(['--weeks', '2', '--date', '2026-11-20'], tty(80));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatchInlineSnapshot(`
      "9 Nov – 22 Nov 2026

                                         9 Nov   16 Nov
      HABIT                              MTWTFSS MTWTFSS  STREAK  BEST  RATE
      Coffee                             ✓✓✓✓✓✓✓ ✓✓✗✓✓✓○      3d    9d   92%
      Gym                                ··✓·✓·· ✓·✓·○··      0d    4d   80%
      Piano practice before the recital  ······· ····○○○      0d    0d    0%
      Walk                               ✓✓✓✓✓»✗ ✓◐»✓✓✓◐      3d    5d   82%

      ✓ done   ◐ partial   » skipped   ✗ failed   ○ pending or missed   · not due
      blank: to come
      bad habits: ✓ within limit   ○ under limit   ✗ over limit
      "
    `);
  });

  it('on a Monday, a terminal says how to see last week; a pipe, --json and a week asked for say nothing of it', async () => {
    const monday = () => new Date('2026-11-23T09:00:00Z');
    const r = await week([], { ...tty(80), now: monday });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('23 Nov – 29 Nov 2026');
    expect(r.stdout).toMatch(/^Walk {31}○ {6} {6}3d/m);
    expect(r.stdout).toMatch(/\nHABIT[^]*\na new week began today: habits week --weeks 2 shows last week too\n\n✓ done/);
    for (const args of [[], ['--json']]) expect((await week(args, { now: monday })).stdout).not.toContain('new week');
    for (const args of [['--weeks', '1'], ['--date', 'today'], ['--weeks', '2']]) expect((await week(args, { ...tty(80), now: monday })).stdout, args.join(' ')).not.toContain('new week');
    // Any other day: nothing.
    expect((await week([], tty(80))).stdout).not.toContain('new week');
  });

  it('leaves days to come blank, and pipes them as future', async () => {
    const r = await week(['--date', '2026-11-25'], tty(80));
    expect(r.code).toBe(0);
    const walk = r.stdout.split('\n').find((l) => l.startsWith('Walk'));
    expect(walk).toMatch(/^Walk {31} {7} {6}3d {4}3d/);
    const piped = await week(['--date', '2026-11-25']);
    expect(piped.stdout.split('\n')[0]!.split('\t').slice(2, 9)).toEqual(Array(7).fill('future'));
  });

  it('colours the glyphs when colour is on, and keeps them', async () => {
    const r = await week([], { tty: { stdout: true }, columns: 80, env: { FORCE_COLOR: '1' } });
    expect(r.stdout).toContain('\u001b[32m✓');
    expect(r.stdout).toContain('\u001b[31m✗');
    const plain = await week([], tty(80));
    expect(r.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain.stdout);
  });

  it('fits narrow terminals: names shrink first, then fewer weeks with a note, never a wrapped row', async () => {
    const at = async (columns: number) => {
      const r = await week(['--weeks', '4'], tty(columns));
      expect(r.code).toBe(0);
      for (const line of r.stdout.split('\n')) expect(displayWidth(line), `${columns}: ${line}`).toBeLessThanOrEqual(columns);
      return r.stdout;
    };
    expect(await at(100)).toContain('Piano practice before the recital  ');
    const names = await at(70);
    expect(names).toContain('Piano practice b…');
    expect(names).not.toContain('showing');
    const fewer = await at(40);
    expect(fewer).toMatchInlineSnapshot(`
      "26 Oct – 22 Nov 2026

                   16 Nov
      HABIT        MTWTFSS  STREAK  BEST  RATE
      Coffee       ✓✓✗✓✓✓○      3d    9d   92%
      Gym          ✓·✓·○··      0d    4d   80%
      Piano prac…  ····○○○      0d    0d    0%
      Walk         ✓◐»✓✓✓◐      3d    5d   50%
      showing 1 of 4 weeks: the terminal is 40
      columns wide

      ✓ done   ◐ partial   » skipped
      ✗ failed   ○ pending or missed
      · not due   blank: to come
      bad habits: ✓ within limit
      ○ under limit   ✗ over limit
      "
    `);
    const tiny = await at(21);
    expect(tiny).toContain('showing 1 of 4 weeks');
  });

  it('prints one tab-separated line per habit when piped: id, name, a status per day, streak, longest, rate', async () => {
    const r = await week([], { env: { FORCE_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    const rows = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows).toEqual([
      [ids.coffee, 'Coffee', 'done', 'done', 'failed', 'done', 'done', 'done', 'open', expect.any(String), expect.any(String), expect.any(String)],
      [ids.gym, 'Gym', 'done', 'not-due', 'done', 'not-due', 'open', 'not-due', 'not-due', expect.any(String), expect.any(String), expect.any(String)],
      [ids.piano, 'Piano practice before the recital', 'not-due', 'not-due', 'not-due', 'not-due', 'open', 'open', 'open', '0', '0', '0'],
      [ids.walk, 'Walk', 'done', 'partial', 'skipped', 'done', 'done', 'done', 'partial', '3', '3', '0.8'],
    ]);
  });

  it('prints the overview document with --json, with the server as the source of the numbers', async () => {
    const r = await week(['--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Overview;
    expect(doc.from).toBe('2026-11-16');
    expect(doc.to).toBe('2026-11-22');
    expect(doc.habits.map((h) => h.name)).toEqual(['Coffee', 'Gym', 'Piano practice before the recital', 'Walk']);
    const walk = doc.habits.find((h) => h.id === ids.walk);
    expect(walk).toEqual({
      id: ids.walk, name: 'Walk', type: 'good',
      days: [
        { date: '2026-11-16', status: 'done', total: 30 },
        { date: '2026-11-17', status: 'partial', total: 10 },
        { date: '2026-11-18', status: 'skipped', total: 0 },
        { date: '2026-11-19', status: 'done', total: 30 },
        { date: '2026-11-20', status: 'done', total: 30 },
        { date: '2026-11-21', status: 'done', total: 30 },
        { date: '2026-11-22', status: 'partial', total: 20 },
      ],
      currentStreak: 3, longestStreak: 3, completionRate: 0.8, streakUnit: 'day', source: 'server',
    });
  });

  it('sends one listing and one statistics request per habit for the range', async () => {
    const r = await week(['--weeks', '2']);
    expect(r.code).toBe(0);
    expect(r.requests.filter((q) => q.path === '/habits')).toEqual([expect.objectContaining({ method: 'GET', query: { archived: 'false', limit: '100', offset: '0' } })]);
    const stats = r.requests.filter((q) => q.path.endsWith('/statistics'));
    expect(stats.map((q) => q.path).sort()).toEqual(Object.values(ids).map((id) => `/habits/${id}/statistics`).sort());
    for (const q of stats) expect(q.query).toEqual({ startDate: '2026-11-09', endDate: '2026-11-22' });
    expect(r.requests).toHaveLength(5);
  });
});

describe('habits week with 50 habits', () => {
  const many = useService({ per: 'test' });

  it('sends 51 requests, at most 4 at a time', async () => {
    for (let i = 0; i < 50; i++) await addHabit(many.svc, { name: `Habit ${String(i).padStart(2, '0')}` });
    many.reset();
    const proxy = await slowProxy(many.svc.url, 5);
    try {
      const r = await runCli(['week'], { env: { ...many.env, HABITS_BASE_URL: proxy.url } });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(50);
      expect(many.svc.requests.filter((q) => q.path === '/habits')).toHaveLength(1);
      expect(many.svc.requests.filter((q) => q.path.endsWith('/statistics'))).toHaveLength(50);
      expect(many.svc.requests).toHaveLength(51);
      expect(proxy.maxInFlight()).toBeLessThanOrEqual(4);
    } finally {
      await proxy.close();
    }
  });
});

describe('habits week against a server without streak fields, one habit failing', () => {
  const habit = (id: string, name: string, type = 'good') => ({ id, name, type, isArchived: false, startDate: '2026-11-01', occurrence: { type: 'daily' } });
  const day = (date: string, status: string, totalLog = 0) => ({ date, totalLog, status });
  const serve = (): MockAgent => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get('https://api.test');
    pool.intercept({ method: 'GET', path: (p) => p.startsWith('/v2/habits?') })
      .reply(200, { data: [habit('h1', 'Read'), habit('h2', 'Run'), habit('h3', 'Sugar', 'bad')], pagination: { total: 3, limit: 100, offset: 0 } }).persist();
    // Production's statistics: dailyProgress and totals, no currentStreak, longestStreak or completionRate.
    const stats = (id: string, name: string, days: object[]) => ({ data: { id, name, type: 'good', totalLogs: 0, skips: 0, fails: 0, completions: 0, unit: null, periodicity: 'daily', avg: 0, dailyProgress: days } });
    pool.intercept({ method: 'GET', path: (p) => p.startsWith('/v2/habits/h1/statistics?') })
      .reply(200, stats('h1', 'Read', [day('2026-11-16', 'completed', 1), day('2026-11-17', 'inprogress'), day('2026-11-18', 'completed', 1), day('2026-11-19', 'skipped'), day('2026-11-20', 'completed', 1), day('2026-11-21', 'completed', 1), day('2026-11-22', 'inprogress')])).persist();
    pool.intercept({ method: 'GET', path: (p) => p.startsWith('/v2/habits/h2/statistics?') })
      .reply(500, { error: 'Internal server error' }).persist();
    pool.intercept({ method: 'GET', path: (p) => p.startsWith('/v2/habits/h3/statistics?') })
      .reply(200, stats('h3', 'Sugar', [day('2026-11-20', 'failed', 3), day('2026-11-21', 'completed'), day('2026-11-22', 'inprogress', 1)])).persist();
    return agent;
  };
  const run = async (args: string[], opts: RunOptions = {}) => {
    const agent = serve();
    try {
      return await runCli(['week', ...args], { ...opts, dispatcher: agent, env: { ...fx.home.env, HABITS_BASE_URL: 'https://api.test/v2', HABITS_API_KEY: 'hb_test', ...opts.env } });
    } finally {
      await agent.close();
    }
  };

  it('shows the failed habit as unavailable with a warning, the others computed, and exits 1', async () => {
    const r = await run([], tty(80));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatchInlineSnapshot(`
      "warning: no statistics for "Run": server error 500: Internal server error (GET /habits/h2/statistics)
      error: the statistics of 1 of 3 habits could not be read; their rows show "unavailable"
      "
    `);
    expect(r.stdout).toMatchInlineSnapshot(`
      "16 Nov – 22 Nov 2026

             16 Nov
      HABIT  MTWTFSS  STREAK  BEST  RATE
      Read   ✓○✓»✓✓○      3d    3d   80%
      Run    unavailable
      Sugar  ····✗✓○      1d    1d   50%
      streaks and rates computed from the days shown: the server sends none

      ✓ done   ◐ partial   » skipped   ✗ failed   ○ pending or missed   · not due
      blank: to come
      bad habits: ✓ within limit   ○ under limit   ✗ over limit
      "
    `);
  });

  it('pipes the failed habit with empty fields, and says which numbers were computed in --json', async () => {
    const piped = await run([]);
    expect(piped.code).toBe(1);
    expect(piped.stdout.trimEnd().split('\n').map((l) => l.split('\t'))).toEqual([
      ['h1', 'Read', 'done', 'open', 'done', 'skipped', 'done', 'done', 'open', '3', '3', '0.8'],
      ['h2', 'Run', '', '', '', '', '', '', '', '', '', ''],
      ['h3', 'Sugar', 'not-due', 'not-due', 'not-due', 'not-due', 'failed', 'done', 'open', '1', '1', '0.5'],
    ]);
    const json = await run(['--json']);
    expect(json.code).toBe(1);
    const doc = JSON.parse(json.stdout) as Overview;
    expect(doc.habits.map((h) => [h.name, h.source])).toEqual([['Read', 'computed'], ['Run', null], ['Sugar', 'computed']]);
    expect(doc.habits[1]).toMatchObject({ days: [], currentStreak: null, error: { code: 'server', status: 500 } });
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'server', message: 'the statistics of 1 of 3 habits could not be read; their rows show "unavailable"' } });
  });
});
