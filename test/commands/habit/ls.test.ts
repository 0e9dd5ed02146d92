// `habits habit ls`: a table on a terminal, tab-separated lines in a pipe, filters, paging.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Habit } from '../../../src/api/types.js';
import { run } from '../../../src/commands/habit/ls.js';
import { NOW, runCli, tempHome, type RunOptions } from '../../helpers/cli.js';
import { verbDeps } from '../../helpers/verb.js';
import { addHabit, call, useService } from '../../helpers/service.js';

const fx = useService();
let health: { id: string };

beforeAll(async () => {
  health = await call(fx.svc, 'POST', '/areas', { name: 'Health' });
  await addHabit(fx.svc, { name: 'Walk', areaIds: [health.id], goal: { periodicity: 'daily', value: 30, unit: 'min' }, occurrence: { type: 'weekDays', days: [1, 3, 5] } });
  await addHabit(fx.svc, { name: 'Smoking', type: 'bad', areaIds: [health.id], icon: '🚭' });
  await addHabit(fx.svc, { name: 'Read', occurrence: { type: 'intervalDays', interval: 2 } });
  const old = await addHabit(fx.svc, { name: 'Old habit' });
  await call(fx.svc, 'POST', `/habits/${old.id}/archive`);
});

const ls = (args: string[], opts: RunOptions = {}) => fx.cli(['habit', 'ls', ...args], opts);

