// The three output modes and colour, decided in one place, seen through a real command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Output } from '../../src/output/output.js';
import { bufferIO, runCli, tempHome } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';
import { addHabit, cliEnv, mark } from '../helpers/service.js';

let svc: LocalService;
const home = tempHome();
const ESC = '\u001b[';

beforeAll(async () => {
  svc = await startLocalService();
  const walk = await addHabit(svc, { name: 'Walk' });
  await mark(svc, walk.id, 'complete', '2026-11-22');
  await addHabit(svc, { name: 'Read' });
});
afterAll(async () => {
  await svc.close();
  home.cleanup();
});

const journal = (extra: Record<string, string> = {}, opts: { tty?: boolean; args?: string[] } = {}) =>
  runCli(['journal', ...(opts.args ?? [])], { env: cliEnv(svc, home.env, extra), tty: opts.tty ? { stdout: true, stderr: true } : {}, columns: 100 });

describe('output modes', () => {
  it('piped: tab-separated rows, no colour, no box drawing', async () => {
    const r = await journal({ FORCE_COLOR: '0' });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).not.toMatch(/[─│┌└]/);
    expect(r.stdout.trim().split('\n').map((l) => l.split('\t').slice(1, 3))).toEqual([['Read', 'inprogress'], ['Walk', 'completed']]);
  });

  it('a terminal gets a table with colour', async () => {
    const r = await journal({}, { tty: true });
    expect(r.stdout).toContain('HABIT');
    expect(r.stdout).toContain('✓ done');
    expect(r.stdout).toContain(ESC);
  });

  it.each([
    ['NO_COLOR', { NO_COLOR: '1' }, []],
    ['TERM=dumb', { TERM: 'dumb' }, []],
    ['CLICOLOR=0', { CLICOLOR: '0' }, []],
    ['--no-color', {}, ['--no-color']],
  ])('%s turns colour off on a terminal, keeping words and symbols', async (_name, env, args) => {
    const r = await journal(env as Record<string, string>, { tty: true, args: args as string[] });
    expect(r.stdout).toContain('✓ done');
    expect(r.stdout).not.toContain(ESC);
  });

  it('FORCE_COLOR beats TERM=dumb on a terminal, but never colours piped data', async () => {
    const tty = await runCli(['habit', 'show', 'Walk'], { env: cliEnv(svc, home.env, { FORCE_COLOR: '1', TERM: 'dumb' }), tty: { stdout: true } });
    expect(tty.stdout).toContain(ESC);
    for (const args of [['habit', 'show', 'Walk'], ['habit', 'stats', 'Walk'], ['journal']]) {
      const piped = await runCli(args, { env: cliEnv(svc, home.env, { FORCE_COLOR: '3' }) });
      expect(piped.code).toBe(0);
      expect(piped.stdout, args.join(' ')).not.toContain(ESC);
    }
  });

  it('CLICOLOR_FORCE beats TERM=dumb and CLICOLOR=0 on a terminal, but never colours piped data', async () => {
    const tty = await journal({ CLICOLOR_FORCE: '1', CLICOLOR: '0', TERM: 'dumb' }, { tty: true });
    expect(tty.stdout).toContain(ESC);
    const piped = await journal({ CLICOLOR_FORCE: '1' });
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toContain(ESC);
  });

  it('--json prints one document on stdout, whatever the terminal', async () => {
    const r = await journal({ FORCE_COLOR: '1' }, { tty: true, args: ['--json'] });
    expect(r.stdout).not.toContain(ESC);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(2);
  });
});

describe('where confirmations go', () => {
  const logDone = (args: string[], tty: boolean) =>
    runCli(['log', 'done', 'Read', '--date', '2026-11-20', ...args], { env: cliEnv(svc, home.env, { NO_COLOR: '1' }), tty: tty ? { stdout: true } : {} });

  it('to stderr when stdout is piped, to stdout on a terminal, nowhere with -q', async () => {
    const piped = await logDone([], false);
    expect(piped).toMatchObject({ code: 0, stdout: '', stderr: 'Marked "Read" completed for 2026-11-20\n' });
    const tty = await logDone([], true);
    expect(tty).toMatchObject({ code: 0, stdout: '"Read" was already completed for 2026-11-20\n', stderr: '' });
    const quiet = await logDone(['-q'], false);
    expect(quiet).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
});

describe('control characters on the way out', () => {
  const output = (mode: { json?: boolean; tty?: boolean } = {}) => {
    const b = bufferIO({ tty: { stdout: !!mode.tty } });
    return { ...b, out: new Output(b.io, { json: !!mode.json, quiet: false, colorLevel: mode.tty ? 1 : 0, errColorLevel: 0 }) };
  };

  it('a confirmation or an item is one line: every control character escaped', () => {
    const o = output();
    o.out.info('Deleted "New\nline\u001b[2J"');
    o.out.item('error: "Bell\u0007": gone', true);
    expect(o.stderr()).toBe('Deleted "New\\nline\\x1b[2J"\nerror: "Bell\\x07": gone\n');
  });

  it('text of several lines keeps its line breaks, tabs and our colours, and nothing else', () => {
    const o = output({ tty: true });
    o.out.print(`${o.out.c.bold('Walk')}\n\tx\u001b[2J\u009b2J\r`);
    o.out.warn('one\ntwo\u001b]0;title\u0007');
    expect(o.stdout()).toBe('\u001b[1mWalk\u001b[22m\n\tx\\x1b[2J\\x9b2J\\r\n');
    expect(o.stderr()).toBe('one\ntwo\\x1b]0;title\\x07\n');
  });

  it('--json: the same data, with DEL, C1 and U+2028 written as \\u escapes too', () => {
    const o = output({ json: true });
    const data = { name: 'a\u001b[2J\u007f\u009b\u2028\n' };
    o.out.printJson(data);
    expect(o.stdout()).toBe('{\n  "name": "a\\u001b[2J\\u007f\\u009b\\u2028\\n"\n}\n');
    expect(JSON.parse(o.stdout())).toEqual(data);
  });
});
