// `habits area ls` against the real local service: through the CLI, and its run() alone.
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/commands/area/ls.js';
import { stripAnsi } from '../../../src/output/plain.js';
import { verbDeps } from '../../helpers/verb.js';
import { addArea, useService } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

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

  it('empty: says so on a terminal, nothing at all piped, exit 0; --json is []', async () => {
    expect(await fx.cli(['area', 'ls'], { tty: { stdout: true } })).toMatchObject({ code: 0, stdout: 'No areas yet. Create one with `habits area add <name>`.\n', stderr: '' });
    expect(await fx.cli(['area', 'ls'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse((await fx.cli(['area', 'ls', '--json'])).stdout)).toEqual([]);
  });
});

describe('area ls run() alone, with its narrow dependencies', () => {
  it('piped: the colour code alone; on a terminal: a swatch before it', async () => {
    const a = await addArea(fx.svc, { name: 'Health', colorHex: '#4A90E2', icon: '🌿' });
    const b = await addArea(fx.svc, { name: 'Work', colorHex: '#e24' });
    const piped = verbDeps(fx.svc);
    const tty = verbDeps(fx.svc, { tty: true });
    try {
      await run(piped.deps);
      expect(piped.stdout()).toBe(`Health\t🌿\t#4A90E2\t${a.id}\nWork\t\t${b.colorHex ?? ''}\t${b.id}\n`);
      await run(tty.deps);
      const lines = tty.stdout().split('\n');
      expect(lines[0]).toMatch(/^NAME +ICON +COLOR +ID$/);
      expect(lines[1]).toMatch(new RegExp(`^Health +🌿 +● #4A90E2 +${a.id}$`));
      expect(stripAnsi(tty.stdout())).toBe(tty.stdout());
      expect(piped.stderr() + tty.stderr()).toBe('');
    } finally {
      await piped.close();
      await tty.close();
    }
  });

  it('refreshes the names the resolver reads: a lookup after it sends no request', async () => {
    const a = await addArea(fx.svc, { name: 'Health' });
    const verb = verbDeps(fx.svc, { json: true });
    try {
      await run(verb.deps);
      expect(JSON.parse(verb.stdout())).toEqual([a]);
      fx.reset();
      expect(await verb.deps.resolver.resolveArea('heal')).toMatchObject({ id: a.id, name: 'Health' });
      expect(fx.svc.requests).toEqual([]);
    } finally {
      await verb.close();
    }
  });

  it('no areas: [] with --json, nothing piped', async () => {
    const json = verbDeps(fx.svc, { json: true });
    const piped = verbDeps(fx.svc);
    try {
      await run(json.deps);
      await run(piped.deps);
      expect([json.stdout(), json.stderr()]).toEqual(['[]\n', '']);
      expect([piped.stdout(), piped.stderr()]).toEqual(['', '']);
    } finally {
      await json.close();
      await piped.close();
    }
  });
});
