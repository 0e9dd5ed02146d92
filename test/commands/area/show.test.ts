// `habits area show` against the real local service: through the CLI, and its run() alone.
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/commands/area/show.js';
import { resolveSettings } from '../../../src/config/settings.js';
import { verbDeps } from '../../helpers/verb.js';
import { addArea, addHabit, call, useService } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

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

describe('area show run() alone, with its narrow dependencies', () => {
  it('on a terminal: the swatch, the creation time in the zone of the settings, archived habits marked', async () => {
    const a = await addArea(fx.svc, { name: 'Health', colorHex: '#4A90E2' });
    const h = await addHabit(fx.svc, { name: 'Walk', ...{ areaIds: [a.id] } });
    await call(fx.svc, 'POST', `/habits/${h.id}/archive`);
    const verb = verbDeps(fx.svc, { tty: true });
    try {
      await run('Health', { ...verb.deps, settings: resolveSettings({}, { HABITS_TIMEZONE: 'Asia/Tokyo' }, {}, 'config.toml') });
      expect(verb.stdout()).toBe([
        'Health', '  Color    ● #4A90E2', `  Id       ${a.id}`, '  Created  2026-11-22 21:00', '',
        'Habits (1)', `  Walk (archived)  id:${h.id}`, '',
      ].join('\n'));
    } finally {
      await verb.close();
    }
  });
});
