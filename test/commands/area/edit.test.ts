// `habits area edit` against the real local service, and the diff it sends.
import { describe, expect, it } from 'vitest';
import { diffArea } from '../../../src/commands/area/edit.js';
import { addArea, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

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

describe('area edit refusals', () => {
  it('a new name with a control character is a usage error before any request', async () => {
    await addArea(fx.svc, { name: 'Health' });
    fx.reset();
    const r = await fx.cli(['area', 'edit', 'Health', '--name', 'Well\u0085being']);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'error: --name: the area name contains a control character (\\x85); it must be one line of printable text\n' });
    expect(fx.svc.requests).toEqual([]);
  });
});

describe('diffArea', () => {
  it('diffArea keeps only changes', () => {
    const area = { name: 'A', colorHex: '#AABBCC', icon: 'x' };
    expect(diffArea(area, { name: 'A', colorHex: '#aabbcc', icon: 'x' })).toEqual({});
    expect(diffArea(area, { name: 'B', icon: '' })).toEqual({ name: 'B', icon: '' });
  });
});
