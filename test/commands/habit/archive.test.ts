// `habits habit archive`: a habit hidden with its data kept; archiving twice is success.
import { describe, expect, it } from 'vitest';
import type { Habit } from '../../../src/api/types.js';
import { run } from '../../../src/commands/habit/archive.js';
import { verbDeps } from '../../helpers/verb.js';
import { addHabit, call, useService, writes } from '../../helpers/service.js';

const fx = useService();
const { cli } = fx;

describe('habits habit archive', () => {
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

describe('run alone, with its narrow dependencies', () => {
  const alone = useService({ per: 'test' });

  it('archives, says so on stderr in a pipe, and a second archive is success', async () => {
    const sketch = await addHabit(alone.svc, { name: 'Sketch' });
    alone.reset();
    const v = verbDeps(alone.svc);
    try {
      await run({ ref: 'sketch' }, v.deps);
      await run({ ref: 'Sketch' }, v.deps);
      expect(v.stdout()).toBe('');
      expect(v.stderr()).toBe('Archived "Sketch". Its data is kept; see it with `habits habit ls --archived`.\n"Sketch" is already archived.\n');
      expect(writes(alone.svc).map((w) => `${w.method} ${w.path} ${w.status}`)).toEqual([
        `POST /habits/${sketch.id}/archive 204`, `POST /habits/${sketch.id}/archive 409`,
      ]);
      expect((await call<Habit>(alone.svc, 'GET', `/habits/${sketch.id}`)).isArchived).toBe(true);
    } finally {
      await v.close();
    }
  });

  it('with --json prints {ok, alreadyArchived} on stdout, the words on stderr', async () => {
    await addHabit(alone.svc, { name: 'Sketch' });
    const v = verbDeps(alone.svc, { json: true });
    try {
      await run({ ref: 'Sketch' }, v.deps);
      expect(JSON.parse(v.stdout())).toEqual({ ok: true, alreadyArchived: false });
      expect(v.stderr()).toBe('Archived "Sketch". Its data is kept; see it with `habits habit ls --archived`.\n');
    } finally {
      await v.close();
    }
  });
});
