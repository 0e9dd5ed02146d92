// The hidden `habits __complete habits|areas`: names for the completion scripts, from the name cache
// however old, else one request; silent when there is nothing to offer. Through the CLI, and alone.
import { describe, expect, it } from 'vitest';
import { run as runComplete } from '../../src/commands/complete.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { verbDeps } from '../helpers/verb.js';
import { addArea, addHabit, call, useService } from '../helpers/service.js';

describe('__complete', () => {
  const fx = useService({ per: 'test' });

  it('with a warm cache (however old) prints names without a request', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    await addHabit(fx.svc, { name: 'Drink water' });
    await addArea(fx.svc, { name: 'Health' });
    // Any command that resolves names warms the cache.
    expect((await fx.cli(['log', 'done', 'Walk'])).code).toBe(0);
    expect((await fx.cli(['area', 'ls'])).code).toBe(0);
    const later = () => new Date('2027-06-01T00:00:00Z');
    expect(await fx.cli(['__complete', 'habits'], { now: later })).toEqual({ code: 0, stdout: 'Drink water\nWalk\n', stderr: '', requests: [] });
    expect(await fx.cli(['__complete', 'areas'], { now: later })).toEqual({ code: 0, stdout: 'Health\n', stderr: '', requests: [] });
  });

  it('with a cold cache asks the server once, then answers from the cache', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    const archived = await addHabit(fx.svc, { name: 'Old habit' });
    await call(fx.svc, 'POST', `/habits/${archived.id}/archive`);
    const r = await fx.cli(['__complete', 'habits']);
    expect(r).toMatchObject({ code: 0, stdout: 'Walk\n', stderr: '' });
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /habits']);
    expect(await fx.cli(['__complete', 'habits'])).toMatchObject({ stdout: 'Walk\n', requests: [] });
    await addArea(fx.svc, { name: 'Home' });
    const areas = await fx.cli(['__complete', 'areas']);
    expect(areas).toMatchObject({ code: 0, stdout: 'Home\n', stderr: '' });
    expect(areas.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /areas']);
  });

  it('is silent and exits 0 without a key, or when the server is unreachable', async () => {
    const home = tempHome();
    try {
      expect(await runCli(['__complete', 'habits'], { env: home.env })).toEqual({ code: 0, stdout: '', stderr: '' });
      const down = await runCli(['__complete', 'areas'], { env: { ...home.env, HABITS_API_KEY: 'k', HABITS_BASE_URL: 'http://127.0.0.1:9/v2' } });
      expect(down).toEqual({ code: 0, stdout: '', stderr: '' });
    } finally {
      home.cleanup();
    }
  });
});

describe('__complete run() alone, with its narrow dependencies', () => {
  const fx = useService({ per: 'test' });

  it('offers nothing without an account; else asks once for active habits, then answers from the cache', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    await addHabit(fx.svc, { name: 'Drink water' });
    const old = await addHabit(fx.svc, { name: 'Old habit' });
    await call(fx.svc, 'POST', `/habits/${old.id}/archive`);
    fx.reset();
    const run = verbDeps(fx.svc);
    try {
      await runComplete('habits', { ...run.deps, scope: () => undefined });
      expect(run.stdout()).toBe('');
      expect(fx.svc.requests).toEqual([]);
      await runComplete('habits', { ...run.deps, scope: () => fx.svc.url });
      await runComplete('habits', { ...run.deps, scope: () => fx.svc.url });
      expect(run.stdout()).toBe('Drink water\nWalk\nDrink water\nWalk\n');
      expect(run.stderr()).toBe('');
      expect(fx.svc.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /habits']);
    } finally {
      await run.close();
    }
  });
});
