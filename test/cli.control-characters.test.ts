// Names with control characters (a line break, a tab, escape sequences, DEL, C1, U+2028, a bidi
// override, a zero-width space) as another server may send them: every output shows them escaped
// (`New\nline`, `\x1b[2J`, `\u202e`), never raw, in
// tables, details, pipes, errors, confirmations and completion; --json keeps the data exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Habit } from '../src/api/types.js';
import { runCli, useHome, type RunOptions } from './helpers/cli.js';
import { startUnsafeNamesServer, UNSAFE_NAMES, type TestServer } from './helpers/mock-agent.js';

let server: TestServer;
beforeAll(async () => {
  server = await startUnsafeNamesServer();
});
afterAll(() => server.close());

const home = useHome();
const run = (args: string[], opts: RunOptions = {}) =>
  runCli(args, { ...opts, env: { ...home.home.env, HABITS_BASE_URL: `${server.url}/v2`, HABITS_API_KEY: 'k', ...opts.env } });
const tty: RunOptions = { tty: { stdout: true }, columns: 120, env: { NO_COLOR: '1' } };

/** Control characters other than the line breaks (and, in a pipe, the tabs) of the layout itself. */
const INVISIBLE = '\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff';
const RAW = new RegExp(`[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029${INVISIBLE}]`);
const RAW_TTY = new RegExp(`[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029${INVISIBLE}]`);
const SHOWN = UNSAFE_NAMES.map((n) => n.shown);

describe('names with control characters from a server', () => {
  it('habit ls: one row per habit, each name escaped, on a terminal and in a pipe', async () => {
    const t = await run(['habit', 'ls'], tty);
    expect(t.code).toBe(0);
    expect(t.stdout).not.toMatch(RAW_TTY);
    const rows = t.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(1 + UNSAFE_NAMES.length);
    expect(rows.slice(1).map((r) => r.split(/\s{2,}/)[0])).toEqual(SHOWN);

    const p = await run(['habit', 'ls']);
    expect(p.stdout).not.toMatch(RAW);
    const lines = p.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(UNSAFE_NAMES.length);
    expect(lines.map((l) => l.split('\t')[1])).toEqual(SHOWN);
  });

  it('journal: one row per habit, names escaped, on a terminal and in a pipe', async () => {
    const t = await run(['journal', '--date', '2026-11-22'], tty);
    expect(t.code).toBe(0);
    expect(t.stdout).not.toMatch(RAW_TTY);
    const rows = t.stdout.trimEnd().split('\n');
    // A summary line, a blank line and a header above the rows.
    for (const shown of SHOWN) expect(rows.filter((r) => r.startsWith(`${shown}  `))).toHaveLength(1);
    const p = await run(['journal', '--date', '2026-11-22']);
    expect(p.stdout).not.toMatch(RAW);
    expect(p.stdout.trimEnd().split('\n').map((l) => l.split('\t')[1]).sort()).toEqual([...SHOWN].sort());
  });

  it('habit show: the name, a description of two lines and an area, escaped', async () => {
    const t = await run(['habit', 'show', 'id:h2'], tty);
    expect(t.code).toBe(0);
    expect(t.stdout).not.toMatch(RAW_TTY);
    const lines = t.stdout.split('\n');
    expect(lines[0]).toBe('Clear\\x1b[2J\\x1b[Hme');
    expect(lines[1]).toBe('  Type         good (a habit to build)');
    expect(lines[2]).toBe('  Description  Line one');
    expect(lines[3]).toBe('               Line \\x1b]0;pwned\\x07two');
    expect(t.stdout).toContain('  Areas        Area\\x1b[31mred\n');

    // In colour too: our own colour codes stay, nothing of the name's escape sequences does.
    const coloured = await run(['habit', 'show', 'id:h2'], { ...tty, env: { FORCE_COLOR: '1' } });
    expect(coloured.stdout).toMatch(/\u001b\[1m/);
    expect(coloured.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toBe(t.stdout);

    const p = await run(['habit', 'show', 'id:h2']);
    expect(p.stdout).not.toMatch(RAW);
    expect(p.stdout).toContain('name\tClear\\x1b[2J\\x1b[Hme\n');
    expect(p.stdout).toContain('description\tLine one\\nLine \\x1b]0;pwned\\x07two\n');
  });

  it('area ls escapes the name on a terminal and in a pipe', async () => {
    const t = await run(['area', 'ls'], tty);
    expect(t.stdout).not.toMatch(RAW_TTY);
    expect(t.stdout).toContain('Area\\x1b[31mred');
    const p = await run(['area', 'ls']);
    expect(p.stdout).toBe('Area\\x1b[31mred\t\t#112233\ta1\n');
  });

  it('confirmations are one line, the name escaped', async () => {
    const r = await run(['habit', 'archive', 'new']);
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'Archived "New\\nline". Its data is kept; see it with `habits habit ls --archived`.\n' });
    const done = await run(['log', 'done', 'bel', '--date', '2026-11-22']);
    expect(done.code).toBe(0);
    expect(done.stderr).toContain('"Bell\\x07"');
    expect(done.stderr).not.toMatch(RAW);
    expect(done.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it("a log verb's refusal names the habit escaped, on one line", async () => {
    const r = await run(['log', 'done', 'new', '--date', '2026-10-01']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('error: "New\\nline" starts on 2026-11-01, so a log for 2026-10-01 would never count');
  });

  it('errors: suggested names and the server message escaped, on one line', async () => {
    const r = await run(['habit', 'show', 'Bel1']);
    expect(r).toEqual({ code: 3, stdout: '', stderr: 'error: no habit matches "Bel1"\nhint: did you mean "Bell\\x07", "Del\\x7f"?\n' });
    const s = await run(['habit', 'show', 'id:nope']);
    expect(s).toEqual({ code: 3, stdout: '', stderr: 'error: not found: nothing \\x1b[2Jhere (GET /habits/nope)\n' });
    const ambiguous = await run(['habit', 'show', 'c']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toBe('error: "c" matches 2 habits\nhint: candidates: "Clear\\x1b[2J\\x1b[Hme" (id:h2), "Csi\\x9b2J" (id:h3); name one by its id, e.g. id:h2\n');
  });

  it('--json keeps the data exact, with C1 and U+2028 written as \\u escapes', async () => {
    const r = await run(['habit', 'ls', '--json']);
    expect((JSON.parse(r.stdout) as Habit[]).map((h) => h.name)).toEqual(UNSAFE_NAMES.map((n) => n.name));
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stdout).toContain('"Csi\\u009b2J"');
    expect(r.stdout).toContain('"Line\\u2028sep"');
    expect(r.stdout).toContain('"Virus\\u202etxt.exe"');
  });

  it('shell completion lists each name escaped, one per line; the escaped form resolves', async () => {
    const r = await run(['__complete', 'habits']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stdout.trimEnd().split('\n').sort()).toEqual([...SHOWN].sort());
    // What completion (or a table) showed is a reference that works.
    const shown = await run(['habit', 'show', 'New\\nline', '--json']);
    expect(shown.code).toBe(0);
    expect((JSON.parse(shown.stdout) as Habit).id).toBe('h6');
  });
});
