// Drives the built CLI in a real pseudo-terminal through tmux: send keys, read the screen, get
// the exit code. Each session has its own tmux server socket, so tests cannot see each other.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { BIN, tempHome } from './cli.js';
import { startLocalService, type LocalService } from './local-service.js';
import { cliEnv, type ServiceFixture } from './service.js';

const EXIT_MARK = '__HABITS_EXIT__';

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface TmuxSession {
  /** Sends tmux key names or literal text, e.g. `['Down', 'Space', 'Enter']`, `['C-c']`. */
  send(...keys: string[]): void;
  /** Sends text literally (no key-name interpretation). */
  type(text: string): void;
  /**
   * Types `text` literally and waits until the screen matches `shown` (by default, shows the
   * text), so that a test knows the keys arrived before it sends the next ones (Enter).
   */
  typeAndWait(text: string, shown?: string | RegExp, timeoutMs?: number): Promise<string>;
  /** The visible screen, lines trimmed at the right. */
  screen(): string;
  /** Waits until the screen matches; returns the screen. Throws with the screen on timeout. */
  waitFor(pattern: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Waits for the command to end and returns its exit code. */
  exitCode(timeoutMs?: number): Promise<number>;
  kill(): void;
}

/**
 * Starts `habits <args>` with exactly `env` (plus TERM) in a `cols`x`rows` terminal. tmux must be
 * installed: wrap the tests in `withTools('tmux')` (tools.ts).
 */
export function startTmux(
  args: string[],
  env: Record<string, string>,
  size = { cols: 100, rows: 40 },
  opts: { keepShellOnInterrupt?: boolean } = {},
): TmuxSession {
  const socket = `habits-test-${randomBytes(6).toString('hex')}`;
  const tmux = (...a: string[]) => execFileSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' });
  const fullEnv = { TERM: 'xterm-256color', ...env };
  const command = [
    'env', '-i', ...Object.entries(fullEnv).map(([k, v]) => shellQuote(`${k}=${v}`)),
    shellQuote(process.execPath), shellQuote(BIN), ...args.map(shellQuote),
  ].join(' ');
  // Keep the pane open after the command ends so the exit code can be read from the screen.
  // Ctrl-C signals the whole foreground group, the shell too: a trap (reset for the command it
  // starts) keeps the shell alive to report a command that a real SIGINT ended.
  const script = `${opts.keepShellOnInterrupt ? 'trap : INT; ' : ''}${command}; echo ${EXIT_MARK}$?; sleep 600`;
  tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'main', '-x', String(size.cols), '-y', String(size.rows), 'sh', '-c', script);

  const screen = () =>
    tmux('capture-pane', '-p', '-t', 'main').split('\n').map((l) => l.trimEnd()).join('\n').trimEnd();

  const waitFor = async (pattern: string | RegExp, timeoutMs = 10_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = screen();
      if (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)) return text;
      if (Date.now() > deadline) throw new Error(`screen did not show ${String(pattern)} within ${timeoutMs} ms:\n${text}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const type = (text: string) => void tmux('send-keys', '-t', 'main', '-l', text);

  return {
    send: (...keys) => void tmux('send-keys', '-t', 'main', ...keys),
    type,
    typeAndWait: (text, shown = text, timeoutMs) => {
      type(text);
      return waitFor(shown, timeoutMs);
    },
    screen,
    waitFor,
    async exitCode(timeoutMs = 15_000) {
      const text = await waitFor(new RegExp(`${EXIT_MARK}\\d+`), timeoutMs);
      return Number(new RegExp(`${EXIT_MARK}(\\d+)`).exec(text)![1]);
    },
    kill: () => {
      try {
        tmux('kill-server');
      } catch {
        // already gone
      }
    },
  };
}

/** One session at a time: starting one ends the last, and the last ends after each test. */
function oneSessionAtATime(): (start: () => TmuxSession) => TmuxSession {
  let session: TmuxSession | undefined;
  afterEach(() => {
    session?.kill();
    session = undefined;
  });
  return (start) => {
    session?.kill();
    session = start();
    return session;
  };
}

type Size = { cols: number; rows: number };

/**
 * For a test file that drives the built CLI in tmux against a service fixture: `start(fx, args)`
 * runs `habits <args>` from a fresh home (a cold name cache), in a terminal of `size` (100x40 by
 * default), with `extraEnv` added to the service's. The session ends after each test, and the
 * homes after the file.
 */
export function useCliSessions(): { start(fx: ServiceFixture, args: string[], size?: Size, extraEnv?: Record<string, string>): TmuxSession } {
  const homes: ReturnType<typeof tempHome>[] = [];
  const session = oneSessionAtATime();
  afterAll(() => {
    for (const h of homes) h.cleanup();
  });
  return {
    start(fx, args, size, extraEnv) {
      const home = tempHome();
      homes.push(home);
      return session(() => startTmux(args, cliEnv(fx.svc, home.env, extraEnv), size));
    },
  };
}

/**
 * For a test file that drives the built CLI in tmux against a server of its own (one that never
 * answers, one with odd names): one home for the whole file, and `start(args, env)` runs
 * `habits <args>` from it with the home's environment plus `env` (the server's URL and key). The
 * session ends after each test, and the home after the file.
 */
export function useTerminal(): {
  readonly home: ReturnType<typeof tempHome>;
  start(args: string[], env: Record<string, string>, size?: Size, opts?: { keepShellOnInterrupt?: boolean }): TmuxSession;
} {
  let home: ReturnType<typeof tempHome> | undefined;
  const session = oneSessionAtATime();
  beforeAll(() => {
    home = tempHome();
  });
  afterAll(() => home?.cleanup());
  const need = (): ReturnType<typeof tempHome> => {
    if (home === undefined) throw new Error('useTerminal: only inside a test');
    return home;
  };
  return {
    get home() {
      return need();
    },
    start: (args, env, size, opts) => session(() => startTmux(args, { ...need().env, ...env }, size, opts)),
  };
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Waits for the prompt `question` (a pending `? …` line), then sends `keys`; `=text` is typed, and
 * seen on the prompt's line before the next key goes, so an Enter never overtakes it.
 */
export async function answerPrompt(s: TmuxSession, question: string, ...keys: string[]): Promise<string> {
  const screen = await s.waitFor(`? ${question}`);
  for (const key of keys) {
    if (key.startsWith('=')) await s.typeAndWait(key.slice(1), new RegExp(`^\\? ${escapeRe(question)}.*${escapeRe(key.slice(1))}$`, 'm'));
    else s.send(key);
  }
  return screen;
}

/**
 * For a test file whose commands share one machine: a local service and one home for the whole
 * file (its name cache and record of writes carry from one command to the next), and `start(args)`
 * runs `habits <args>` in tmux from that home, one session at a time (the last one ends after each
 * test). Unlike useCliSessions, where every command starts from a fresh home.
 */
export function useOneMachine(): { readonly svc: LocalService; readonly home: ReturnType<typeof tempHome>; start(args: string[], size?: Size): TmuxSession } {
  let svc: LocalService | undefined;
  const terminal = useTerminal();
  beforeAll(async () => {
    svc = await startLocalService();
  });
  afterAll(async () => {
    await svc?.close();
  });
  const need = (): LocalService => {
    if (svc === undefined) throw new Error('useOneMachine: only inside a test');
    return svc;
  };
  return {
    get svc() {
      return need();
    },
    get home() {
      return terminal.home;
    },
    start: (args, size) => terminal.start(args, cliEnv(need(), {}), size),
  };
}
