// `habits completion bash|zsh|fish` and the hidden `habits __complete habits|areas`. The scripts run
// in real bash, zsh and fish (zsh and fish: see helpers/tools.ts); completion-shells.test.ts drives
// them interactively.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/program.js';
import { completionScript as scriptFor, runCli, tempHome } from '../helpers/cli.js';
import { withTools } from '../helpers/tools.js';
import { addArea, addHabit, call, useService } from '../helpers/service.js';

const TOP = NOUNS.filter((n) => !n.hidden).map((n) => n.name);

/** Writes `text` to a temp file; runs `body` with its path, then removes it. */
async function withFile<T>(name: string, text: string, body: (path: string) => T | Promise<T>): Promise<T> {
  const home = tempHome();
  try {
    const path = join(home.home, name);
    writeFileSync(path, text);
    return await body(path);
  } finally {
    home.cleanup();
  }
}

const FAKE_NAMES = `habits() { if [[ $1 == __complete ]]; then printf '%s\\n' 'Drink water' 'Drink tea' 'Walk' "Mum's call" 'Work:Lunch' 'Work:Dinner'; fi; }`;

/** Runs the bash completion function for COMP_WORDS `words` (the last is completed); returns COMPREPLY. */
function bashComplete(script: string, words: string[], names = FAKE_NAMES): string[] {
  const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const program = `${names}\nsource "$1"\nCOMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}\n_habits\nprintf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = execFileSync('bash', ['-c', program, 'bash', script], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

describe('bash script', () => {
  it('bash -n accepts it; commands, nested flags and aliases complete to the real lists', async () => {
    await withFile('habits.bash', await scriptFor('bash'), (file) => {
      execFileSync('bash', ['-n', file]);
      expect(bashComplete(file, ['habits', ''])).toEqual(TOP);
      expect(bashComplete(file, ['habits', 'lo'])).toEqual(['log']);
      expect(bashComplete(file, ['habits', '__'])).toEqual([]);
      expect(bashComplete(file, ['habits', 'log', ''])).toEqual(['done', 'fail', 'skip', 'undo', 'add', 'rm', 'help']);
      expect(bashComplete(file, ['habits', 'habit', 'rm', '--y'])).toEqual(['--yes']);
      expect(bashComplete(file, ['habits', 'habit', 'add', 'x', '--go'])).toEqual(['--goal']);
      expect(bashComplete(file, ['habits', 'log', 'done', '--js'])).toEqual(['--json']);
      // An alias selects its command: its flags and arguments complete as the command's.
      expect(bashComplete(file, ['habits', 'note', 'li'])).toEqual(['list']);
      expect(bashComplete(file, ['habits', 'note', 'list', 'Wa'])).toEqual(['Walk']);
      expect(bashComplete(file, ['habits', 'habit', 'delete', '--y'])).toEqual(['--yes']);
      expect(bashComplete(file, ['habits', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    });
  });

  it('names match ignoring case and come quoted for where they go', async () => {
    await withFile('habits.bash', await scriptFor('bash'), (file) => {
      expect(bashComplete(file, ['habits', 'log', 'done', 'dr'])).toEqual(['Drink\\ water', 'Drink\\ tea']);
      expect(bashComplete(file, ['habits', 'log', 'done', 'Walk', 'Drink\\ t'])).toEqual(['Drink\\ tea']);
      expect(bashComplete(file, ['habits', 'log', 'done', 'mum'])).toEqual(["Mum\\'s\\ call"]);
      // Inside an open quote readline adds the closing one; only that quote needs escaping.
      expect(bashComplete(file, ['habits', 'log', 'done', '"Drink w'])).toEqual(['Drink water']);
      expect(bashComplete(file, ['habits', 'log', 'done', "'Mum"])).toEqual(["Mum'\\''s call"]);
      expect(bashComplete(file, ['habits', 'log', 'add', 'Walk', ''])).toEqual([]);
      expect(bashComplete(file, ['habits', 'log', 'done', '--', '-'])).toEqual([]);
    });
  });

  it('a name with ":" completes against the whole word, cut to what readline replaces', async () => {
    await withFile('habits.bash', await scriptFor('bash'), (file) => {
      // COMP_WORDBREAKS splits Work:Lu into three words; readline replaces only the last.
      expect(bashComplete(file, ['habits', 'log', 'done', 'Work', ':', 'Lu'])).toEqual(['Lunch']);
      expect(bashComplete(file, ['habits', 'log', 'done', 'work', ':'])).toEqual(['Lunch', 'Dinner']);
      expect(bashComplete(file, ['habits', 'log', 'done', 'Wo'])).toEqual(['Work:Lunch', 'Work:Dinner']);
      // Inside quotes the word is not split.
      expect(bashComplete(file, ['habits', 'log', 'done', '"Work:L'])).toEqual(['Work:Lunch']);
    });
  });

  it('flag values: fixed lists, dates after "=", and names', async () => {
    await withFile('habits.bash', await scriptFor('bash'), (file) => {
      expect(bashComplete(file, ['habits', 'log', 'add', 'Walk', '3', '--unit', 'KM'])).toEqual(['kM']);
      expect(bashComplete(file, ['habits', 'log', 'add', 'Walk', '3', '--unit', 'fl'])).toEqual(['floor', 'fl\\ oz']);
      expect(bashComplete(file, ['habits', '--json', 'log', 'done', '--date', 'y'])).toEqual(['yesterday']);
      expect(bashComplete(file, ['habits', 'log', 'done', '--date', '=', 'y'])).toEqual(['yesterday']);
      expect(bashComplete(file, ['habits', 'note', 'add', 'Walk', '--mood', 'very'])).toEqual(['veryLow', 'veryHigh']);
      const areas = `habits() { [[ $1 == __complete && $2 == areas ]] && printf '%s\\n' Health Home; }`;
      expect(bashComplete(file, ['habits', 'habit', 'ls', '--area', 'H'], areas)).toEqual(['Health', 'Home']);
      expect(bashComplete(file, ['habits', 'area', 'show', 'He'], areas)).toEqual(['Health']);
    });
  });
});

describe('zsh script', () => {
  it('is an autoloadable #compdef file that matches names ignoring case', async () => {
    const text = await scriptFor('zsh');
    expect(text.startsWith('#compdef habits\n')).toBe(true);
    expect(text).toMatch(/\n_habits\(\) \{\n/);
    expect(text).toContain("compadd -M 'm:{a-zA-Z}={A-Za-z}' -a names");
    expect(text).toContain("('log') reply=('done:mark habits completed");
  });

  withTools('zsh').it('zsh -n accepts it; its lookups give the real lists, aliases resolved', async () => {
    await withFile('_habits', await scriptFor('zsh'), (file) => {
      execFileSync('zsh', ['-n', file]);
      const zsh = (code: string) =>
        execFileSync('zsh', ['-f', '-c', `compdef() { :; }; source "$1"; ${code}`, 'zsh', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
      expect(zsh(`__habits_subcommands ''; print -l -- \${reply%%:*}`)).toEqual(TOP);
      expect(zsh(`__habits_options 'habit rm'; print -l -- \${reply%%:*}`)).toEqual(['-y', '--yes', '-h', '--help']);
      expect(zsh(`__habits_subcommand note list; print -r -- $REPLY`)).toEqual(['ls']);
      expect(zsh(`__habits_subcommand note walk; print -r -- "[$REPLY]"`)).toEqual(['[]']);
    });
  });
});

describe('fish script', () => {
  it('has well-formed complete lines', async () => {
    const text = await scriptFor('fish');
    expect(text).toContain('complete -c habits -f\n');
    expect(text).toContain("complete -c habits -n '__habits_in \\'habit add\\'' -l goal -x -d");
    expect(text).toContain("complete -c habits -n '__habits_at \\'log done\\' 0 +' -a '(habits __complete habits 2>/dev/null)'");
  });

  withTools('fish').it('fish -n accepts it, and `complete -C` gives the real lists, names and aliases', async () => {
    await withFile('habits.fish', await scriptFor('fish'), (file) => {
      execFileSync('fish', ['-n', file]);
      const fake = `function habits; if test "$argv[1]" = __complete; printf '%s\\n' 'Drink water' 'Drink tea' Walk; end; end`;
      const run = (line: string) => execFileSync('fish', ['--no-config', '-c', `${fake}; source ${file}; complete -C '${line}'`], { encoding: 'utf8' })
        .split('\n').filter(Boolean).map((l) => l.split('\t')[0]);
      expect(run('habits ').sort()).toEqual([...TOP].sort());
      expect(run('habits habit rm --y')).toEqual(['--yes']);
      expect(run('habits log done Drink')).toEqual(['Drink tea', 'Drink water']);
      expect(run('habits note list Wa')).toEqual(['Walk']);
      expect(run('habits log add Walk 3 --unit k')).toEqual(expect.arrayContaining(['kM', 'kg', 'kJ', 'kCal']));
      expect(run('habits lo')).toEqual(['log']);
    });
  });
});

describe('habits completion', () => {
  it('--json wraps the script; an unknown shell is a usage error', async () => {
    const r = await runCli(['completion', 'bash', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ shell: 'bash', script: expect.stringContaining('complete -F _habits habits') });
    const bad = await runCli(['completion', 'tcsh']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: .*tcsh/);
  });

  it('help and each script say how to install it, in the same words', async () => {
    const help = (await runCli(['completion', '--help'])).stdout;
    const lines: Record<string, string> = {
      bash: 'habits completion bash > ~/.local/share/bash-completion/completions/habits',
      zsh: 'habits completion zsh > ~/.zfunc/_habits',
      fish: 'habits completion fish > ~/.config/fish/completions/habits.fish',
    };
    for (const [shell, line] of Object.entries(lines)) {
      expect(help).toContain(`$ ${line}`);
      expect(await scriptFor(shell)).toContain(`# Install:\n#   ${line}\n`);
    }
  });
});

