// `habits area ls|show|add|edit|rm` against the real local service.
import { describe, expect, it } from 'vitest';
import { diffArea } from '../../../src/commands/area/edit.js';
import { parseColor } from '../../../src/commands/area/shared.js';
import type { Area } from '../../../src/api/types.js';
import { stripAnsi } from '../../../src/output/plain.js';
import { addArea, addHabit, call, useService, writes } from '../../helpers/service.js';

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

  it('--json prints the created area; completion offers it at once', async () => {
    await addArea(fx.svc, { name: 'Health' });
    expect((await fx.cli(['area', 'ls'])).code).toBe(0); // warms the cache, which add must drop
    const r = await fx.cli(['area', 'add', 'Work', '--json']);
    const area = JSON.parse(r.stdout) as Area;
    expect(area).toMatchObject({ name: 'Work', id: expect.any(String) });
    // __complete trusts a cache of any age: only a dropped one lists the new area.
    expect((await fx.cli(['__complete', 'areas'])).stdout).toBe('Health\nWork\n');
  });
});

describe('area ls', () => {
  it('piped: name, icon, colour, id as TSV without escape codes', async () => {
    const a = await addArea(fx.svc, { name: 'Health', colorHex: '#4A90E2', icon: '🌿' });
    const b = await addArea(fx.svc, { name: 'Work', colorHex: '#E24A4A' });
    const r = await fx.cli(['area', 'ls'], { env: { FORCE_COLOR: '3' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\x1b');
    expect(r.stdout).toBe(`Health\t🌿\t#4A90E2\t${a.id}\nWork\t${b.icon ?? ''}\t#E24A4A\t${b.id}\n`);
  });

  it('on a terminal: a header and a colour swatch', async () => {
    await addArea(fx.svc, { name: 'Health', colorHex: '#4A90E2', icon: '🌿' });
    const r = await fx.cli(['area', 'ls'], { tty: { stdout: true }, env: { FORCE_COLOR: '3' } });
    expect(stripAnsi(r.stdout)).toMatch(/^NAME +ICON +COLOR +ID\nHealth +🌿 +● #4A90E2 +-/);
    expect(r.stdout).toContain('\x1b[38;2;74;144;226m●');
    expect(r.stdout).toContain('#4A90E2');
  });

  it('empty: says so, exit 0; --json is []', async () => {
    expect(await fx.cli(['area', 'ls'])).toMatchObject({ code: 0, stdout: '', stderr: 'No areas yet. Create one with `habits area add <name>`.\n' });
    expect(JSON.parse((await fx.cli(['area', 'ls', '--json'])).stdout)).toEqual([]);
  });
});

describe('area show', () => {
  it('shows the fields and the habits in the area (GET /habits?areaId)', async () => {
    const a = await addArea(fx.svc, { name: 'Health', colorHex: '#4A90E2', icon: '🌿' });
    const h = await addHabit(fx.svc, { name: 'Walk', ...{ areaIds: [a.id] } });
    await addHabit(fx.svc, { name: 'Elsewhere' });
    fx.reset();
    const r = await fx.cli(['area', 'show', 'heal']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`name\tHealth\nicon\t🌿\ncolor\t#4A90E2\nid\t${a.id}\ncreatedAt\t${a.createdAt}\nhabit\t${h.id}\tWalk\tactive\n`);
    expect(fx.svc.requests.some((q) => q.path === '/habits' && q.query.areaId === a.id)).toBe(true);
    const json = JSON.parse((await fx.cli(['area', 'show', 'Health', '--json'])).stdout) as unknown;
    expect(json).toEqual({ ...a, habits: [{ id: h.id, name: 'Walk', isArchived: false }] });
    const tty = await fx.cli(['area', 'show', 'Health'], { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(tty.stdout).toContain('🌿 Health\n  Color    ● #4A90E2\n');
    expect(tty.stdout).toContain(`Habits (1)\n  Walk  id:${h.id}\n`);
  });

  it('an unknown area exits 3 with a suggestion', async () => {
    await addArea(fx.svc, { name: 'Health' });
    const r = await fx.cli(['area', 'show', 'Helth']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: no area matches "Helth"\nhint: did you mean "Health"?\n');
  });
});

describe('area edit', () => {
  it('sends only the fields that change', async () => {
    const a = await addArea(fx.svc, { name: 'Health', colorHex: '#4A90E2', icon: '🌿' });
    fx.reset();
    const r = await fx.cli(['area', 'edit', 'Health', '--name', 'Health', '--color', '#4a90e2', '--icon', '💪']);
    expect(r).toMatchObject({ code: 0, stderr: 'Updated area "Health": icon\n' });
    expect(writes(fx.svc)).toEqual([{ method: 'PUT', path: `/areas/${a.id}`, body: { icon: '💪' }, status: 200 }]);
    fx.reset();
    const r2 = await fx.cli(['area', 'edit', 'Health', '--name', 'Wellbeing', '--json']);
    expect(JSON.parse(r2.stdout)).toMatchObject({ id: a.id, name: 'Wellbeing', icon: '💪' });
    expect(writes(fx.svc)).toEqual([{ method: 'PUT', path: `/areas/${a.id}`, body: { name: 'Wellbeing' }, status: 200 }]);
    // The rename dropped the cached names, which __complete would trust at any age.
    expect((await fx.cli(['__complete', 'areas'])).stdout).toBe('Wellbeing\n');
  });

  it('no flags is a usage error; values already set change nothing', async () => {
    await addArea(fx.svc, { name: 'Health', colorHex: '#4A90E2' });
    expect(await fx.cli(['area', 'edit', 'Health'])).toMatchObject({ code: 2, stderr: 'error: nothing to change\nhint: pass --name, --color or --icon\n' });
    fx.reset();
    const same = await fx.cli(['area', 'edit', 'Health', '--color', '4A90E2']);
    expect(same).toMatchObject({ code: 0, stderr: 'Area "Health" already has those values; nothing changed\n' });
    expect(writes(fx.svc)).toEqual([]);
    expect((await fx.cli(['area', 'edit', 'Health', '--color', '#12345'])).code).toBe(2);
  });
});

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

describe('colour parsing and edit diff', () => {
  it('normalises colours', () => {
    expect(parseColor('#abc')).toBe('#AABBCC');
    expect(parseColor('4A90e2')).toBe('#4A90E2');
    expect(() => parseColor('#ggg')).toThrow('not a hex colour');
    expect(() => parseColor('')).toThrow('not a hex colour');
  });

  it('diffArea keeps only changes', () => {
    const area = { name: 'A', colorHex: '#AABBCC', icon: 'x' };
    expect(diffArea(area, { name: 'A', colorHex: '#aabbcc', icon: 'x' })).toEqual({});
    expect(diffArea(area, { name: 'B', icon: '' })).toEqual({ name: 'B', icon: '' });
  });
});
