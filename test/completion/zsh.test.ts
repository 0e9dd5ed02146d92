// The zsh script of `habits completion zsh` (src/completion/zsh.ts): its form, and _habits run in
// real zsh (see helpers/tools.ts) with a stand-in compadd, the real completer behind it
// (helpers/completion.ts). shells.test.ts drives it interactively.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/program.js';
import { useScript } from '../helpers/cli.js';
import { fakeComplete, shQuote } from '../helpers/completion.js';
import { withTools } from '../helpers/tools.js';

const TOP = NOUNS.filter((n) => !n.hidden).map((n) => n.name);

/** The script, written once for the file's tests. */
const script = useScript('zsh', '_habits');

const FAKE = `habits() { [[ $1 == __complete ]] && ${fakeComplete({ habits: ['Drink water', 'Drink tea', 'Walk'] })} "$@"; }`;
/** Records what _habits offers: the values of `compadd -a NAME`, one per line. */
const COMPADD = 'compadd() { local -a out; while (( $# )); do case $1 in (-a) out+=("${(@P)2}"); shift 2 ;; (-[MSdJVX]) shift 2 ;; (*) shift ;; esac; done; print -rl -- $out; }';

describe('zsh script', () => {
  it('is an autoloadable #compdef file that asks habits __complete and matches names ignoring case', async () => {
    expect(script.text.startsWith('#compdef habits\n')).toBe(true);
    expect(script.text).toMatch(/\n_habits\(\) \{\n/);
    expect(script.text).toContain("-M 'm:{a-zA-Z}={A-Za-z}'");
    expect(script.text).toContain('habits __complete -- "${args[@]}"');
  });

  withTools('zsh').it('zsh -n accepts it; it offers what habits __complete prints, aliases resolved', async () => {
    execFileSync('zsh', ['-n', script.file]);
    /** What _habits offers for the words after `habits` (the last one being completed). */
    const zsh = (...typed: string[]) => {
      const words = ['habits', ...typed].map(shQuote).join(' ');
      const code = `${FAKE}; ${COMPADD}; _files() { print FILES; }; words=(${words}); CURRENT=${typed.length + 1}; PREFIX=${shQuote(typed.at(-1)!)}; _habits; true`;
      return execFileSync('zsh', ['-f', '-c', `compdef() { :; }; source "$1"; ${code}`, 'zsh', script.file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    };
    expect(zsh('')).toEqual(TOP);
    expect(zsh('habit', 'rm', '-').slice(0, 3)).toEqual(['-y', '--yes', '--dry-run']);
    // --help is offered once, with the global flags, not again at every level.
    expect(zsh('-').filter((o) => o === '--help' || o === '-h')).toEqual(['-h', '--help']);
    expect(zsh('habit', 'rm', '-').filter((o) => o === '--help' || o === '-h')).toEqual(['-h', '--help']);
    expect(zsh('note', 'li')).toEqual(['list']);
    expect(zsh('note', 'walk', '')).toEqual([]);
    expect(zsh('log', 'done', 'drink t')).toEqual(['Drink tea']);
    expect(zsh('import', '')).toEqual(['FILES']);
    // --json: the fields of each command, and which word after a bare --json is its value.
    expect(zsh('journal', '--json', '')).toEqual(['id', 'name', 'status', 'colorHex', 'icon', 'timeOfDayIds', 'type', 'currentStreak', 'progress', 'logInfo']);
    expect(zsh('--json', '')).toEqual(TOP);
    expect(zsh('journal', '--jq', '')).toEqual([]);
    // A word after a bare --json that habits takes as its value leaves the commands to complete.
    const value = (word: string) => (zsh('--json', word, '').join(' ') === TOP.join(' ') ? 'yes' : 'no');
    // `help` is always the value, as habits reads it (program.ts, normalizeJsonFlag).
    expect(['name,status', 'name,', 'progress', 'message', 'help'].map(value)).toEqual(['yes', 'yes', 'yes', 'yes', 'yes']);
    // Any other top-level command is the command, whatever else it reads as (`check` is a field of doctor, `status` of several).
    expect(['journal', 'check', 'status', 'Walk', 'Status', 'ok2'].map(value)).toEqual(['no', 'no', 'no', 'no', 'no', 'no']);
  });
});
