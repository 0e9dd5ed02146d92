// log, note, area and completion through the built bin/habits.js, spawned with a cron-like
// environment: only the temp home's directories, HABITS_BASE_URL and HABITS_API_KEY.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateHabitBody, Note } from '../../src/api/types.js';
import { BIN, noonZone, spawnCli } from '../helpers/cli.js';
import { addArea, addHabit, addNote, call, useService, writes } from '../helpers/service.js';

// CLI and service (on the real clock, as the spawned CLI is) share a zone where it is about noon
// now, so "today" cannot change mid-test.
const { zone, today } = noonZone();
const fx = useService({ start: 'real', timezone: zone });
let env: Record<string, string>;
beforeAll(() => {
  env = fx.env;
  expect(Object.keys(env).sort()).toEqual(['HABITS_API_KEY', 'HABITS_BASE_URL', 'HABITS_TIMEZONE', 'HOME', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME']);
  expect(env.HABITS_TIMEZONE).toBe(zone);
});

const cli = (argv: string[], stdin?: string) => spawnCli(argv, { env, stdin });
/** A habit started long before the real today, so any day it is logged on is in its life. */
const habit = (name: string, extra: Partial<CreateHabitBody> = {}) => addHabit(fx.svc, { name, startDate: '2020-01-01', ...extra });

describe('cron-like runs of the built binary', () => {
  it('log done twice: both exit 0, the second says already', async () => {
    const h = await habit('Water plants');
    fx.reset();
    const first = await cli(['log', 'done', 'Water plants']);
    expect(first).toEqual({ code: 0, stdout: '', stderr: `Marked "Water plants" completed for ${today}\n` });
    const second = await cli(['log', 'done', 'water']);
    expect(second).toEqual({ code: 0, stdout: '', stderr: `"Water plants" was already completed for ${today}\n` });
    expect(writes(fx.svc)).toEqual([
      { method: 'POST', path: `/habits/${h.id}/logs/complete`, body: { targetDate: today }, status: 201 },
      { method: 'POST', path: `/habits/${h.id}/logs/complete`, body: { targetDate: today }, status: 409 },
    ]);
  });

  it('bulk logging with one unknown habit marks the rest and exits 3', async () => {
    const a = await habit('Floss');
    const b = await habit('Journal entry');
    fx.reset();
    const r = await cli(['log', 'skip', 'Floss', 'Unknown thing', 'Journal entry']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error: no habit matches "Unknown thing"\n');
    expect(writes(fx.svc).map((x) => x.path).sort()).toEqual([`/habits/${a.id}/logs/skipped`, `/habits/${b.id}/logs/skipped`].sort());
  });

  it('piped note ls is TSV with no escape codes, even with a colour terminal declared', async () => {
    const h = await habit('Guitar');
    await addNote(fx.svc, h.id, { content: 'Scales\nthen chords', moodLevel: 'high' });
    const r = await spawnCli(['note', 'ls', 'Guitar'], { env: { ...env, TERM: 'xterm-256color', COLORTERM: 'truecolor' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\x1b');
    expect(r.stderr).toBe('');
    const [row] = r.stdout.replace(/\n$/, '').split('\n').map((l) => l.split('\t'));
    expect(row?.slice(2)).toEqual(['high', 'Scales\\nthen chords', '']);
  });

  it('note add reads piped stdin', async () => {
    const h = await habit('Diary');
    const r = await cli(['note', 'add', 'Diary', '--mood', 'very-low'], 'Long day.\n');
    expect(r.code).toBe(0);
    const notes = await call<Note[]>(fx.svc, 'GET', `/habits/${h.id}/notes`);
    expect(notes).toMatchObject([{ content: 'Long day.', moodLevel: 'veryLow' }]);
  });

  it('destructive commands without --yes refuse off a terminal and change nothing', async () => {
    const h = await habit('Rm target', { goal: { periodicity: 'daily', value: 10, unit: 'rep' } });
    const n = await addNote(fx.svc, h.id, { content: 'keep me' });
    const area = await addArea(fx.svc, { name: 'Keep area' });
    const log = await cli(['log', 'add', 'Rm target', '3', '--json']);
    const logId = (JSON.parse(log.stdout) as { logId: string }).logId;
    fx.reset();
    for (const argv of [['log', 'rm', 'Rm target', `id:${logId}`], ['note', 'rm', 'Rm target', `id:${n.id}`], ['area', 'rm', 'Keep area']]) {
      const r = await cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^error: refusing to delete .* without confirmation\nhint: pass --yes/);
    }
    expect(fx.svc.requests).toEqual([]);
    expect(await call<Note[]>(fx.svc, 'GET', `/habits/${h.id}/notes`)).toHaveLength(1);
    expect(await call(fx.svc, 'GET', `/areas/${area.id}`)).toMatchObject({ id: area.id });
  });

  it('--json parses on every log, note, area and completion command', async () => {
    const h = await habit('Json habit', { goal: { periodicity: 'daily', value: 2, unit: 'L' } });
    const steps: string[][] = [
      ['log', 'done', 'Json habit'], ['log', 'undo', 'Json habit'], ['log', 'fail', 'Json habit'], ['log', 'skip', 'Json habit'],
      ['log', 'add', 'Json habit', '0.5'], ['note', 'add', 'Json habit', 'hi'], ['note', 'ls', 'Json habit'],
      ['area', 'add', 'Json area', '--color', 'abc'], ['area', 'ls'], ['area', 'show', 'Json area'], ['area', 'edit', 'Json area', '--icon', '⭐'],
      ['completion', 'fish'],
    ];
    const out: Record<string, unknown> = {};
    for (const argv of steps) {
      const r = await cli([...argv, '--json']);
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
      out[argv.slice(0, 2).join(' ')] = JSON.parse(r.stdout);
    }
    expect(out['log add']).toMatchObject({ logId: expect.any(String) });
    const note = out['note add'] as Note;
    const noteId = note.id;
    const edit = await cli(['note', 'edit', 'Json habit', `id:${noteId}`, '--mood', '4', '--json']);
    expect(JSON.parse(edit.stdout)).toMatchObject({ id: noteId, moodLevel: 'high' });
    const logId = (out['log add'] as { logId: string }).logId;
    for (const argv of [['log', 'rm', 'Json habit', `id:${logId}`], ['note', 'rm', 'Json habit', `id:${noteId}`], ['area', 'rm', 'Json area']]) {
      const r = await cli([...argv, '--yes', '--json']);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(JSON.parse(r.stdout)).toBeTypeOf('object');
    }
    expect(await call(fx.svc, 'GET', `/habits/${h.id}`)).toMatchObject({ id: h.id });
  });

  it('bash completion completes a name with a space through the binary, from the warm cache', async () => {
    await habit('Drink water');
    expect((await cli(['log', 'done', 'Drink water'])).code).toBe(0);
    const bin = join(fx.home.home, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'habits'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
    const script = join(fx.home.home, 'habits.bash');
    writeFileSync(script, (await cli(['completion', 'bash'])).stdout);
    fx.reset();
    const out = execFileSync('bash', ['-c', `source "$1"; COMP_WORDS=(habits log done Floss dri); COMP_CWORD=4; _habits; printf '%s\\n' "\${COMPREPLY[@]}"`, 'bash', script], {
      env: { ...env, PATH: `${bin}:/usr/bin:/bin` },
      encoding: 'utf8',
    });
    expect(out).toBe('Drink\\ water\n');
    expect(fx.svc.requests).toEqual([]);
  });
});
