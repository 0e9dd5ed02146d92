// The zsh script of `habits completion zsh` (src/completion/zsh.ts): its form, and its lookups run in
// real zsh (see helpers/tools.ts).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/program.js';
import { useScript } from '../helpers/cli.js';
import { withTools } from '../helpers/tools.js';

const TOP = NOUNS.filter((n) => !n.hidden).map((n) => n.name);

/** The script, written once for the file's tests. */
const script = useScript('zsh', '_habits');

describe('zsh script', () => {
  it('is an autoloadable #compdef file that matches names ignoring case', async () => {
    expect(script.text.startsWith('#compdef habits\n')).toBe(true);
    expect(script.text).toMatch(/\n_habits\(\) \{\n/);
    expect(script.text).toContain("compadd -M 'm:{a-zA-Z}={A-Za-z}' -a names");
    expect(script.text).toContain("('log') reply=('done:mark habits completed");
  });

  withTools('zsh').it('zsh -n accepts it; its lookups give the real lists, aliases resolved', async () => {
    execFileSync('zsh', ['-n', script.file]);
    const zsh = (code: string) =>
      execFileSync('zsh', ['-f', '-c', `compdef() { :; }; source "$1"; ${code}`, 'zsh', script.file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(zsh(`__habits_subcommands ''; print -l -- \${reply%%:*}`)).toEqual(TOP);
    expect(zsh(`__habits_options 'habit rm'; print -l -- \${reply%%:*}`)).toEqual(['-y', '--yes', '--dry-run']);
    // --help is offered once, with the global flags, not again at every level.
    expect(zsh(`__habits_options ''; print -l -- \${reply%%:*}`).filter((o) => o === '--help' || o === '-h')).toEqual(['-h', '--help']);
    expect(zsh(`__habits_subcommand note list; print -r -- $REPLY`)).toEqual(['ls']);
    expect(zsh(`__habits_subcommand note walk; print -r -- "[$REPLY]"`)).toEqual(['[]']);
  });
});
