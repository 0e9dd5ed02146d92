// The command line as program.ts reads it: options written after `--` are refused before anything
// runs, with the command line that works; ids that begin with "-" work as id:<id>.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Habit, Note } from '../src/api/types.js';
import { addHabit, addNote, notesOf, useService, writes } from './helpers/service.js';
import { normalizeColorFlag } from '../src/program.js';

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
