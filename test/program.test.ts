// The command line as program.ts reads it: options written after `--` are refused before anything
// runs, with the command line that works; ids that begin with "-" work as id:<id>.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Habit, Note } from '../src/api/types.js';
import { addHabit, addNote, notesOf, useService, writes } from './helpers/service.js';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { buildProgram, loadEveryNoun, normalizeColorFlag, VALUELESS_OPTIONS } from '../src/program.js';

const fx = useService({ per: 'test' });
let walk: Habit;
let note: Note;
beforeEach(async () => {
  walk = await addHabit(fx.svc, { name: 'Walk' });
  note = await addNote(fx.svc, walk.id, { content: 'brisk', moodLevel: 'low' });
  fx.reset();
});

describe('options after --', () => {
  it('note edit with an option after the id: exit 2, no request, and the line that works', async () => {
    expect(note.id.startsWith('-')).toBe(true);
    const r = await fx.cli(['note', 'edit', 'Walk', '--', note.id, '--mood', 'veryHigh']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'error: --mood after `--` is read as an argument, not an option\n' +
        `hint: write ids that begin with "-" as id:<id> and leave out \`--\`: habits note edit Walk id:${note.id} --mood veryHigh (or put every option before \`--\`)\n`,
    );
    expect(r.requests).toEqual([]);

    // The advice, followed, works.
    const fixed = await fx.cli(['note', 'edit', 'Walk', `id:${note.id}`, '--mood', 'veryHigh']);
    expect(fixed).toMatchObject({ code: 0, stderr: `Updated note ${note.id} of "Walk": mood low → veryHigh\n` });
    expect((await notesOf(fx.svc, walk.id))[0]).toMatchObject({ moodLevel: 'veryHigh' });
  });

  it('log done with --date after the ids marks nothing (it would have marked today)', async () => {
    const r = await fx.cli(['log', 'done', '--', walk.id, 'my walk', '--date=yesterday', '-y']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: --date=yesterday, -y after `--` are read as arguments, not options\n' +
        `hint: write ids that begin with "-" as id:<id> and leave out \`--\`: habits log done id:${walk.id} 'my walk' --date=yesterday -y (or put every option before \`--\`)\n`,
    );
    expect(writes(fx.svc)).toEqual([]);
  });

  it('a negative value after -- stays a value in the line that works (it read id:-0.5)', async () => {
    await addHabit(fx.svc, { name: 'Water', goal: { periodicity: 'daily', value: 2, unit: 'L' } });
    expect((await fx.cli(['log', 'add', 'Water', '1'])).code).toBe(0);
    fx.reset();
    const r = await fx.cli(['log', 'add', 'Water', '--', '-0.5', '--unit', 'L']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: --unit after `--` is read as an argument, not an option\n' +
        'hint: write ids that begin with "-" as id:<id> and leave out `--`: habits log add Water -0.5 --unit L (or put every option before `--`)\n',
    );
    expect(r.requests).toEqual([]);
    // The advice, followed, works.
    expect(await fx.cli(['log', 'add', 'Water', '-0.5', '--unit', 'L'])).toMatchObject({ code: 0 });
  });

  it('with --json the refusal is a JSON error', async () => {
    const r = await fx.cli(['--json', 'habit', 'show', '--', walk.id, '-q']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'usage', message: '-q after `--` is read as an argument, not an option', status: null } });
  });

  it('ids after -- with the options before it still work', async () => {
    const r = await fx.cli(['note', 'edit', 'Walk', '--text', 'slow', '--', note.id]);
    expect(r).toMatchObject({ code: 0, stderr: `Updated note ${note.id} of "Walk": text\n` });
    expect((await notesOf(fx.svc, walk.id))[0]).toMatchObject({ content: 'slow' });
  });

  it('an id before any -- is an unknown option whose hint says id:<id> first', async () => {
    const r = await fx.cli(['note', 'edit', 'Walk', note.id, '--mood', 'veryHigh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: unknown option '${note.id}'\n` +
        'usage: habits note edit <habit> <noteId> [options]\n' +
        `hint: write an id that begins with "-" as id:${note.id} (or last, after \`--\` and every option)\n`,
    );
    expect(r.requests).toEqual([]);
  });
});

