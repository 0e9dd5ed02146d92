// Long listings on a terminal go through a pager: $HABITS_PAGER, else $PAGER, else `less -FRX`
// (which prints a screenful or less directly and keeps our colours). node:child_process loads only
// when a pager runs.
import type { Env, IO } from '../io.js';

/**
 * The pager command for long listings, or undefined to print directly: never with --no-pager,
 * nor unless stdout and stdin are terminals; HABITS_PAGER (even empty) decides over PAGER, and an
 * empty value or `cat` means no pager.
 */
export function choosePager(o: { flag: boolean | undefined; env: Env; stdinIsTTY: boolean; stdoutIsTTY: boolean }): string | undefined {
  if (o.flag === false || !o.stdoutIsTTY || !o.stdinIsTTY) return undefined;
  const command = (o.env.HABITS_PAGER ?? o.env.PAGER ?? 'less -FRX').trim();
  return command === '' || command === 'cat' ? undefined : command;
}

/** Plain words split on spaces, or undefined when the command needs a shell (quotes, pipes, $). */
function words(command: string): string[] | undefined {
  return /^[\w@%+=:,./-]+(?:\s+[\w@%+=:,./-]+)*$/.test(command) ? command.split(/\s+/) : undefined;
}

/** An fd the child can write to directly (a terminal), or 'pipe' (a test's buffer). */
function fdOf(stream: IO['stdout']): number | 'pipe' {
  const fd = (stream as { fd?: unknown }).fd;
  return typeof fd === 'number' ? fd : 'pipe';
}

/**
 * Runs `command` with `text` on its standard input and waits for it to end. A reader that quits
 * early (q in less) is not an error. Resolves false when the pager could not be started (no such
 * program): the caller prints the text itself. Ctrl-C while it runs is the pager's (less uses it),
 * so this process ignores it until the pager ends.
 */
export async function runPager(command: string, text: string, io: IO, env: Env): Promise<boolean> {
  const { spawn } = await import('node:child_process');
  const argv = words(command);
  const stdio: ['pipe', number | 'pipe', number | 'pipe'] = ['pipe', fdOf(io.stdout), fdOf(io.stderr)];
  // As git does: less without options of its own quits on a short text and keeps colours. Our text
  // is UTF-8 whatever the locale says; without a UTF-8 locale less would show its bytes as <E2>…
  const childEnv = { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c', LESSCHARSET: env.LESSCHARSET ?? 'utf-8' };
  const child = argv
    ? spawn(argv[0]!, argv.slice(1), { stdio, env: childEnv })
    : spawn(command, { stdio, env: childEnv, shell: true });
  if (child.stdout) child.stdout.pipe(io.stdout, { end: false });
  if (child.stderr) child.stderr.pipe(io.stderr, { end: false });
  const ignore = () => {};
  return new Promise<boolean>((resolve) => {
    let started = false;
    child.stdin!.on('error', () => {}); // EPIPE: the pager quit before reading everything
    child.once('spawn', () => {
      started = true;
      process.on('SIGINT', ignore);
      child.stdin!.end(text);
    });
    child.once('error', () => {
      if (!started) resolve(false);
    });
    child.once('close', (code) => {
      process.off('SIGINT', ignore);
      // Through a shell, a program that is not there is status 127 (and a line on stderr).
      resolve(started && !(argv === undefined && code === 127));
    });
  });
}
