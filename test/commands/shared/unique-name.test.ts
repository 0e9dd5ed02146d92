// A second active habit or area with a name already in use is refused unless --allow-duplicate,
// and when duplicates exist anyway, the ambiguity error says how to name one by its id.
import { describe, expect, it } from 'vitest';
import { addArea, addHabit, call, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

describe('duplicate names', () => {
  it('habit add refuses a name an active habit has, in any case; --allow-duplicate creates it', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
    const r = await fx.cli(['habit', 'add', ' walk ']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe([
      `error: an active habit is already called "Walk" (id:${walk.id}); a second one would make "walk" ambiguous everywhere`,
      'hint: choose another name, or pass --allow-duplicate to create a second habit anyway',
      '',
    ].join('\n'));
    expect(writes(fx.svc)).toEqual([]);
    const again = await fx.cli(['habit', 'add', 'Walk', '--allow-duplicate', '--json']);
    expect(again.code).toBe(0);
    const second = JSON.parse(again.stdout) as { id: string };
    // From then on a name is ambiguous, and the error says how to pick one.
    const done = await fx.cli(['log', 'done', 'Walk']);
    expect(done.code).toBe(2);
    expect(done.stderr).toMatch(new RegExp(`^error: "Walk" matches 2 habits\\nhint: candidates: "Walk" \\(id:${walk.id}\\), "Walk" \\(id:${second.id}\\); name one by its id, e.g. id:${walk.id}\\n$`));
    expect((await fx.cli(['log', 'done', `id:${second.id}`])).code).toBe(0);
  });

  it('an archived habit does not hold its name', async () => {
    const old = await addHabit(fx.svc, { name: 'Walk' });
    await call(fx.svc, 'POST', `/habits/${old.id}/archive`);
    expect((await fx.cli(['habit', 'add', 'Walk'])).code).toBe(0);
  });

  it('habit edit --name refuses another habit\'s name, but not a change of case of its own', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    await addHabit(fx.svc, { name: 'Run' });
    fx.reset();
    const r = await fx.cli(['habit', 'edit', 'Run', '--name', 'WALK']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: an active habit is already called "Walk" .*\nhint: choose another name, or pass --allow-duplicate to rename it anyway\n$/);
    expect(writes(fx.svc)).toEqual([]);
    expect((await fx.cli(['habit', 'edit', 'Run', '--name', 'RUN'])).code).toBe(0);
    expect((await fx.cli(['habit', 'edit', 'RUN', '--name', 'Walk', '--allow-duplicate'])).code).toBe(0);
  });

  it('area add and area edit --name refuse a name an area has', async () => {
    const health = await addArea(fx.svc, { name: 'Health' });
    await addArea(fx.svc, { name: 'Work' });
    fx.reset();
    const add = await fx.cli(['area', 'add', 'health']);
    expect(add.code).toBe(2);
    expect(add.stderr).toBe([
      `error: an area is already called "Health" (id:${health.id}); a second one would make "health" ambiguous everywhere`,
      'hint: choose another name, or pass --allow-duplicate to create a second area anyway',
      '',
    ].join('\n'));
    const edit = await fx.cli(['area', 'edit', 'Work', '--name', 'Health']);
    expect(edit.code).toBe(2);
    expect(writes(fx.svc)).toEqual([]);
    expect((await fx.cli(['area', 'add', 'Health', '--allow-duplicate'])).code).toBe(0);
  });
});