describe('hints that are commands run (issue 22)', () => {
  /** The command a hint gives (`… : habits log done …`), as argv, or undefined. */
  const hinted = (stderr: string): string[] | undefined => {
    const line = /hint: .*?habits ((?:[^`(]|\([^)]*\))+?)(?: \(or |`|$)/m.exec(stderr)?.[1];
    if (!line) return undefined;
    // The hints quote words as a shell would ('my walk'): split them back.
    return [...line.trim().matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!));
  };

  it('a value after -- that belongs to an option stays its value: --date -2 is two days ago, not id:-2', async () => {
    await addHabit(fx.svc, { name: 'Zumba', startDate: '2020-01-01' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Zumba', '--', '--date', '-2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('habits log done Zumba --date -2 (or put every option before `--`)');
    const argv = hinted(r.stderr)!;
    expect(argv).toEqual(['log', 'done', 'Zumba', '--date', '-2']);
    expect(await fx.cli(argv)).toMatchObject({ code: 0, stderr: 'Marked "Zumba" completed for 2026-11-20\n' });
  });

  it('every hint of these usage errors that names a command runs without the same error', async () => {
    const zumba = await addHabit(fx.svc, { name: 'Zumba', startDate: '2020-01-01' });
    const cases: string[][] = [
      ['log', 'done', 'Zumba', '--', '--date', '-2'],
      ['log', 'done', '--', zumba.id, '--date', 'yesterday'],
      ['log', 'add', 'Zumba', '--', '3', '--unit', 'min', '--strict'],
      ['note', 'edit', 'Walk', '--', note.id, '--mood', 'high', '--text', 'x'],
      ['habit', 'show', '--', walk.id, '--json'],
      ['log', 'skip', '--', walk.id, '-q'],
    ];
    for (const argv of cases) {
      fx.reset();
      const r = await fx.cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      const fixed = hinted(r.stderr);
      expect(fixed, r.stderr).toBeDefined();
      const again = await fx.cli(fixed!);
      expect(again.code, `${fixed!.join(' ')}: ${again.stderr}`).toBe(0);
    }
  });

  it('the options known to take no value are exactly those of the command tree', async () => {
    const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false };
    const program = buildProgram({ run: async () => {} }, io);
    await loadEveryNoun(program);
    const valueless = new Set<string>();
    const taking = new Set<string>();
    const walkTree = (cmd: Command): void => {
      for (const o of cmd.options) {
        for (const flag of [o.long, o.short]) if (flag) (o.required || o.optional ? taking : valueless).add(flag);
      }
      cmd.commands.forEach(walkTree);
    };
    walkTree(program);
    const listed = (flag: string) => flag.startsWith('--no-') || VALUELESS_OPTIONS.has(flag);
    expect([...valueless].filter((f) => !listed(f)), 'valueless options missing from VALUELESS_OPTIONS').toEqual([]);
    // --json's value is optional and never an id: listed on purpose.
    expect([...taking].filter((f) => listed(f) && f !== '--json'), 'options that take a value listed as valueless').toEqual([]);
  });
});

describe('usage errors', () => {
  it("name the command's usage line and its --help, exit 2, and send nothing", async () => {
    const cases: [string[], string][] = [
      [['log', 'done', '--bogus'], "error: unknown option '--bogus'\nusage: habits log done <habit...> [options]\nhint: see `habits log done --help`\n"],
      [['log', 'done'], "error: missing required argument 'habit'\nusage: habits log done <habit...> [options]\nhint: see `habits log done --help`\n"],
      [['habit', 'show', 'Walk', 'Run'], "error: too many arguments for 'show'. Expected 1 argument but got 2.\nusage: habits habit show <habit> [options]\nhint: see `habits habit show --help`\n"],
      [['completion', 'tcsh'], "error: command-argument value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish, powershell, pwsh.\nusage: habits completion <shell> [options]\nhint: see `habits completion --help`\n"],
      [['note', 'list', 'Walk', 'x'], "error: too many arguments for 'ls'. Expected 1 argument but got 2.\nusage: habits note ls <habit> [options]\nhint: see `habits note ls --help`\n"],
      [['log', 'bogus'], "error: unknown command 'bogus'\nusage: habits log <command> [options]\nhint: see `habits log --help`\n"],
      [['bogus'], "error: unknown command 'bogus'\nusage: habits <command> [options]\nhint: see `habits --help`\n"],
    ];
    for (const [argv, stderr] of cases) {
      expect(await fx.cli(argv), argv.join(' ')).toMatchObject({ code: 2, stdout: '', stderr, requests: [] });
    }
  });

  it('--help heads with the same usage line as the errors', async () => {
    for (const [argv, line] of [[['log', 'done'], 'habits log done <habit...> [options]'], [['log'], 'habits log <command> [options]'], [[], 'habits <command> [options]'], [['habit', 'add'], 'habits habit add [name] [options]']] as const) {
      const r = await fx.cli([...argv, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n')[0], argv.join(' ')).toBe(`Usage: ${line}`);
    }
  });

  it('with --json the usage line is a field of the error', async () => {
    const r = await fx.cli(['--json', 'log', 'done', '--bogus']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toEqual({
      error: { code: 'usage', message: "unknown option '--bogus'", status: null, usage: 'habits log done <habit...> [options]', hint: 'see `habits log done --help`' },
    });
  });
});

describe('--color auto|always|never', () => {
  it('is the global colour flag anywhere; any other value stays the hex colour of habit and area', () => {
    expect(normalizeColorFlag(['journal', '--color', 'always'])).toEqual(['journal', '--color-when=always']);
    expect(normalizeColorFlag(['--color=never', 'habit', 'ls'])).toEqual(['--color-when=never', 'habit', 'ls']);
    expect(normalizeColorFlag(['habit', 'add', 'Walk', '--color', '2ecc71'])).toEqual(['habit', 'add', 'Walk', '--color', '2ecc71']);
    expect(normalizeColorFlag(['log', 'done', '--', '--color', 'auto'])).toEqual(['log', 'done', '--', '--color', 'auto']);
  });

  it('through the CLI: never removes colour from a terminal, always forces it, and habit add keeps its hex', async () => {
    const tty = { tty: { stdout: true }, columns: 100 } as const;
    expect((await fx.cli(['journal'], tty)).stdout).toContain('\u001b[');
    expect((await fx.cli(['journal', '--color', 'never'], tty)).stdout).not.toContain('\u001b[');
    expect((await fx.cli(['--color=always', 'journal'], { ...tty, env: { NO_COLOR: '1' } })).stdout).toContain('\u001b[');
    const added = await fx.cli(['habit', 'add', 'Swim', '--color', '2ecc71', '--json']);
    expect((JSON.parse(added.stdout) as Habit).colorHex).toBe('#2ECC71');
  });
});

describe('id: takes the start of an id, as habit ls shows it (issue 22)', () => {
  it('habit show -<8 chars> hints id:<8 chars>, which then shows the habit; a start two ids share is ambiguous', async () => {
    const ls = await fx.cli(['habit', 'ls']);
    expect(ls.code).toBe(0);
    const short = walk.id.slice(0, 8);
    const r = await fx.cli(['habit', 'show', short]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`hint: write an id that begins with "-" as id:${short} `);
    const shown = await fx.cli(['habit', 'show', `id:${short}`, '--json']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: walk.id, name: 'Walk' });
    // Marks too, with no lookup beyond the cache.
    const done = await fx.cli(['log', 'done', `id:${short}`]);
    expect(done).toMatchObject({ code: 0, stderr: 'Marked "Walk" completed for 2026-11-22\n' });
    expect(done.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`POST /habits/${walk.id}/logs/complete`]);
    // The start every id shares (`-`) names no single habit.
    await addHabit(fx.svc, { name: 'Run' });
    await fx.cli(['habit', 'ls']);
    const both = await fx.cli(['habit', 'show', 'id:-']);
    expect(both).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: "id:-" is the start of 2 habit ids\n/) });
  });
});
