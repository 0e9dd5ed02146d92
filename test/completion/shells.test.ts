// The completion scripts in real interactive shells, through tmux: what a user sees on the prompt
// line after Tab, and the words the command then receives. tmux and zsh: see helpers/tools.ts.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, it } from 'vitest';
import { completionScript, tempHome } from '../helpers/cli.js';
import { fakeComplete } from '../helpers/completion.js';
import { withTools } from '../helpers/tools.js';

const PROMPT = '% ';

/**
 * A stand-in `habits` for the shells: for `__complete`, the real completer with these names
 * (helpers/completion.ts); else its arguments joined by `|`.
 */
const NAMES = ['Drink water', 'Drink tea', 'Walk', 'Work:Lunch'];
const FAKE = fakeComplete({ habits: NAMES });

interface Shell {
  /** Types `typed`, presses Tab, waits until the prompt line reads `${PROMPT}${expected}`, then Enter. */
  complete(typed: string, expected: string): Promise<void>;
  /** Waits until a line of the screen is exactly `line`. */
  waitForLine(line: string): Promise<void>;
  close(): void;
}

/** Starts `command` (an interactive shell) in a tmux session of its own. */
function startShell(command: string): Shell {
  const socket = `habits-shell-${randomBytes(6).toString('hex')}`;
  const tmux = (...a: string[]) => execFileSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' });
  tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'main', '-x', '120', '-y', '30', command);
  const lines = () => tmux('capture-pane', '-p', '-t', 'main').split('\n').map((l) => l.trimEnd());
  const poll = async (done: (lines: string[]) => boolean, what: string) => {
    for (const deadline = Date.now() + 10_000; !done(lines()); await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > deadline) throw new Error(`the screen never showed ${what}:\n${lines().join('\n')}`);
    }
  };
  const promptLine = (ls: string[]) => ls.filter((l) => l.startsWith(PROMPT)).at(-1);
  return {
    async complete(typed, expected) {
      // A fresh line, whatever an earlier failure left on it, and the shell at its prompt: keys sent
      // while it starts are echoed by the terminal before the prompt, off the prompt line.
      tmux('send-keys', '-t', 'main', 'C-u');
      await poll((ls) => ls.filter(Boolean).at(-1) === PROMPT.trimEnd(), 'an empty prompt');
      tmux('send-keys', '-t', 'main', '-l', typed);
      tmux('send-keys', '-t', 'main', 'Tab');
      await poll((ls) => promptLine(ls) === `${PROMPT}${expected}`, JSON.stringify(`${PROMPT}${expected}`));
      tmux('send-keys', '-t', 'main', 'Enter');
    },
    waitForLine: (line) => poll((ls) => ls.includes(line), JSON.stringify(line)),
    close() {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    },
  };
}

withTools('tmux').describe('bash, interactively', () => {
  let home: ReturnType<typeof tempHome>;
  let shell: Shell;
  beforeAll(async () => {
    home = tempHome();
    writeFileSync(join(home.home, 'habits.bash'), await completionScript('bash'));
    writeFileSync(join(home.home, '.bashrc'), [
      // No history: bash would write it on exit, into the home being removed.
      'unset HISTFILE',
      `PS1='${PROMPT}'`,
      `habits() { if [[ $1 == __complete ]]; then ${FAKE} "$@"; else local IFS='|'; echo "ARGS:$*"; fi; }`,
      `source ${home.home}/habits.bash`,
    ].join('\n') + '\n');
    // A directory named like a habit: readline must not take the name for it and append a "/".
    mkdirSync(join(home.home, 'Walk'));
    shell = startShell(`cd ${home.home} && env -i HOME=${home.home} TERM=xterm LANG=C.UTF-8 bash --noprofile --rcfile ${home.home}/.bashrc -i`);
  });
  afterAll(() => {
    shell?.close();
    home.cleanup();
  });

  it('completes a name that is also a directory here without a "/"', async () => {
    await shell.complete('habits log done Wa', 'habits log done Walk');
    await shell.waitForLine('ARGS:log|done|Walk');
  });

  it('escapes spaces, or leaves them to the quote the user opened', async () => {
    await shell.complete('habits log done drink\\ t', 'habits log done Drink\\ tea');
    await shell.waitForLine('ARGS:log|done|Drink tea');
    await shell.complete('habits log done "Drink w', 'habits log done "Drink water"');
    await shell.waitForLine('ARGS:log|done|Drink water');
  });

  it('completes a name with ":" and after an alias', async () => {
    await shell.complete('habits log done Work:Lu', 'habits log done Work:Lunch');
    await shell.waitForLine('ARGS:log|done|Work:Lunch');
    await shell.complete('habits note list Wa', 'habits note list Walk');
    await shell.waitForLine('ARGS:note|list|Walk');
  });

  it('--json completes the fields of the command, one name of a comma-separated list at a time', async () => {
    await shell.complete('habits journal --json name,st', 'habits journal --json name,status');
    await shell.waitForLine('ARGS:journal|--json|name,status');
    await shell.complete('habits area ls --json=na', 'habits area ls --json=name');
    await shell.waitForLine('ARGS:area|ls|--json=name');
    await shell.complete('habits log done --json Wa', 'habits log done --json Walk');
    await shell.waitForLine('ARGS:log|done|--json|Walk');
  });
});