describe('habits habit ls', () => {
  it('is the first of the habit verbs, in the documented order', async () => {
    const r = await runCli(['habit', '--help'], { env: fx.env });
    const verbs = [...r.stdout.matchAll(/^  (\w+)[| ]/gm)].map((m) => m[1]);
    expect(verbs.slice(0, 7)).toEqual(['ls', 'show', 'add', 'edit', 'archive', 'rm', 'stats']);
  });

  it('lists active habits in a table on a terminal', async () => {
    const r = await ls([], { tty: { stdout: true }, columns: 100, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const text = r.stdout.replace(/-[A-Za-z0-9_-]{7,}/g, '<id>');
    expect(text).toMatchInlineSnapshot(`
      "NAME        TYPE  SCHEDULE       GOAL          AREAS   ID
      Read        good  every 2 days   –             –       <id>
      🚭 Smoking  bad   every day      –             Health  <id>
      Walk        good  Mon, Wed, Fri  30 min daily  Health  <id>
      "
    `);
    expect(r.requests.map((q) => [q.path, q.query])).toEqual([['/habits', { archived: 'false', limit: '100', offset: '0' }]]);
  });

  it('prints full ids and tab-separated rows when piped', async () => {
    const r = await ls([]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    const rows = r.stdout.split('\n').slice(0, -1).map((l) => l.split('\t'));
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['Read', 'good', 'every 2 days', '', '', ''],
      ['Smoking', 'bad', 'every day', '', 'Health', ''],
      ['Walk', 'good', 'Mon, Wed, Fri', '30 min daily', 'Health', ''],
    ]);
    for (const row of rows) expect(row[0]).toMatch(/^-[A-Za-z0-9_-]{19}$/);
  });

  it('lists archived habits with --archived', async () => {
    const r = await ls(['--archived', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Habit[]).map((h) => h.name)).toEqual(['Old habit']);
    expect(r.requests[0]?.query).toMatchObject({ archived: 'true' });
  });

  it('filters by area, resolved by name, and by type', async () => {
    const r = await ls(['--area', 'heal', '--type', 'BAD', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Habit[]).map((h) => h.name)).toEqual(['Smoking']);
    const list = r.requests.filter((q) => q.path === '/habits');
    expect(list.map((q) => q.query)).toEqual([{ archived: 'false', areaId: health.id, type: 'bad', limit: '100', offset: '0' }]);
  });

  it('filters by type alone', async () => {
    const r = await ls(['--type', 'good']);
    expect(r.stdout.trimEnd().split('\n').map((l) => l.split('\t')[1])).toEqual(['Read', 'Walk']);
  });

  it('rejects a bad --type before any request', async () => {
    const r = await ls(['--type', 'ugly']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'error: --type: "ugly" is not a habit type (use good or bad)\n' });
    expect(r.requests).toHaveLength(0);
  });

  it('a filtered table shows ids that name one habit among all, or whole ids when the others are unknown', async () => {
    const fresh = tempHome();
    const tty = { tty: { stdout: true }, columns: 120, env: { ...fresh.env, NO_COLOR: '1' } };
    const idColumn = (out: string) => out.trimEnd().split('\n').slice(1).map((l) => l.trim().split(/\s+/).at(-1)!);
    const cold = await ls(['--type', 'bad'], tty);
    const smoking = (await call<Habit[]>(fx.svc, 'GET', '/habits')).find((h) => h.name === 'Smoking')!;
    expect(idColumn(cold.stdout)).toEqual([smoking.id]);
    await ls([], { env: fresh.env }); // a full listing: every active habit is known now
    const warm = await ls(['--type', 'bad'], tty);
    fresh.cleanup();
    // The local service's ids differ in their last characters: a cut among the rows shown alone
    // (8 characters) would name every habit.
    const [short] = idColumn(warm.stdout);
    const others = [...await call<Habit[]>(fx.svc, 'GET', '/habits'), ...await call<Habit[]>(fx.svc, 'GET', '/habits?archived=true')]
      .filter((h) => h.id !== smoking.id);
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((h) => h.id.startsWith(short!))).toEqual([]);
    expect(smoking.id.startsWith(short!)).toBe(true);
  });

  it('fails with exit 3 for an unknown area', async () => {
    const r = await ls(['--area', 'Finance']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no area matches "Finance"');
  });

  it('says so when nothing matches, and exits 0', async () => {
    const tty = await ls(['--area', 'Health', '--type', 'good', '--archived'], { tty: { stdout: true } });
    expect(tty).toMatchObject({ code: 0, stdout: 'No habits match these filters.\n' });
    const piped = await ls(['--area', 'Health', '--type', 'good', '--archived']);
    expect(piped).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const json = await ls(['--area', 'Health', '--type', 'good', '--archived', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });
});

describe('habits habit ls paging', () => {
  const big = useService({ rateLimit: false });

  beforeAll(async () => {
    for (let i = 0; i < 205; i++) await addHabit(big.svc, { name: `Habit ${String(i).padStart(3, '0')}` });
  });

  it('pages through every habit, 100 at a time', async () => {
    const r = await big.cli(['habit', 'ls', '--json']);
    expect(r.code).toBe(0);
    const habits = JSON.parse(r.stdout) as Habit[];
    expect(habits).toHaveLength(205);
    expect(new Set(habits.map((h) => h.id)).size).toBe(205);
    expect(r.requests.map((q) => q.query.offset)).toEqual(['0', '100', '200']);
  });

  it('prints every habit when piped', async () => {
    const r = await big.cli(['habit', 'ls']);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(205);
  });
});

describe('run alone, with its narrow dependencies', () => {
  const alone = useService({ per: 'test' });

  it('prints tab-separated rows in a pipe and teaches the resolver every active habit', async () => {
    const walk = await addHabit(alone.svc, { name: 'Walk' });
    const read = await addHabit(alone.svc, { name: 'Read', type: 'bad' });
    alone.reset();
    const v = verbDeps(alone.svc);
    try {
      await run({ archived: false }, v.deps);
      expect(v.stdout()).toBe(`${read.id}\tRead\tbad\tevery day\t\t\t\n${walk.id}\tWalk\tgood\tevery day\t\t\t\n`);
      expect(v.stderr()).toBe('');
      expect(alone.svc.requests.map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/habits', { archived: 'false', limit: '100', offset: '0' }]]);
      // A full active listing is what name lookup needs (complete: archived habits too, which it is not).
      expect((await v.deps.resolver.nameCache()).get('habits')).toEqual({
        items: [
          { id: walk.id, name: 'Walk', archived: false, facts: { type: 'good', startDate: '2026-11-01', occurrence: { type: 'daily' }, goal: null, archived: false } },
          { id: read.id, name: 'Read', archived: false, facts: { type: 'bad', startDate: '2026-11-01', occurrence: { type: 'daily' }, goal: null, archived: false } },
        ],
        complete: false,
      });
    } finally {
      await v.close();
    }
  });

  it('nothing to list: [] with --json, nothing at all in a pipe', async () => {
    await addHabit(alone.svc, { name: 'Walk' });
    const json = verbDeps(alone.svc, { json: true });
    const piped = verbDeps(alone.svc);
    try {
      await run({ archived: false, type: 'bad' }, json.deps);
      await run({ archived: false, type: 'bad' }, piped.deps);
      expect([json.stdout(), json.stderr()]).toEqual(['[]\n', '']);
      expect([piped.stdout(), piped.stderr()]).toEqual(['', '']);
    } finally {
      await json.close();
      await piped.close();
    }
  });
});
