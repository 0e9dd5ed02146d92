// --json FIELDS, --json help and --jq, against the local service.
import { beforeAll, describe, expect, it } from 'vitest';
import { addArea, addHabit, useService } from '../helpers/service.js';

const fx = useService();

beforeAll(async () => {
  const area = await addArea(fx.svc, { name: 'Health' });
  await addHabit(fx.svc, { name: 'Walk', areaIds: [area.id] });
  await addHabit(fx.svc, { name: 'Read' });
  await addHabit(fx.svc, { name: 'Stretch' });
  expect((await fx.cli(['log', 'done', 'Walk'])).code).toBe(0);
});

describe('--json FIELDS', () => {
  it('keeps only the named fields of each journal entry: after the command, before it, and as --json=', async () => {
    for (const args of [['journal', '--json', 'name,status'], ['--json', 'name,status', 'journal'], ['--json=name,status', 'journal'], ['journal', '--json=name,status']]) {
      const r = await fx.cli(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([
        { name: 'Walk', status: 'completed' },
        { name: 'Read', status: 'inprogress' },
        { name: 'Stretch', status: 'inprogress' },
      ]);
    }
  });

  it('a bare --json still prints every field, whether a command follows it or not', async () => {
    for (const args of [['--json', 'journal'], ['journal', '--json']]) {
      const r = await fx.cli(args);
      expect(r.code).toBe(0);
      const entries = JSON.parse(r.stdout) as Record<string, unknown>[];
      expect(Object.keys(entries[0]!)).toEqual(expect.arrayContaining(['id', 'name', 'status', 'colorHex']));
    }
  });

  it('a word after --json that is not a field is the next argument: habit show --json Walk', async () => {
    const r = await fx.cli(['habit', 'show', '--json', 'Walk']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(expect.objectContaining({ name: 'Walk', type: 'good' }));
  });

  it('selects fields of habit ls, area show and log done', async () => {
    const habits = await fx.cli(['habit', 'ls', '--json', 'name,type']);
    expect(JSON.parse(habits.stdout)).toEqual([{ name: 'Walk', type: 'good' }, { name: 'Read', type: 'good' }, { name: 'Stretch', type: 'good' }]);
    const area = await fx.cli(['area', 'show', 'Health', '--json', 'name,habits']);
    expect(JSON.parse(area.stdout)).toEqual({ name: 'Health', habits: [expect.objectContaining({ name: 'Walk' })] });
    const done = await fx.cli(['log', 'done', 'Walk', '--json', 'ref,ok,already']);
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual([{ ref: 'Walk', ok: true, already: true }]);
  });

  it('--json help lists the fields and exits 2, before any request', async () => {
    fx.reset();
    const r = await fx.cli(['journal', '--json', 'help']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('id, name, status, colorHex, icon, timeOfDayIds, type, currentStreak, progress, logInfo');
    expect(r.requests).toEqual([]);
  });

  it('an unknown field names itself and lists the fields (exit 2)', async () => {
    const r = await fx.cli(['habit', 'ls', '--json=name,nme']);
    expect(r.code).toBe(2);
    const err = JSON.parse(r.stderr) as { error: { code: string; message: string } };
    expect(err.error.code).toBe('usage');
    expect(err.error.message).toMatch(/unknown field for --json: nme; the fields of `habits habit ls` are: id, name, description/);
  });

  it('a command without declared fields offers the keys of its data', async () => {
    const r = await fx.cli(['export', '--json', 'help']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toEqual({ error: expect.objectContaining({ message: expect.stringContaining('format, version, exportedAt') }) });
  });
});

describe('--jq', () => {
  it('counts the open habits: a number on one line', async () => {
    const r = await fx.cli(['journal', '--jq', '[.[] | select(.status != "completed")] | length']);
    expect(r).toMatchObject({ code: 0, stdout: '2\n', stderr: '' });
  });

  it('prints strings raw, other values as compact JSON, one per line', async () => {
    expect((await fx.cli(['journal', '--jq', '.[0].name'])).stdout).toBe('Walk\n');
    expect((await fx.cli(['journal', '--jq', '.[].name'])).stdout).toBe('Walk\nRead\nStretch\n');
    expect((await fx.cli(['journal', '--jq', '.[] | {name, s: .status} | select(.s == "completed")'])).stdout).toBe('{"name":"Walk","s":"completed"}\n');
    expect((await fx.cli(['habit', 'ls', '--jq', 'map(.name) | sort'])).stdout).toBe('["Read","Stretch","Walk"]\n');
  });

  it('works on the fields --json selected', async () => {
    expect((await fx.cli(['journal', '--json', 'name', '--jq', '.[0] | keys'])).stdout).toBe('["name"]\n');
  });

  it('a syntax error exits 2 with one line, before any request', async () => {
    fx.reset();
    const r = await fx.cli(['journal', '--jq', '.[']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: --jq: jq: error: syntax error[^\n]*\n$/);
    expect(r.requests).toEqual([]);
  });
});

describe('help formatting', () => {
  it('covers --json, its fields, --jq and TSV', async () => {
    const r = await fx.cli(['help', 'formatting']);
    expect(r.code).toBe(0);
    for (const word of ['--json name,status', '--json help', '--jq EXPR', 'tab-separated']) expect(r.stdout).toContain(word);
  });
});
