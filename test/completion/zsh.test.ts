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
    // --json: the fields of each command, and which word after a bare --json is its value.
    expect(zsh(`__habits_fields journal; print -l -- $reply`)).toEqual(['id', 'name', 'status', 'colorHex', 'icon', 'timeOfDayIds', 'type', 'currentStreak', 'progress', 'logInfo']);
    expect(zsh(`__habits_fields ''; print -r -- "[$reply]"`)).toEqual(['[]']);
    expect(zsh(`__habits_fields_flag --json && print yes; __habits_fields_flag --jq || print no`)).toEqual(['yes', 'no']);
    const value = (word: string) => zsh(`__habits_fields_value ${word} && print yes || print no`)[0];
    // `help` is always the value, as habits reads it (program.ts, normalizeJsonFlag).
    expect(['name,status', 'name,', 'status', 'message', 'help'].map(value)).toEqual(['yes', 'yes', 'yes', 'yes', 'yes']);
    // Any other top-level command is the command, whatever else it reads as (`check` is a field of doctor).
    expect(['journal', 'check', 'Walk', 'Status', 'ok2'].map(value)).toEqual(['no', 'no', 'no', 'no', 'no']);
  });
});
