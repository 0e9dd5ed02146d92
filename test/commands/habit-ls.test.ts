import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Habit } from '../../src/api/types.js';
import { shortIds } from '../../src/commands/habit/ls.js';
import { NOW, runCli, tempHome } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';
import { addHabit, call, cliEnv } from './_seed.js';

let svc: LocalService;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;
let health: { id: string };

beforeAll(async () => {
  svc = await startLocalService({ clock: { now: () => NOW } });
  home = tempHome();
  env = cliEnv(svc, home.env);
  health = await call(svc, 'POST', '/areas', { name: 'Health' });
  await addHabit(svc, { name: 'Walk', areaIds: [health.id], goal: { periodicity: 'daily', value: 30, unit: 'min' }, occurrence: { type: 'weekDays', days: [1, 3, 5] } });
  await addHabit(svc, { name: 'Smoking', type: 'bad', areaIds: [health.id], icon: '🚭' });
  await addHabit(svc, { name: 'Read', occurrence: { type: 'intervalDays', interval: 2 } });
  const old = await addHabit(svc, { name: 'Old habit' });
  await call(svc, 'POST', `/habits/${old.id}/archive`);
});

afterAll(async () => {
  await svc.close();
  home.cleanup();
});

async function ls(args: string[], opts: Parameters<typeof runCli>[1] = {}) {
  const before = svc.requests.length;
  const result = await runCli(['habit', 'ls', ...args], { ...opts, env: { ...env, ...opts.env } });
  return { ...result, requests: svc.requests.slice(before) };
}

describe('habits habit ls', () => {
  it('is the first of the habit verbs, in the documented order', async () => {
    const r = await runCli(['habit', '--help'], { env });
    const verbs = [...r.stdout.matchAll(/^  (\w+)[| ]/gm)].map((m) => m[1]);
    expect(verbs.slice(0, 7)).toEqual(['ls', 'show', 'add', 'edit', 'archive', 'rm', 'stats']);
  });

  it('has help with examples', async () => {
    const r = await runCli(['habit', 'ls', '--help'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:\n  $ habits habit ls');
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
    const rows = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['Read', 'good', 'every 2 days', '', ''],
      ['Smoking', 'bad', 'every day', '', 'Health'],
      ['Walk', 'good', 'Mon, Wed, Fri', '30 min daily', 'Health'],
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
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toContain('--type');
    expect(r.requests).toHaveLength(0);
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
    expect(piped).toMatchObject({ code: 0, stdout: '', stderr: 'No habits match these filters.\n' });
    const json = await ls(['--area', 'Health', '--type', 'good', '--archived', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });
});

describe('habits habit ls paging', () => {
  let big: LocalService;
  let bigHome: ReturnType<typeof tempHome>;

  beforeAll(async () => {
    big = await startLocalService({ clock: { now: () => NOW }, rateLimit: false });
    bigHome = tempHome();
    for (let i = 0; i < 205; i++) await addHabit(big, { name: `Habit ${String(i).padStart(3, '0')}` });
  });

  afterAll(async () => {
    await big.close();
    bigHome.cleanup();
  });

  it('pages through every habit, 100 at a time', async () => {
    const before = big.requests.length;
    const r = await runCli(['habit', 'ls', '--json'], { env: cliEnv(big, bigHome.env) });
    expect(r.code).toBe(0);
    const habits = JSON.parse(r.stdout) as Habit[];
    expect(habits).toHaveLength(205);
    expect(new Set(habits.map((h) => h.id)).size).toBe(205);
    expect(big.requests.slice(before).map((q) => q.query.offset)).toEqual(['0', '100', '200']);
  });

  it('prints every habit when piped', async () => {
    const r = await runCli(['habit', 'ls'], { env: cliEnv(big, bigHome.env) });
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(205);
  });
});

describe('shortIds', () => {
  it('cuts ids to unique prefixes of at least 8 characters', () => {
    expect(shortIds(['-Nabcdefgh111', '-Nabcdefgh222', '-Nzzzzzzzz999'])).toEqual(['-Nabcdefgh1', '-Nabcdefgh2', '-Nzzzzzz']);
    expect(shortIds(['abc'])).toEqual(['abc']);
  });
});
