// The fish script of `habits completion fish` (src/completion/fish.ts): its complete line, and
// `complete -C` in real fish (see helpers/tools.ts), the real completer behind it
// (helpers/completion.ts).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/program.js';
import { useScript } from '../helpers/cli.js';
import { fakeComplete } from '../helpers/completion.js';
import { withTools } from '../helpers/tools.js';

const TOP = NOUNS.filter((n) => !n.hidden).map((n) => n.name);

/** The script, written once for the file's tests. */
const script = useScript('fish', 'habits.fish');

const FAKE = `function habits; if test "$argv[1]" = __complete; ${fakeComplete({ habits: ['Drink water', 'Drink tea', 'Walk'] })} $argv; end; end`;

describe('fish script', () => {
  it('has one complete line, which asks habits __complete', async () => {
    expect(script.text).toContain("complete -c habits -f -a '(__habits_complete)'\n");
    expect(script.text).toContain('habits __complete -- $tokens[2..-1] $word');
  });

  withTools('fish').it('fish -n accepts it, and `complete -C` gives the real lists, names and aliases', async () => {
    execFileSync('fish', ['-n', script.file]);
    const fake = FAKE;
    const run = (line: string) => execFileSync('fish', ['--no-config', '-c', `${fake}; source ${script.file}; complete -C '${line}'`], { encoding: 'utf8' })
      .split('\n').filter(Boolean).map((l) => l.split('\t')[0]);
    expect(run('habits ').sort()).toEqual([...TOP].sort());
    expect(run('habits habit rm --y')).toEqual(['--yes']);
    expect(run('habits habit add Nap --go')).toEqual(['--goal']);
    expect(run('habits log done Walk W')).toEqual(['Walk']);
    expect(run('habits log done Drink')).toEqual(['Drink tea', 'Drink water']);
    expect(run('habits note list Wa')).toEqual(['Walk']);
    expect(run('habits log add Walk 3 --unit k')).toEqual(expect.arrayContaining(['kM', 'kg', 'kJ', 'kCal']));
    expect(run('habits lo')).toEqual(['log']);
    expect(run('habits help ').sort()).toEqual([...TOP, 'exit-codes', 'environment', 'formatting'].sort());
    expect(run('habits help log ').sort()).toEqual(['add', 'done', 'fail', 'help', 'list', 'ls', 'rm', 'set', 'skip', 'undo']);
    expect(run('habits log help f')).toEqual(['fail']);
    expect(run('habits habit rm --h')).toEqual(['--help']);
  });

  withTools('fish').it('--json completes the fields of the command, one name of a comma-separated list at a time', async () => {
    const fake = FAKE;
    // In the order fish shows them: sorted.
    const run = (line: string) => execFileSync('fish', ['--no-config', '-c', `${fake}; source ${script.file}; complete -C '${line}'`], { encoding: 'utf8' })
      .split('\n').filter(Boolean).map((l) => l.split('\t')[0]);
    expect(run('habits journal --json ')).toEqual(['colorHex', 'currentStreak', 'icon', 'id', 'logInfo', 'name', 'progress', 'status', 'timeOfDayIds', 'type']);
    expect(run('habits journal --json st')).toEqual(['status']);
    // Names already listed are not offered again; the list so far stays in the word.
    expect(run('habits journal --json name,st')).toEqual(['name,status']);
    expect(run('habits habit ls --json name,type,i')).toEqual(['name,type,icon', 'name,type,id', 'name,type,isArchived']);
    // Fields match case-sensitively, as habits checks them.
    expect(run('habits journal --json NA')).toEqual([]);
    // --json=: whole words, the flag in front.
    expect(run('habits area ls --json=na')).toEqual(['--json=name']);
    expect(run('habits area ls --json=name,c')).toEqual(['--json=name,colorHex', '--json=name,createdAt']);
    // The fields of the shape a flag selects are offered too: --dry-run's plan.
    expect(run('habits habit rm Walk --dry-run --json m')).toEqual(['message', 'method']);
    // The value may be left out: a name the command takes completes after a bare --json as well,
    // but not after a comma.
    expect(run('habits log done --json Dr')).toEqual(['Drink tea', 'Drink water']);
    expect(run('habits log done --json re')).toEqual(['ref', 'result']);
    expect(run('habits log done --json ')).toEqual(['already', 'date', 'Drink tea', 'Drink water', 'error', 'habit', 'left', 'ok', 'ref', 'result', 'Walk', 'warnings']);
    expect(run('habits log done --json ok,Wa')).toEqual([]);
    // Before the command there are no fields yet, and the command completes.
    expect(run('habits --json jou')).toEqual(['journal']);
    // `help` after --json is its value, not the help command: the commands complete, not help's topics.
    expect(run('habits --json help ex')).toEqual(['export']);
    // A value of --json typed before is skipped, as habits skips it; a name after it is an argument.
    expect(run('habits --json name,status journal --da')).toEqual(['--date']);
    expect(run('habits log done --json ok --date y')).toEqual(['yesterday']);
    expect(run('habits log add --json Walk 3 --unit k')).toEqual(['kCal', 'kg', 'kJ', 'kM']);
    expect(run('habits log add --json message Walk ')).toEqual([]);
    // After `--`, --json is an argument.
    expect(run('habits log done -- --json ')).toEqual(['Drink tea', 'Drink water', 'Walk']);
  });
});
