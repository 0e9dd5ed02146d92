// `habits area ls|show|add|edit|rm` against the real local service.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffArea } from '../../src/commands/area/edit.js';
import { parseColor } from '../../src/commands/area/shared.js';
import type { Area } from '../../src/api/types.js';
import { stripAnsi } from '../../src/output/plain.js';
import { ESC, startWorld, writes, type World } from './logging-fixtures.js';

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

const areas = async () => w.call<Area[]>('GET', '/areas');

describe('area add', () => {
  it('creates with a normalised colour and an icon', async () => {
    const r = await w.run(['area', 'add', ' Health ', '--color', '4a9', '--icon', '🌿']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Created area "Health" \(id:-[\w-]+\)\n$/);
    expect(writes(w.svc)).toEqual([{ method: 'POST', path: '/areas', body: { name: 'Health', colorHex: '#44AA99', icon: '🌿' }, status: 201 }]);
    expect(await areas()).toMatchObject([{ name: 'Health', colorHex: '#44AA99', icon: '🌿' }]);
  });

  it('an invalid colour is a usage error before any request', async () => {
    const r = await w.run(['area', 'add', 'Health', '--color', 'teal']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --color: "teal" is not a hex colour (use #RRGGBB or #RGB; the # is optional)\n');
    expect(w.svc.requests).toEqual([]);
  });

  it('--json prints the created area; the name is usable at once', async () => {
    await w.run(['area', 'ls']); // warms the cache, which add must invalidate
    const r = await w.run(['area', 'add', 'Work', '--json']);
    const area = JSON.parse(r.stdout) as Area;
    expect(area).toMatchObject({ name: 'Work', id: expect.any(String) });
    const show = await w.run(['area', 'show', 'Work', '--json']);
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ id: area.id, habits: [] });
  });
});

describe('area ls', () => {
  it('piped: name, icon, colour, id as TSV without escape codes', async () => {
    const a = await w.area('Health', { colorHex: '#4A90E2', icon: '🌿' });
    const b = await w.area('Work', { colorHex: '#E24A4A' });
    const r = await w.run(['area', 'ls'], { env: { FORCE_COLOR: '3' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).toBe(`Health\t🌿\t#4A90E2\t${a.id}\nWork\t${b.icon ?? ''}\t#E24A4A\t${b.id}\n`);
  });

  it('on a terminal: a header and a colour swatch', async () => {
    await w.area('Health', { colorHex: '#4A90E2', icon: '🌿' });
    const r = await w.run(['area', 'ls'], { tty: { stdout: true }, env: { FORCE_COLOR: '3' } });
    expect(stripAnsi(r.stdout)).toMatch(/^NAME +ICON +COLOR +ID\nHealth +🌿 +● #4A90E2 +-/);
    expect(r.stdout).toContain('\x1b[38;2;74;144;226m●');
    expect(r.stdout).toContain('#4A90E2');
  });

  it('empty: says so, exit 0; --json is []', async () => {
    expect(await w.run(['area', 'ls'])).toEqual({ code: 0, stdout: '', stderr: 'No areas yet. Create one with `habits area add <name>`.\n' });
    expect(JSON.parse((await w.run(['area', 'ls', '--json'])).stdout)).toEqual([]);
  });
});

describe('area show', () => {
  it('shows the fields and the habits in the area (GET /habits?areaId)', async () => {
    const a = await w.area('Health', { colorHex: '#4A90E2', icon: '🌿' });
    const h = await w.habit('Walk', { areaIds: [a.id] });
    await w.habit('Elsewhere');
    w.reset();
    const r = await w.run(['area', 'show', 'heal']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`name\tHealth\nicon\t🌿\ncolor\t#4A90E2\nid\t${a.id}\ncreatedAt\t${a.createdAt}\nhabit\t${h.id}\tWalk\tactive\n`);
    expect(w.svc.requests.some((q) => q.path === '/habits' && q.query.areaId === a.id)).toBe(true);
    const json = JSON.parse((await w.run(['area', 'show', 'Health', '--json'])).stdout) as unknown;
    expect(json).toEqual({ ...a, habits: [{ id: h.id, name: 'Walk', isArchived: false }] });
    const tty = await w.run(['area', 'show', 'Health'], { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(tty.stdout).toContain('🌿 Health\n  Color    ● #4A90E2\n');
    expect(tty.stdout).toContain(`Habits (1)\n  Walk  id:${h.id}\n`);
  });

  it('an unknown area exits 3 with a suggestion', async () => {
    await w.area('Health');
    const r = await w.run(['area', 'show', 'Helth']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: no area matches "Helth"\nhint: did you mean "Health"?\n');
  });
});

describe('area edit', () => {
  it('sends only the fields that change', async () => {
    const a = await w.area('Health', { colorHex: '#4A90E2', icon: '🌿' });
    w.reset();
    const r = await w.run(['area', 'edit', 'Health', '--name', 'Health', '--color', '#4a90e2', '--icon', '💪']);
    expect(r).toMatchObject({ code: 0, stderr: 'Updated area "Health": icon\n' });
    expect(writes(w.svc)).toEqual([{ method: 'PUT', path: `/areas/${a.id}`, body: { icon: '💪' }, status: 200 }]);
    w.reset();
    const r2 = await w.run(['area', 'edit', 'Health', '--name', 'Wellbeing', '--json']);
    expect(JSON.parse(r2.stdout)).toMatchObject({ id: a.id, name: 'Wellbeing', icon: '💪' });
    expect(writes(w.svc)).toEqual([{ method: 'PUT', path: `/areas/${a.id}`, body: { name: 'Wellbeing' }, status: 200 }]);
    // The rename dropped the cached names: the new name resolves at once.
    expect((await w.run(['area', 'show', 'Wellbeing'])).code).toBe(0);
  });

  it('no flags is a usage error; values already set change nothing', async () => {
    await w.area('Health', { colorHex: '#4A90E2' });
    expect(await w.run(['area', 'edit', 'Health'])).toMatchObject({ code: 2, stderr: 'error: nothing to change\nhint: pass --name, --color or --icon\n' });
    w.reset();
    const same = await w.run(['area', 'edit', 'Health', '--color', '4A90E2']);
    expect(same).toMatchObject({ code: 0, stderr: 'Area "Health" already has those values; nothing changed\n' });
    expect(writes(w.svc)).toEqual([]);
    expect((await w.run(['area', 'edit', 'Health', '--color', '#12345'])).code).toBe(2);
  });
});

describe('area rm', () => {
  it('refuses without --yes off a terminal; deletes with it, and the habits stay', async () => {
    const a = await w.area('Health');
    const h = await w.habit('Walk', { areaIds: [a.id] });
    w.reset();
    const r = await w.run(['area', 'rm', 'Health']);
    expect(r).toMatchObject({ code: 2, stderr: 'error: refusing to delete area "Health" without confirmation\nhint: pass --yes to confirm when not on a terminal\n' });
    expect(w.svc.requests).toEqual([]);
    const ok = await w.run(['area', 'rm', 'Health', '--yes']);
    expect(ok).toMatchObject({ code: 0, stderr: 'Deleted area "Health"; its habits stay\n' });
    expect(writes(w.svc)).toEqual([{ method: 'DELETE', path: `/areas/${a.id}`, body: undefined, status: 204 }]);
    expect(await areas()).toEqual([]);
    expect(await w.call('GET', `/habits/${h.id}`)).toMatchObject({ id: h.id, name: 'Walk' });
    // The cache was dropped: the old name is unknown now.
    expect((await w.run(['area', 'show', 'Health'])).code).toBe(3);
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
