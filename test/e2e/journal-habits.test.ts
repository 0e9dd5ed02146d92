// The built CLI, spawned under a clean environment as cron runs it: only the temp home's
// directories, the base URL and the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli, tempHome } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';
import { addHabit, cliEnv, logValue, mark } from '../helpers/service.js';
import { dateInZone } from '../../src/model/dates.js';

let svc: LocalService;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;
// The spawned CLI reads the real clock. CLI and service share a zone where it is about noon now,
// so "today" cannot change while the tests run.
const offset = 12 - new Date().getUTCHours();
const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
const today = dateInZone(new Date(), zone);

beforeAll(async () => {
  svc = await startLocalService({ timezone: zone });
  home = tempHome();
  env = cliEnv(svc, home.env, { HABITS_TIMEZONE: zone });
  const walk = await addHabit(svc, { name: 'Walk', startDate: today, timeOfDayIds: ['morning'], goal: { periodicity: 'daily', value: 30, unit: 'min' } });
  await logValue(svc, walk.id, 10, 'min', today);
  const read = await addHabit(svc, { name: 'Read', startDate: today, icon: '📚' });
  await mark(svc, read.id, 'complete', today);
  await addHabit(svc, { name: 'Smoking', type: 'bad', startDate: today });
});

afterAll(async () => {
  await svc.close();
  home.cleanup();
});

describe('spawned under a clean environment', () => {
  it('habits journal prints tab-separated rows with no escape codes', async () => {
    const before = svc.requests.length;
    const r = await spawnCli(['journal'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/\u001b/);
    const rows = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows.map((row) => row.slice(1, 3))).toEqual([['Walk', 'inprogress'], ['Smoking', 'inprogress'], ['Read', 'completed']]);
    expect(rows[0]!.slice(3)).toEqual(['10', '30', 'min', '0', 'morning']);
    // The journal, and once (the name cache knew none of the habits) the listing that tells
    // which of them have ended; a second journal asks only for itself.
    expect(svc.requests.slice(before)).toMatchObject([{ method: 'GET', path: '/habits/journal', query: { date: today } }, { method: 'GET', path: '/habits' }]);
    const again = svc.requests.length;
    expect((await spawnCli(['journal'], { env })).stdout).toBe(r.stdout);
    expect(svc.requests.slice(again)).toMatchObject([{ method: 'GET', path: '/habits/journal', query: { date: today } }]);
  });

  it('--json parses on journal, ls, stats, archive and rm', async () => {
    const journal = await spawnCli(['journal', '--json'], { env });
    expect(journal.code).toBe(0);
    expect(JSON.parse(journal.stdout)).toHaveLength(3);
    const ls = await spawnCli(['habit', 'ls', '--json'], { env });
    expect(ls.code).toBe(0);
    expect(JSON.parse(ls.stdout)).toHaveLength(3);
    const stats = await spawnCli(['habit', 'stats', 'Walk', '--json'], { env });
    expect(stats.code).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ name: 'Walk', totalLogs: 10 });
    await addHabit(svc, { name: 'Temp' });
    const archive = await spawnCli(['habit', 'archive', 'Temp', '--json'], { env });
    expect(archive.code).toBe(0);
    expect(JSON.parse(archive.stdout)).toEqual({ ok: true, alreadyArchived: false });
    const rm = await spawnCli(['habit', 'rm', 'Temp', '--yes', '--json'], { env });
    expect(rm.code).toBe(0);
    expect(JSON.parse(rm.stdout)).toEqual({ ok: true });
  });

  it('habit ls and stats print plain lines when piped: no escape codes, no heatmap', async () => {
    const ls = await spawnCli(['habit', 'ls'], { env });
    expect(ls.code).toBe(0);
    expect(ls.stdout).not.toMatch(/\u001b/);
    expect(ls.stdout.trimEnd().split('\n')).toHaveLength(3);
    const stats = await spawnCli(['habit', 'stats', 'Walk'], { env });
    expect(stats.code).toBe(0);
    expect(stats.stdout).not.toMatch(/\u001b/);
    expect(stats.stdout).toContain('totalLogs\t10\n');
    expect(stats.stdout.trimEnd().split('\n').every((l) => /^\w+\t[^\t]*$/.test(l))).toBe(true);
  });

  it('habit rm without --yes refuses when not on a terminal', async () => {
    const r = await spawnCli(['habit', 'rm', 'Walk'], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('refusing to delete habit "Walk"');
    const ls = await spawnCli(['habit', 'ls'], { env });
    expect(ls.stdout).toContain('\tWalk\t');
  });
});