withTools('tmux', 'zsh').describe('zsh, interactively', () => {
  let home: ReturnType<typeof tempHome>;
  let shell: Shell;
  beforeAll(async () => {
    home = tempHome();
    mkdirSync(join(home.home, 'fn'));
    writeFileSync(join(home.home, 'fn', '_habits'), await completionScript('zsh'));
    writeFileSync(join(home.home, '.zshrc'), [
      `PS1='${PROMPT.replace('%', '%%')}'`,
      `fpath=(${home.home}/fn $fpath)`,
      `autoload -Uz compinit && compinit -u -d ${home.home}/.zcompdump`,
      `habits() { if [[ $1 == __complete ]]; then ${FAKE} "$@"; else print -r -- "ARGS:\${(j:|:)@}"; fi }`,
    ].join('\n') + '\n');
    shell = startShell(`env -i HOME=${home.home} ZDOTDIR=${home.home} TERM=xterm zsh -i`);
  });
  afterAll(() => {
    shell?.close();
    home.cleanup();
  });

  it('completes names with spaces, ignoring case', async () => {
    await shell.complete('habits log done Walk drink\\ t', 'habits log done Walk Drink\\ tea');
    await shell.waitForLine('ARGS:log|done|Walk|Drink tea');
  });

  it('completes flag values and commands, and names after an alias', async () => {
    await shell.complete('habits log add Walk 3 --unit fl\\ ', 'habits log add Walk 3 --unit fl\\ oz');
    await shell.waitForLine('ARGS:log|add|Walk|3|--unit|fl oz');
    await shell.complete('habits lo', 'habits log');
    await shell.waitForLine('ARGS:log');
    await shell.complete('habits note list wa', 'habits note list Walk');
    await shell.waitForLine('ARGS:note|list|Walk');
  });

  it('`habits help` completes commands and subcommands', async () => {
    await shell.complete('habits help jou', 'habits help journal');
    await shell.waitForLine('ARGS:help|journal');
    await shell.complete('habits help log sk', 'habits help log skip');
    await shell.waitForLine('ARGS:help|log|skip');
    await shell.complete('habits help exit-', 'habits help exit-codes');
    await shell.waitForLine('ARGS:help|exit-codes');
  });

  it('--json completes the fields of the command, one name of a comma-separated list at a time', async () => {
    await shell.complete('habits journal --json name,st', 'habits journal --json name,status');
    await shell.waitForLine('ARGS:journal|--json|name,status');
    await shell.complete('habits area ls --json=na', 'habits area ls --json=name');
    await shell.waitForLine('ARGS:area|ls|--json=name');
    await shell.complete('habits area ls --json=name,colorHex,cr', 'habits area ls --json=name,colorHex,createdAt');
    await shell.waitForLine('ARGS:area|ls|--json=name,colorHex,createdAt');
    // Names already listed are not offered again: only id is left for "i".
    await shell.complete('habits area ls --json icon,i', 'habits area ls --json icon,id');
    await shell.waitForLine('ARGS:area|ls|--json|icon,id');
    // The fields of the shape a flag selects are offered too: --dry-run's plan.
    await shell.complete('habits habit rm Walk --dry-run --json meth', 'habits habit rm Walk --dry-run --json method');
    await shell.waitForLine('ARGS:habit|rm|Walk|--dry-run|--json|method');
    // The value may be left out: names, and fields, complete after a bare --json (fields match
    // case-sensitively: \`warnings\` is not offered for "Wa").
    await shell.complete('habits log done --json Wa', 'habits log done --json Walk');
    await shell.waitForLine('ARGS:log|done|--json|Walk');
    await shell.complete('habits log done --json resu', 'habits log done --json result');
    await shell.waitForLine('ARGS:log|done|--json|result');
    // Before the command there are no fields; a value of --json typed before is skipped.
    await shell.complete('habits --json jou', 'habits --json journal');
    await shell.waitForLine('ARGS:--json|journal');
    await shell.complete('habits --json name,status journal --da', 'habits --json name,status journal --date');
    await shell.waitForLine('ARGS:--json|name,status|journal|--date');
  });
});
