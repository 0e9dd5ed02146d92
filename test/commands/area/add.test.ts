// `habits area add` against the real local service: through the CLI, and its run() alone.
import { describe, expect, it } from 'vitest';
import type { Area } from '../../../src/api/types.js';
import { parse, run } from '../../../src/commands/area/add.js';
import { verbDeps } from '../../helpers/verb.js';
import { addArea, call, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

const areas = async () => call<Area[]>(fx.svc, 'GET', '/areas');

describe('area add', () => {
  it('creates with a normalised colour and an icon', async () => {
    const r = await fx.cli(['area', 'add', ' Health ', '--color', '4a9', '--icon', '🌿']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Created area "Health" \(id:-[\w-]+\)\n$/);
    expect(writes(fx.svc)).toEqual([{ method: 'POST', path: '/areas', body: { name: 'Health', colorHex: '#44AA99', icon: '🌿' }, status: 201 }]);
    expect(await areas()).toMatchObject([{ name: 'Health', colorHex: '#44AA99', icon: '🌿' }]);
  });

  it('an invalid colour is a usage error before any request', async () => {
    const r = await fx.cli(['area', 'add', 'Health', '--color', 'teal']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --color: "teal" is not a hex colour (use #RRGGBB or #RGB; the # is optional)\n');
    expect(fx.svc.requests).toEqual([]);
  });

  it('a name or icon with a control character is a usage error before any request', async () => {
    const r = await fx.cli(['area', 'add', 'Work\nLife']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'error: the area name contains a line break (\\n); it must be one line of printable text\n' });
    const icon = await fx.cli(['area', 'add', 'Work', '--icon', '💼\u001b[2J']);
    expect(icon).toMatchObject({ code: 2, stdout: '', stderr: 'error: --icon: the icon contains an escape character (\\x1b); it must be one line of printable text\n' });
    expect(fx.svc.requests).toEqual([]);
  });

  it('--json prints the created area; completion offers it at once', async () => {
    await addArea(fx.svc, { name: 'Health' });
    expect((await fx.cli(['area', 'ls'])).code).toBe(0); // warms the cache, which add must drop
    const r = await fx.cli(['area', 'add', 'Work', '--json']);
    const area = JSON.parse(r.stdout) as Area;
    expect(area).toMatchObject({ name: 'Work', id: expect.stringMatching(/^-/) });
    // __complete trusts a cache of any age: only a dropped one lists the new area.
    expect((await fx.cli(['__complete', 'areas'])).stdout).toBe('Health\nWork\n');
  });
});

describe('area add run() alone, with its narrow dependencies', () => {
  it('creates the area from the parsed body, and the resolver finds it at once', async () => {
    const verb = verbDeps(fx.svc);
    try {
      await run({ body: parse(' Work ', { color: 'E24A4A', icon: ' 💼 ' }), allowDuplicate: false }, verb.deps);
      const [work] = await areas();
      expect(verb.stderr()).toBe(`Created area "Work" (id:${work?.id})\n`);
      expect(verb.stdout()).toBe(`${work?.id}\n`);
      expect(writes(fx.svc)).toEqual([{ method: 'POST', path: '/areas', body: { name: 'Work', colorHex: '#E24A4A', icon: '💼' }, status: 201 }]);
      expect(await verb.deps.resolver.resolveArea('wor')).toMatchObject({ id: work?.id, name: 'Work' });
    } finally {
      await verb.close();
    }
  });
});

describe('area add: what it prints', () => {
  it('piped: the new id alone on stdout, with or without -q; -q silences only the confirmation', async () => {
    const r = await fx.cli(['area', 'add', 'Health']);
    const [health] = await areas();
    expect(r).toMatchObject({ code: 0, stdout: `${health?.id}\n`, stderr: `Created area "Health" (id:${health?.id})\n` });
    const q = await fx.cli(['area', 'add', 'Work', '-q']);
    const work = (await areas()).find((a) => a.name === 'Work');
    expect(q).toMatchObject({ code: 0, stdout: `${work?.id}\n`, stderr: '' });
  });

  it('on a terminal: the confirmation only, as before; --json: the area', async () => {
    const r = await fx.cli(['area', 'add', 'Health'], { tty: { stdout: true } });
    const [health] = await areas();
    expect(r).toMatchObject({ code: 0, stdout: `Created area "Health" (id:${health?.id})\n`, stderr: '' });
    const json = await fx.cli(['area', 'add', 'Work', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ name: 'Work', id: expect.any(String) });
    expect(json.stderr).toMatch(/^Created area "Work"/);
  });
});
