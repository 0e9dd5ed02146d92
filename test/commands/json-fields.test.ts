// --json FIELDS, --json help and --jq, against the local service.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSpec, flatten } from '../../src/completion/spec.js';
import { JSON_FIELDS } from '../../src/output/fields.js';
import { buildProgram, loadEveryNoun } from '../../src/program.js';
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

  it('a mistyped field after a bare --json is named as a field, not "too many arguments"', async () => {
    fx.reset();
    const r = await fx.cli(['habit', 'ls', '--json', 'nme']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error.message).toMatch(/^unknown field for --json: nme; the fields of `habits habit ls` are: id, name, description/);
    expect(r.requests).toEqual([]);
    // Before the command, the word is neither a command nor a field.
    const before = await fx.cli(['--json', 'nme', 'journal']);
    expect(before.code).toBe(2);
    expect(JSON.parse(before.stderr).error).toMatchObject({ message: '"nme" after --json is neither a command nor a field', hint: expect.stringContaining('habits <command> --json help') });
    // A capitalised word is no field: a name where none is taken is still too many arguments.
    const name = await fx.cli(['habit', 'ls', '--json', 'Walk']);
    expect(name.code).toBe(2);
    expect(JSON.parse(name.stderr).error.message).toMatch(/^too many arguments for 'ls'/);
    // Where the command takes a name, the word is that name, as before.
    expect((await fx.cli(['habit', 'show', '--json', 'walk'])).code).toBe(0);
  });

  it('--json help needs no argument; a field name taken for a missing argument says how to write it', async () => {
    fx.reset();
    const help = await fx.cli(['log', 'done', '--json', 'help']);
    expect(help.code).toBe(2);
    expect(JSON.parse(help.stderr).error.message).toBe('fields of `habits log done --json`: ref, habit, date, ok, already, result, warnings, left, error');
    // `notes` is a field (of export --output): read as --json's value, it leaves log done without a habit.
    const notes = await fx.cli(['log', 'done', '--json', 'notes']);
    expect(notes.code).toBe(2);
    expect(JSON.parse(notes.stderr).error).toMatchObject({
      message: '"notes" after --json was read as the fields to print, and habits log done has no habit',
      hint: 'for a habit "notes", put --json last: habits log done notes --json',
    });
    expect([...help.requests, ...notes.requests]).toEqual([]);
  });

  it('export offers the fields of its document, and with --output those of its summary', async () => {
    const r = await fx.cli(['export', '--json', 'help']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toEqual({ error: expect.objectContaining({ message: expect.stringContaining('format, version, exportedAt') }) });
    const file = await fx.cli(['export', '--output', join(fx.home.home, 'never.json'), '--json=help']);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('fields of `habits export --output --json`: file, habits, areas, notes');
  });

  it('--dry-run has the fields of its plan: method, path, body', async () => {
    const plan = await fx.cli(['habit', 'rm', 'Stretch', '--dry-run', '--json', 'method,path']);
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout)).toEqual([{ method: 'DELETE', path: expect.stringMatching(/^\/habits\/[^/]+$/) }]);
    const help = await fx.cli(['habit', 'edit', 'Stretch', '--name', 'S', '--dry-run', '--json', 'help']);
    expect(help.code).toBe(2);
    expect(help.stderr).toContain('fields of `habits habit edit --dry-run --json`: method, path, body');
  });

  /** Every command of the tree that runs, with a word for each required argument (help, which prints help whatever the flags, aside). */
  async function everyCommand(): Promise<{ path: string; words: string[] }[]> {
    const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false };
    const program = buildProgram({ run: async () => {} }, io);
    await loadEveryNoun(program);
    // What a command needs before it runs at all (else it says what is missing, as it should).
    const EXTRA: Record<string, string[]> = { 'note edit': ['--mood', 'high'], 'area edit': ['--name', 'Home'] };
    const valueOf = (path: string, name: string): string => (path === 'config set' && name === 'value' ? 'UTC' : word[name] ?? 'x');
    const word: Record<string, string> = { habit: 'Walk', area: 'Health', name: 'New', value: '1', total: '1', shell: 'bash', key: 'timezone', file: '/nonexistent.json' };
    return flatten(buildSpec(program))
      .filter((c) => c.commands.length === 0 && c.path.length > 0 && c.path.at(-1) !== 'help')
      .map((c) => ({
        path: c.path.join(' '),
        words: [...c.path, ...c.args.filter((a) => c.usage.includes(`<${a.name}`)).map((a) => valueOf(c.path.join(' '), a.name)), ...(EXTRA[c.path.join(' ')] ?? [])],
      }));
  }

  it('every command answers --json help before it sends, writes or prompts anything', async () => {
    const commands = await everyCommand();
    expect(commands.length).toBeGreaterThan(40);
    const files = (): string => readdirSync(fx.home.home, { recursive: true }).map(String).sort().join('\n');
    const before = files();
    for (const { path, words } of commands) {
      fx.reset();
      const r = await fx.cli([...words, '--json', 'help']);
      expect(r.code, `${path}: ${r.stderr}`).toBe(2);
      expect(r.stdout, path).toBe('');
      const message = (JSON.parse(r.stderr) as { error: { message: string } }).error.message;
      if (path === 'serve' || path === 'mcp') expect(message, path).toBe(`\`habits ${path}\` prints no JSON to pick fields from`);
      else if (path === 'check') expect(message, path).toMatch(/has no --json output/);
      else expect(message, path).toMatch(new RegExp(`^fields of \`habits ${path} --json\`: [a-zA-Z]+(, [a-zA-Z]+)*$`));
      expect(r.requests, path).toEqual([]);
    }
    expect(files()).toBe(before);
  });

  it('every declared shape is of a command that exists', async () => {
    const paths = new Set((await everyCommand()).map((c) => c.path));
    for (const key of Object.keys(JSON_FIELDS)) expect(paths.has(key.replace(/ --[a-z-]+$/, '')), key).toBe(true);
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

  it('HABITS_JQ_TIMEOUT that is not a duration exits 2 before any request, and only with --jq', async () => {
    fx.reset();
    const r = await fx.cli(['journal', '--jq', '.'], { env: { HABITS_JQ_TIMEOUT: 'soon' } });
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'error: HABITS_JQ_TIMEOUT: "soon" is not a duration\nhint: use seconds, e.g. 30, or 500ms, 30s, 2m\n' });
    expect(r.requests).toEqual([]);
    expect(await fx.cli(['journal', '--json', 'name'], { env: { HABITS_JQ_TIMEOUT: 'soon' } })).toMatchObject({ code: 0, stderr: '' });
    expect(await fx.cli(['journal', '--jq', 'length'], { env: { HABITS_JQ_TIMEOUT: '2s' } })).toMatchObject({ code: 0, stdout: '3\n', stderr: '' });
  });
});

describe('help formatting', () => {
  it('covers --json, its fields, --jq and TSV', async () => {
    const r = await fx.cli(['help', 'formatting']);
    expect(r.code).toBe(0);
    for (const word of ['--json name,status', '--json help', '--jq EXPR', 'tab-separated']) expect(r.stdout).toContain(word);
  });
});
