// `habits area rm` against the real local service: through the CLI, and its run() alone.
import { describe, expect, it } from 'vitest';
import type { Area } from '../../../src/api/types.js';
import { run } from '../../../src/commands/area/rm.js';
import { CancelledError } from '../../../src/errors.js';
import { scriptedPrompter } from '../../helpers/cli.js';
import { verbDeps } from '../../helpers/verb.js';
import { addArea, addHabit, call, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

const areas = async () => call<Area[]>(fx.svc, 'GET', '/areas');

describe('area rm', () => {
  it('refuses without --yes off a terminal; deletes with it, and the habits stay', async () => {
    const a = await addArea(fx.svc, { name: 'Health' });
    const h = await addHabit(fx.svc, { name: 'Walk', ...{ areaIds: [a.id] } });
    fx.reset();
    const r = await fx.cli(['area', 'rm', 'Health']);
    expect(r).toMatchObject({ code: 2, stderr: 'error: refusing to delete area "Health" without confirmation\nhint: pass --yes to confirm when not on a terminal\n' });
    expect(fx.svc.requests).toEqual([]);
    const ok = await fx.cli(['area', 'rm', 'Health', '--yes']);
    expect(ok).toMatchObject({ code: 0, stderr: 'Deleted area "Health"; its habits stay\n' });
    expect(writes(fx.svc)).toEqual([{ method: 'DELETE', path: `/areas/${a.id}`, body: undefined, status: 204 }]);
    expect(await areas()).toEqual([]);
    expect(await call(fx.svc, 'GET', `/habits/${h.id}`)).toMatchObject({ id: h.id, name: 'Walk' });
    // The cache was dropped: completion, which trusts a cache of any age, no longer offers it.
    expect(await fx.cli(['__complete', 'areas'])).toMatchObject({ code: 0, stdout: '' });
  });
});

describe('area rm run() alone, with its narrow dependencies', () => {
  it('asks through the prompter: no changes nothing, yes deletes', async () => {
    const a = await addArea(fx.svc, { name: 'Health' });
    fx.reset();
    const verb = verbDeps(fx.svc);
    try {
      const prompter = scriptedPrompter([false, true]);
      await expect(run({ ref: 'Health', yes: false }, { ...verb.deps, prompter })).rejects.toThrow(CancelledError);
      expect(writes(fx.svc)).toEqual([]);
      await run({ ref: 'Health', yes: false }, { ...verb.deps, prompter });
      expect(prompter.asked).toEqual(Array(2).fill('Delete area "Health"? Its habits stay; they only leave the area.'));
      expect(verb.stderr()).toBe('Deleted area "Health"; its habits stay\n');
      expect(writes(fx.svc).map((w) => [w.method, w.path])).toEqual([['DELETE', `/areas/${a.id}`]]);
    } finally {
      await verb.close();
    }
  });
});
