// man/habits.1, which scripts/build.mjs writes from the built command tree (src/man/): every command
// and exit code is on the page, its text is escaped for roff, and groff renders it without a warning.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT } from '../../src/config/environment.js';
import { EXIT_CODE_TABLE } from '../../src/errors.js';
import { roffText } from '../../src/man/roff.js';
import { buildProgram, loadEveryNoun } from '../../src/program.js';
import { bufferIO, ROOT } from '../helpers/cli.js';
import { withTools } from '../helpers/tools.js';

const PAGE = join(ROOT, 'man', 'habits.1');

/** The word paths of every visible command without subcommands, walked from commander itself. */
async function leafPaths(): Promise<string[]> {
  const program = buildProgram({ run: async () => {} }, bufferIO().io);
  await loadEveryNoun(program);
  const out: string[] = [];
  const walk = (cmd: Command, path: string[]) => {
    const subs = cmd.createHelp().visibleCommands(cmd);
    if (subs.length === 0) out.push(path.join(' '));
    for (const sub of subs) walk(sub, [...path, sub.name()]);
  };
  walk(program, ['habits']);
  return out;
}

describe('man/habits.1', () => {
  const page = () => readFileSync(PAGE, 'utf8');

  it('is a section 1 page with the sections a man page has', () => {
    expect(page().startsWith('.TH HABITS 1 ')).toBe(true);
    const sections = page().match(/^\.SH .*$/gm);
    expect(sections).toEqual(['.SH NAME', '.SH SYNOPSIS', '.SH DESCRIPTION', '.SH "GLOBAL OPTIONS"', '.SH COMMANDS', '.SH ENVIRONMENT', '.SH "EXIT STATUS"', '.SH FILES', '.SH "SEE ALSO"']);
  });

  it('has every leaf command, with its usage line and options', async () => {
    const leaves = await leafPaths();
    expect(leaves).toContain('habits log done');
    const headings = new Set(page().match(/^\.SS .*$/gm));
    for (const path of leaves) expect(headings, path).toContain(`.SS "${roffText(path)}"`);
    // The usage line of --help and of usage errors: arguments, then [options].
    expect(page()).toContain('.SS "habits log done"\n.B habits log done\n.I "<habit...> [options]"\n');
    expect(page()).toContain('.TP\n.B "\\-\\-strict"\n');
  });

  it('has every exit code and environment variable', () => {
    const status = page().split('.SH "EXIT STATUS"\n')[1]!.split('.SH ')[0]!;
    expect(status.match(/^\.B \d+$/gm)).toEqual(EXIT_CODE_TABLE.map(([code]) => `.B ${code}`));
    for (const [name] of ENVIRONMENT) expect(page()).toContain(`.B "${roffText(name)}"`);
  });

  it('is ASCII, with no line a roff request by accident', () => {
    expect(page()).toMatch(/^[\x00-\x7f]*$/);
    const known = /^\.(TH|SH|SS|TP|PP|B|I|br)( |$)/;
    for (const line of page().split('\n')) if (/^[.']/.test(line)) expect(line).toMatch(known);
  });

  withTools('groff').it('renders with groff -man without a warning', () => {
    const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', PAGE], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const text = execFileSync('groff', ['-man', '-Tascii', '-P-cbou', PAGE], { encoding: 'utf8' });
    expect(text).toContain('habits log done <habit...> [options]');
    expect(text).toContain('--no-queue');
  });
});

describe('roffText', () => {
  it('escapes what roff would read as a request, an escape, a minus or a macro quote', () => {
    expect(roffText('.hidden')).toBe('\\&.hidden');
    expect(roffText("'quote")).toBe("\\&'quote");
    expect(roffText('a.b')).toBe('a.b');
    expect(roffText('C:\\dir')).toBe('C:\\edir');
    expect(roffText('--date -1')).toBe('\\-\\-date \\-1');
    expect(roffText('say "hi"')).toBe('say \\(dqhi\\(dq');
    expect(roffText('a …')).toBe('a \\[u2026]');
  });
});
