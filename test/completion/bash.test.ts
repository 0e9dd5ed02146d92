// The bash script of `habits completion bash` (src/completion/bash.ts), run in real bash with the
// real completer behind it (helpers/completion.ts): commands, flags, aliases, and names quoted for
// where they go. test/completion/shells.test.ts drives the scripts interactively.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/program.js';
import { useScript } from '../helpers/cli.js';
import { fakeComplete } from '../helpers/completion.js';

const TOP = NOUNS.filter((n) => !n.hidden).map((n) => n.name);

/** The script, written once for the file's tests. */
const script = useScript('bash', 'habits.bash');

const FAKE_NAMES = `habits() { if [[ $1 == __complete ]]; then ${fakeComplete({ habits: ['Drink water', 'Drink tea', 'Walk', "Mum's call", 'Work:Lunch', 'Work:Dinner'] })} "$@"; fi; }`;

/** Runs the bash completion function for COMP_WORDS `words` (the last is completed); returns COMPREPLY. */
function bashComplete(script: string, words: string[], names = FAKE_NAMES): string[] {
  const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const program = `${names}\nsource "$1"\nCOMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}\n_habits\nprintf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = execFileSync('bash', ['-c', program, 'bash', script], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

describe('bash script', () => {
  it('bash -n accepts it; commands, nested flags and aliases complete to the real lists', async () => {
    execFileSync('bash', ['-n', script.file]);
    expect(bashComplete(script.file, ['habits', ''])).toEqual(TOP);
    expect(bashComplete(script.file, ['habits', 'lo'])).toEqual(['log']);
    expect(bashComplete(script.file, ['habits', 'che'])).toEqual(['check']);
    expect(bashComplete(script.file, ['habits', 'check', '--da'])).toEqual(['--date']);
    expect(bashComplete(script.file, ['habits', '__'])).toEqual([]);
    expect(bashComplete(script.file, ['habits', 'log', ''])).toEqual(['done', 'fail', 'skip', 'undo', 'add', 'set', 'ls', 'list', 'rm', 'help']);
    expect(bashComplete(script.file, ['habits', 'habit', 'rm', '--y'])).toEqual(['--yes']);
    expect(bashComplete(script.file, ['habits', 'habit', 'add', 'x', '--go'])).toEqual(['--goal']);
    expect(bashComplete(script.file, ['habits', 'log', 'done', '--js'])).toEqual(['--json']);
    // An alias selects its command: its flags and arguments complete as the command's.
    expect(bashComplete(script.file, ['habits', 'note', 'li'])).toEqual(['list']);
    expect(bashComplete(script.file, ['habits', 'note', 'list', 'Wa'])).toEqual(['Walk']);
    expect(bashComplete(script.file, ['habits', 'habit', 'delete', '--y'])).toEqual(['--yes']);
    expect(bashComplete(script.file, ['habits', 'completion', ''])).toEqual(['bash', 'zsh', 'fish', 'powershell', 'pwsh']);
  });

  it('names match ignoring case and come quoted for where they go', async () => {
    expect(bashComplete(script.file, ['habits', 'log', 'done', 'dr'])).toEqual(['Drink\\ water', 'Drink\\ tea']);
    expect(bashComplete(script.file, ['habits', 'log', 'done', 'Walk', 'Drink\\ t'])).toEqual(['Drink\\ tea']);
    expect(bashComplete(script.file, ['habits', 'log', 'done', 'mum'])).toEqual(["Mum\\'s\\ call"]);
    // Inside an open quote readline adds the closing one; only that quote needs escaping.
    expect(bashComplete(script.file, ['habits', 'log', 'done', '"Drink w'])).toEqual(['Drink water']);
    expect(bashComplete(script.file, ['habits', 'log', 'done', "'Mum"])).toEqual(["Mum'\\''s call"]);
    expect(bashComplete(script.file, ['habits', 'log', 'add', 'Walk', ''])).toEqual([]);
    expect(bashComplete(script.file, ['habits', 'log', 'done', '--', '-'])).toEqual([]);
  });

  it('a name with ":" completes against the whole word, cut to what readline replaces', async () => {
    // COMP_WORDBREAKS splits Work:Lu into three words; readline replaces only the last.
    expect(bashComplete(script.file, ['habits', 'log', 'done', 'Work', ':', 'Lu'])).toEqual(['Lunch']);
    expect(bashComplete(script.file, ['habits', 'log', 'done', 'work', ':'])).toEqual(['Lunch', 'Dinner']);
    expect(bashComplete(script.file, ['habits', 'log', 'done', 'Wo'])).toEqual(['Work:Lunch', 'Work:Dinner']);
    // Inside quotes the word is not split.
    expect(bashComplete(script.file, ['habits', 'log', 'done', '"Work:L'])).toEqual(['Work:Lunch']);
  });

  it('flag values: fixed lists, dates after "=", and names', async () => {
    expect(bashComplete(script.file, ['habits', 'log', 'add', 'Walk', '3', '--unit', 'KM'])).toEqual(['kM']);
    expect(bashComplete(script.file, ['habits', 'log', 'add', 'Walk', '3', '--unit', 'fl'])).toEqual(['floor', 'fl\\ oz']);
    expect(bashComplete(script.file, ['habits', '--json', 'log', 'done', '--date', 'y'])).toEqual(['yesterday']);
    expect(bashComplete(script.file, ['habits', 'log', 'done', '--date', '=', 'y'])).toEqual(['yesterday']);
    expect(bashComplete(script.file, ['habits', 'note', 'add', 'Walk', '--mood', 'very'])).toEqual(['veryLow', 'veryHigh']);
    expect(bashComplete(script.file, ['habits', 'habit', 'add', 'Nap', '--time-of-day', ''])).toEqual(['morning', 'afternoon', 'evening']);
    expect(bashComplete(script.file, ['habits', 'habit', 'edit', 'Nap', '--time-of-day', 'AF'])).toEqual(['afternoon']);
    const areas = `habits() { [[ $1 == __complete ]] && ${fakeComplete({ habits: [], areas: ['Health', 'Home'] })} "$@"; }`;
    expect(bashComplete(script.file, ['habits', 'habit', 'ls', '--area', 'H'], areas)).toEqual(['Health', 'Home']);
    expect(bashComplete(script.file, ['habits', 'area', 'show', 'He'], areas)).toEqual(['Health']);
  });

  it('`habits help` completes commands, then their subcommands, and its topics', async () => {
    expect(bashComplete(script.file, ['habits', 'help', ''])).toEqual([...TOP, 'exit-codes', 'environment', 'formatting']);
    expect(bashComplete(script.file, ['habits', 'help', 'e'])).toEqual(['export', 'exit-codes', 'environment']);
    expect(bashComplete(script.file, ['habits', 'help', 'log', 'd'])).toEqual(['done']);
    expect(bashComplete(script.file, ['habits', 'help', 'note', 'list', ''])).toEqual([]);
    expect(bashComplete(script.file, ['habits', 'log', 'help', 'f'])).toEqual(['fail']);
  });

  it('--json completes the fields of the command, one name of a comma-separated list at a time', async () => {
    expect(bashComplete(script.file, ['habits', 'journal', '--json', ''])).toEqual(['id', 'name', 'status', 'colorHex', 'icon', 'timeOfDayIds', 'type', 'currentStreak', 'progress', 'logInfo']);
    expect(bashComplete(script.file, ['habits', 'journal', '--json', 'st'])).toEqual(['status']);
    // Names already listed are not offered again; the list so far stays in the word.
    expect(bashComplete(script.file, ['habits', 'journal', '--json', 'name,st'])).toEqual(['name,status']);
    expect(bashComplete(script.file, ['habits', 'habit', 'ls', '--json', 'name,type,i'])).toEqual(['name,type,id', 'name,type,icon', 'name,type,isArchived']);
    // --json=: bash splits the word at "=", and readline replaces what follows it.
    expect(bashComplete(script.file, ['habits', 'area', 'ls', '--json', '=', 'na'])).toEqual(['name']);
    expect(bashComplete(script.file, ['habits', 'area', 'ls', '--json', '=', 'name,c'])).toEqual(['name,colorHex', 'name,createdAt']);
    // The fields of the shape a flag selects are offered too: --dry-run's plan.
    expect(bashComplete(script.file, ['habits', 'habit', 'rm', 'Walk', '--dry-run', '--json', 'm'])).toEqual(['message', 'method']);
    // The value may be left out: a name the command takes completes after a bare --json as well.
    expect(bashComplete(script.file, ['habits', 'log', 'done', '--json', 'Dr'])).toEqual(['Drink\\ water', 'Drink\\ tea']);
    expect(bashComplete(script.file, ['habits', 'log', 'done', '--json', 're'])).toEqual(['ref', 'result']);
    // Before the command there are no fields yet, and the command completes.
    expect(bashComplete(script.file, ['habits', '--json', 'jou'])).toEqual(['journal']);
    // `help` after --json is its value, not the help command: the commands complete, not help's topics.
    expect(bashComplete(script.file, ['habits', '--json', 'help', 'ex'])).toEqual(['export']);
    // A value of --json typed before is skipped, as habits skips it; a name after it is an argument.
    expect(bashComplete(script.file, ['habits', '--json', 'name,status', 'journal', '--da'])).toEqual(['--date']);
    expect(bashComplete(script.file, ['habits', 'log', 'done', '--json', 'ok', '--date', 'y'])).toEqual(['yesterday']);
    expect(bashComplete(script.file, ['habits', 'log', 'add', '--json', 'Walk', '3', '--unit', 'k'])).toEqual(['kM', 'kg', 'kJ', 'kCal']);
    expect(bashComplete(script.file, ['habits', 'log', 'add', '--json', 'message', 'Walk', ''])).toEqual([]);
  });

  it('offers --help once, with the global flags', async () => {
    const offered = bashComplete(script.file, ['habits', 'log', 'done', '-']);
    expect(offered.filter((o) => o === '--help')).toEqual(['--help']);
    expect(offered).toEqual(expect.arrayContaining(['--date', '--json', '-h']));
    expect(bashComplete(script.file, ['habits', 'habit', 'rm', '--h'])).toEqual(['--help']);
  });
});
