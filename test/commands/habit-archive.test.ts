import { describe, expect, it } from 'vitest';
import type { Habit } from '../../src/api/types.js';
import { runCli } from '../helpers/cli.js';
import { addHabit, call, useService } from './_seed.js';

const fx = useService();
const { cli } = fx;

describe('habits habit archive', () => {
  it('has help with examples', async () => {
    const r = await runCli(['habit', 'archive', '--help'], { env: fx.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:\n  $ habits habit archive');
  });

  it('archives the habit named by a prefix and names it in the confirmation', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk the dog' });
    const r = await cli(['habit', 'archive', 'walk']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Archived "Walk the dog"');
    expect(r.requests.filter((q) => q.method === 'POST')).toMatchObject([{ path: `/habits/${walk.id}/archive`, status: 204 }]);
    const stored = await call<Habit>(fx.svc, 'GET', `/habits/${walk.id}`);
    expect(stored.isArchived).toBe(true);
  });

  it('treats a second archive (409) as success: "already archived", exit 0', async () => {
    const read = await addHabit(fx.svc, { name: 'Read' });
    await call(fx.svc, 'POST', `/habits/${read.id}/archive`);
    const r = await cli(['habit', 'archive', 'Read'], { tty: { stdout: true } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('"Read" is already archived.\n');
    expect(r.requests.filter((q) => q.method === 'POST').map((q) => q.status)).toEqual([409]);
  });

  it('prints one JSON shape with --json, archived now or already', async () => {
    const h = await addHabit(fx.svc, { name: 'Stretch' });
    const first = await cli(['habit', 'archive', `id:${h.id}`, '--json']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ ok: true, alreadyArchived: false });
    const again = await cli(['habit', 'archive', `id:${h.id}`, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ ok: true, alreadyArchived: true });
  });

  it('accepts an id that begins with "-" after --', async () => {
    const h = await addHabit(fx.svc, { name: 'Floss' });
    expect(h.id.startsWith('-')).toBe(true);
    const r = await cli(['habit', 'archive', '--', h.id]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Archived "Floss"');
  });

  it('forgets cached names, so the next lookup sees the change', async () => {
    const h = await addHabit(fx.svc, { name: 'Journal' });
    await cli(['habit', 'ls']); // warms the cache with Journal as active
    await cli(['habit', 'archive', 'Journal']);
    const r = await cli(['habit', 'archive', 'Journal']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('already archived');
    // A warm cache would still hold Journal as active and send no GET before the POST.
    expect(r.requests.map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual([
      'GET /habits 200', 'GET /habits 200', `POST /habits/${h.id}/archive 409`,
    ]);
  });

  it('fails with exit 3 for an unknown habit, without archiving anything', async () => {
    const r = await cli(['habit', 'archive', 'Nonexistent']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no habit matches "Nonexistent"');
    expect(r.requests.filter((q) => q.method === 'POST')).toHaveLength(0);
  });
});