describe('__complete', () => {
  const fx = useService({ per: 'test' });

  it('with a warm cache (of any age) prints names without a request', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    await addHabit(fx.svc, { name: 'Drink water' });
    await addArea(fx.svc, { name: 'Health' });
    // Any command that resolves names warms the cache.
    expect((await fx.cli(['log', 'done', 'Walk'])).code).toBe(0);
    expect((await fx.cli(['area', 'ls'])).code).toBe(0);
    const later = () => new Date('2027-06-01T00:00:00Z');
    expect(await fx.cli(['__complete', 'habits'], { now: later })).toEqual({ code: 0, stdout: 'Drink water\nWalk\n', stderr: '', requests: [] });
    expect(await fx.cli(['__complete', 'areas'], { now: later })).toEqual({ code: 0, stdout: 'Health\n', stderr: '', requests: [] });
  });

  it('with a cold cache asks the server once, then answers from the cache', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    const archived = await addHabit(fx.svc, { name: 'Old habit' });
    await call(fx.svc, 'POST', `/habits/${archived.id}/archive`);
    const r = await fx.cli(['__complete', 'habits']);
    expect(r).toMatchObject({ code: 0, stdout: 'Walk\n', stderr: '' });
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /habits']);
    expect(await fx.cli(['__complete', 'habits'])).toMatchObject({ stdout: 'Walk\n', requests: [] });
    await addArea(fx.svc, { name: 'Home' });
    const areas = await fx.cli(['__complete', 'areas']);
    expect(areas).toMatchObject({ code: 0, stdout: 'Home\n', stderr: '' });
    expect(areas.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /areas']);
  });

  it('is silent and exits 0 without a key, or when the server is unreachable', async () => {
    const home = tempHome();
    try {
      expect(await runCli(['__complete', 'habits'], { env: home.env })).toEqual({ code: 0, stdout: '', stderr: '' });
      const down = await runCli(['__complete', 'areas'], { env: { ...home.env, HABITS_API_KEY: 'k', HABITS_BASE_URL: 'http://127.0.0.1:9/v2' } });
      expect(down).toEqual({ code: 0, stdout: '', stderr: '' });
    } finally {
      home.cleanup();
    }
  });
});
