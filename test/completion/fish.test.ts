// The fish script of `habits completion fish` (src/completion/fish.ts): its complete lines, and
// `complete -C` in real fish (see helpers/tools.ts).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/program.js';
import { useScript } from '../helpers/cli.js';
import { withTools } from '../helpers/tools.js';

const TOP = NOUNS.filter((n) => !n.hidden).map((n) => n.name);

/** The script, written once for the file's tests. */
const script = useScript('fish', 'habits.fish');

describe('fish script', () => {
  it('has well-formed complete lines', async () => {
    expect(script.text).toContain('complete -c habits -f\n');
    expect(script.text).toContain("complete -c habits -n '__habits_in \\'habit add\\'' -l goal -x -d");
    expect(script.text).toContain("complete -c habits -n '__habits_at \\'log done\\' 0 +' -a '(habits __complete habits 2>/dev/null)'");
  });

  withTools('fish').it('fish -n accepts it, and `complete -C` gives the real lists, names and aliases', async () => {
    execFileSync('fish', ['-n', script.file]);
    const fake = `function habits; if test "$argv[1]" = __complete; printf '%s\\n' 'Drink water' 'Drink tea' Walk; end; end`;
    const run = (line: string) => execFileSync('fish', ['--no-config', '-c', `${fake}; source ${script.file}; complete -C '${line}'`], { encoding: 'utf8' })
      .split('\n').filter(Boolean).map((l) => l.split('\t')[0]);
    expect(run('habits ').sort()).toEqual([...TOP].sort());
    expect(run('habits habit rm --y')).toEqual(['--yes']);
    expect(run('habits log done Drink')).toEqual(['Drink tea', 'Drink water']);
    expect(run('habits note list Wa')).toEqual(['Walk']);
    expect(run('habits log add Walk 3 --unit k')).toEqual(expect.arrayContaining(['kM', 'kg', 'kJ', 'kCal']));
    expect(run('habits lo')).toEqual(['log']);
    expect(run('habits help ').sort()).toEqual([...TOP, 'exit-codes', 'environment', 'formatting'].sort());
    expect(run('habits help log ').sort()).toEqual(['add', 'done', 'fail', 'help', 'list', 'ls', 'rm', 'skip', 'undo']);
    expect(run('habits log help f')).toEqual(['fail']);
    expect(run('habits habit rm --h')).toEqual(['--help']);
  });
});
