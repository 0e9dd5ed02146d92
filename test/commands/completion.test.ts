// `habits completion bash|zsh|fish` and the hidden `habits __complete habits|areas`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/program.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { startWorld, type World } from './logging-fixtures.js';

const TOP = NOUNS.filter((n) => !n.hidden).map((n) => n.name);

function has(shell: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;
}

async function scriptFor(shell: string): Promise<string> {
  const r = await runCli(['completion', shell]);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  return r.stdout;
}

/** Writes `text` to a temp file and returns its path. */
function tempFile(name: string, text: string): { path: string; cleanup(): void } {
  const home = tempHome();
  const path = join(home.home, name);
  writeFileSync(path, text);
  return { path, cleanup: home.cleanup };
}

const FAKE_NAMES = `habits() { if [[ $1 == __complete ]]; then printf '%s\\n' 'Drink water' 'Drink tea' 'Walk' "Mum's call"; fi; }`;

/** Runs the bash completion function for `words` (the last is being completed) and returns COMPREPLY. */
function bashComplete(script: string, words: string[], names = FAKE_NAMES): string[] {
  const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const program = `${names}\nsource "$1"\nCOMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}\n_habits\nprintf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = execFileSync('bash', ['-c', program, 'bash', script], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

describe('completion scripts', () => {
  it.each(['bash', 'zsh', 'fish'])('%s covers every top-level command and nested flags', async (shell) => {
    const text = await scriptFor(shell);
    for (const noun of TOP) expect(text).toMatch(new RegExp(`\\b${noun}\\b`));
    for (const flag of ['goal', 'date', 'unit', 'mood', 'photo', 'yes', 'json', 'base-url']) expect(text).toContain(flag);
    expect(text).toContain('habits __complete');
    expect(text).toContain('# Install:');
  });

  it('bash: bash -n accepts it, and it completes commands, flags, values and names with spaces', async () => {
    const file = tempFile('habits.bash', await scriptFor('bash'));
    try {
      execFileSync('bash', ['-n', file.path]);
      expect(bashComplete(file.path, ['habits', 'lo'])).toEqual(['log']);
      expect(bashComplete(file.path, ['habits', '__'])).toEqual([]);
      expect(bashComplete(file.path, ['habits', 'log', ''])).toEqual(['done', 'fail', 'skip', 'undo', 'add', 'rm', 'help']);
      expect(bashComplete(file.path, ['habits', 'habit', 'add', 'x', '--go'])).toEqual(['--goal']);
      expect(bashComplete(file.path, ['habits', 'log', 'done', '--js'])).toEqual(['--json']);
      expect(bashComplete(file.path, ['habits', 'log', 'done', 'dr'])).toEqual(['Drink water', 'Drink tea']);
      expect(bashComplete(file.path, ['habits', 'log', 'done', 'Walk', 'Drink\\ t'])).toEqual(['Drink tea']);
      expect(bashComplete(file.path, ['habits', 'log', 'done', '"Drink w'])).toEqual(['Drink water']);
      expect(bashComplete(file.path, ['habits', 'log', 'add', 'Walk', ''])).toEqual([]);
      expect(bashComplete(file.path, ['habits', 'log', 'add', 'Walk', '3', '--unit', 'KM'])).toEqual(['kM']);
      expect(bashComplete(file.path, ['habits', 'log', 'add', 'Walk', '3', '--unit', 'fl'])).toEqual(['floor', 'fl oz']);
      expect(bashComplete(file.path, ['habits', '--json', 'log', 'done', '--date', 'y'])).toEqual(['yesterday']);
      expect(bashComplete(file.path, ['habits', 'log', 'done', '--date', '=', 'y'])).toEqual(['yesterday']);
      expect(bashComplete(file.path, ['habits', 'note', 'add', 'Walk', '--mood', 'very'])).toEqual(['veryLow', 'veryHigh']);
      expect(bashComplete(file.path, ['habits', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
      expect(bashComplete(file.path, ['habits', 'log', 'done', '--', '-'])).toEqual([]);
      const areas = `habits() { [[ $1 == __complete && $2 == areas ]] && printf '%s\\n' Health Home; }`;
      expect(bashComplete(file.path, ['habits', 'habit', 'ls', '--area', 'H'], areas)).toEqual(['Health', 'Home']);
      expect(bashComplete(file.path, ['habits', 'area', 'show', 'He'], areas)).toEqual(['Health']);
    } finally {
      file.cleanup();
    }
  });

  it('zsh: zsh -n accepts it where zsh exists; it is an autoloadable #compdef file either way', async () => {
    const text = await scriptFor('zsh');
    expect(text.startsWith('#compdef habits\n')).toBe(true);
    expect(text).toMatch(/\n_habits\(\) \{\n/);
    expect(text).toContain("(habits|areas)");
    expect(text).toContain('compadd -a names');
    expect(text).toContain("('log') reply=('done:mark habits completed");
    if (has('zsh')) {
      const file = tempFile('_habits', text);
      try {
        execFileSync('zsh', ['-n', file.path]);
      } finally {
        file.cleanup();
      }
    }
  });

  it('zsh: in a real zsh (through tmux, where both exist) names with spaces and flag values complete', async () => {
    const text = await scriptFor('zsh');
    expect(text).toMatch(/__habits_complete_kind\(\) \{\n  local -a names\n  case \$1 in\n    \(habits\|areas\)/);
    if (!has('zsh') || !has('tmux')) return;
    const home = tempHome();
    const socket = `habits-zsh-${process.pid}`;
    const tmux = (...a: string[]) => execFileSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' });
    try {
      mkdirSync(join(home.home, 'fn'));
      writeFileSync(join(home.home, 'fn', '_habits'), text);
      writeFileSync(join(home.home, '.zshrc'), [
        "PS1='%% '",
        `fpath=(${home.home}/fn $fpath)`,
        `autoload -Uz compinit && compinit -u -d ${home.home}/.zcompdump`,
        `habits() { if [[ $1 == __complete ]]; then print -l 'Drink water' 'Drink tea' Walk; else print -r -- "ARGS:\${(j:|:)@}"; fi }`,
      ].join('\n') + '\n');
      tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'main', '-x', '100', '-y', '20', `env -i HOME=${home.home} ZDOTDIR=${home.home} TERM=xterm zsh -i`);
      const screen = () => tmux('capture-pane', '-p', '-t', 'main');
      const waitFor = async (re: RegExp) => {
        for (let i = 0; i < 100 && !re.test(screen()); i++) await new Promise((r) => setTimeout(r, 50));
        return screen();
      };
      await waitFor(/^% /m);
      const type = async (keys: string, expected: RegExp) => {
        tmux('send-keys', '-t', 'main', '-l', keys);
        tmux('send-keys', '-t', 'main', 'Tab');
        await new Promise((r) => setTimeout(r, 500));
        tmux('send-keys', '-t', 'main', 'Enter');
        return waitFor(expected);
      };
      expect(await type('habits log done Walk Drink\\ t', /ARGS:log\|done\|Walk\|Drink tea$/m)).toMatch(/ARGS:log\|done\|Walk\|Drink tea$/m);
      expect(await type('habits log add Walk 3 --unit fl\\ ', /ARGS:log\|add\|Walk\|3\|--unit\|fl oz$/m)).toMatch(/\|fl oz$/m);
      expect(await type('habits lo', /ARGS:log$/m)).toMatch(/ARGS:log$/m);
    } finally {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
      home.cleanup();
    }
  });

  it('fish: fish -n accepts it and `complete -C` offers names where fish exists; its complete lines are well formed', async () => {
    const text = await scriptFor('fish');
    expect(text).toContain('complete -c habits -f\n');
    expect(text).toContain("complete -c habits -n '__habits_in \\'habit add\\'' -l goal -x -d");
    expect(text).toContain("complete -c habits -n '__habits_at \\'log done\\' 0 +' -a '(habits __complete habits 2>/dev/null)'");
    if (has('fish')) {
      const file = tempFile('habits.fish', text);
      try {
        execFileSync('fish', ['-n', file.path]);
        const fake = `function habits; if test "$argv[1]" = __complete; printf '%s\\n' 'Drink water' 'Drink tea' Walk; end; end`;
        const run = (line: string) => execFileSync('fish', ['--no-config', '-c', `${fake}; source ${file.path}; complete -C '${line}'`], { encoding: 'utf8' })
          .split('\n').filter(Boolean).map((l) => l.split('\t')[0]);
        expect(run('habits log done Drink')).toEqual(['Drink tea', 'Drink water']);
        expect(run('habits log add Walk 3 --unit k')).toEqual(expect.arrayContaining(['kM', 'kg', 'kJ', 'kCal']));
        expect(run('habits lo')).toEqual(['log']);
      } finally {
        file.cleanup();
      }
    }
  });

  it('--json wraps the script; an unknown shell is a usage error', async () => {
    const r = await runCli(['completion', 'bash', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ shell: 'bash', script: expect.stringContaining('complete -F _habits habits') });
    const bad = await runCli(['completion', 'tcsh']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: .*tcsh/);
  });

  it('help shows how to install each script', async () => {
    const r = await runCli(['completion', '--help']);
    expect(r.stdout).toContain('habits completion bash > ~/.local/share/bash-completion/completions/habits');
    expect(r.stdout).toContain('~/.zfunc/_habits');
    expect(r.stdout).toContain('~/.config/fish/completions/habits.fish');
  });
});

describe('__complete', () => {
  let w: World;
  beforeEach(async () => {
    w = await startWorld();
  });
  afterEach(async () => {
    await w.close();
  });

  it('with a warm cache (of any age) prints names without a request', async () => {
    await w.habit('Walk');
    await w.habit('Drink water');
    await w.area('Health');
    // Any command that resolves names warms the cache.
    expect((await w.run(['log', 'done', 'Walk'])).code).toBe(0);
    expect((await w.run(['area', 'ls'])).code).toBe(0);
    w.reset();
    const later = () => new Date('2027-06-01T00:00:00Z');
    const r = await w.run(['__complete', 'habits'], { now: later });
    expect(r).toEqual({ code: 0, stdout: 'Drink water\nWalk\n', stderr: '' });
    const a = await w.run(['__complete', 'areas'], { now: later });
    expect(a).toEqual({ code: 0, stdout: 'Health\n', stderr: '' });
    expect(w.svc.requests).toEqual([]);
  });

  it('with a cold cache asks the server once, then answers from the cache', async () => {
    await w.habit('Walk');
    const archived = await w.habit('Old habit');
    await w.call('POST', `/habits/${archived.id}/archive`);
    w.reset();
    const r = await w.run(['__complete', 'habits']);
    expect(r).toEqual({ code: 0, stdout: 'Walk\n', stderr: '' });
    expect(w.svc.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /habits']);
    w.reset();
    expect((await w.run(['__complete', 'habits'])).stdout).toBe('Walk\n');
    expect(w.svc.requests).toEqual([]);
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
