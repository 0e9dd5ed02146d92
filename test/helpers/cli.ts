// Running the CLI in tests: in-process through main() with buffer streams (fast), or as the built
// bin/habits.js in a child process with a clean environment, as cron would run it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Dispatcher } from 'undici';
import { main } from '../../src/cli.js';
import type { World } from '../../src/world.js';
import type { Env, IO } from '../../src/io.js';
import { dateInZone } from '../../src/model/dates.js';
import { createPrompter, type Prompter } from '../../src/prompts/prompter.js';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'habits.js');

/** The fixed clock of the tests: 2026-11-22 12:00 UTC, a Sunday. */
export const NOW = new Date('2026-11-22T12:00:00.000Z');

/**
 * For spawned CLIs, which read the real clock: a zone where it is about noon now, so "today" cannot
 * change during a test, and that day there.
 */
export function noonZone(): { zone: string; today: string } {
  const offset = 12 - new Date().getUTCHours();
  const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return { zone, today: dateInZone(new Date(), zone) };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a temporary HOME: only these variables, as under `env -i`. */
export interface HomeEnv {
  HOME: string;
  XDG_CONFIG_HOME: string;
  XDG_CACHE_HOME: string;
  XDG_DATA_HOME: string;
  HABITS_TIMEZONE: string;
  [name: string]: string;
}

/** A temporary HOME with XDG directories inside it; `cleanup()` removes it. */
export function tempHome(): { home: string; env: HomeEnv; cleanup(): void } {
  const home = mkdtempSync(join(tmpdir(), 'habits-test-'));
  return {
    home,
    env: {
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_DATA_HOME: join(home, 'data'),
      HABITS_TIMEZONE: 'UTC',
    },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** A temp home made afresh for each test: its config file, and the CLI run from it (`home` is the current one). */
export interface HomeFixture {
  readonly home: ReturnType<typeof tempHome>;
  /** Where the CLI keeps its config in this home. */
  configFile(): string;
  /** Runs main() with this home's environment plus `env`. */
  run(argv: string[], env?: Record<string, string>): Promise<CliResult>;
}

/** Registers hooks that give each test a fresh temp home (see HomeFixture). */
export function useHome(): HomeFixture {
  let current: ReturnType<typeof tempHome> | undefined;
  const home = (): ReturnType<typeof tempHome> => {
    if (!current) throw new Error('the home exists only inside a test');
    return current;
  };
  beforeEach(() => {
    current = tempHome();
  });
  afterEach(() => {
    current?.cleanup();
    current = undefined;
  });
  return {
    get home() {
      return home();
    },
    configFile: () => join(home().env.XDG_CONFIG_HOME, 'habits', 'config.json'),
    run: (argv, env = {}) => runCli(argv, { env: { ...home().env, ...env } }),
  };
}

export interface RunOptions {
  env?: Env;
  /** Text on standard input. */
  stdin?: string;
  /** Which streams claim to be terminals (default none). */
  tty?: { stdin?: boolean; stdout?: boolean; stderr?: boolean };
  columns?: number;
  now?: () => Date;
  prompter?: Prompter;
  dispatcher?: Dispatcher;
  sleep?: (ms: number) => Promise<void>;
}

/** An IO over buffers: `stdin` text, and what was written to stdout and stderr so far. */
export function bufferIO(opts: Pick<RunOptions, 'stdin' | 'tty' | 'columns'> = {}): { io: IO; stdout(): string; stderr(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const io: IO = {
    stdin: Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]),
    stdout,
    stderr,
    stdinIsTTY: !!opts.tty?.stdin,
    stdoutIsTTY: !!opts.tty?.stdout,
    stderrIsTTY: !!opts.tty?.stderr,
    columns: opts.columns,
  };
  return { io, stdout: () => out, stderr: () => err };
}

/** Runs main() in this process with buffers for stdout and stderr. */
export async function runCli(argv: string[], opts: RunOptions = {}): Promise<CliResult> {
  const buffers = bufferIO(opts);
  const deps: World = {
    io: buffers.io,
    env: opts.env ?? {},
    now: opts.now ?? (() => NOW),
    prompter: opts.prompter,
    dispatcher: opts.dispatcher,
    sleep: opts.sleep ?? (async () => {}),
  };
  const code = await main(argv, deps);
  return { code, stdout: buffers.stdout(), stderr: buffers.stderr() };
}

/** A completion script, generated and written once for a test file (`name` in a temp home). */
export interface ScriptFixture {
  /** The script's text. */
  readonly text: string;
  /** Where it was written. */
  readonly file: string;
}

/** Registers hooks that write the script of `shell` to `name` in a temp home, for the file's tests. */
export function useScript(shell: 'bash' | 'zsh' | 'fish' | 'powershell', name: string): ScriptFixture {
  let home: ReturnType<typeof tempHome> | undefined;
  let text = '';
  beforeAll(async () => {
    home = tempHome();
    text = await completionScript(shell);
    writeFileSync(join(home.home, name), text);
  });
  afterAll(() => home?.cleanup());
  return {
    get text() {
      return text;
    },
    get file() {
      if (!home) throw new Error('the script exists only inside a test');
      return join(home.home, name);
    },
  };
}

/** The script `habits completion <shell>` prints; throws when the command fails. */
export async function completionScript(shell: string): Promise<string> {
  const r = await runCli(['completion', shell]);
  if (r.code !== 0 || r.stderr) throw new Error(`habits completion ${shell}: exit ${r.code}: ${r.stderr}`);
  return r.stdout;
}

/**
 * Runs the built bin/habits.js (or another copy of it, `bin`) with exactly `env` (nothing
 * inherited, like `env -i`), optional stdin text, and a time limit.
 */
export function spawnCli(
  argv: string[],
  opts: { env: Record<string, string>; stdin?: string; timeoutMs?: number; cwd?: string; bin?: string; user?: { uid: number; gid: number } },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [opts.bin ?? BIN, ...argv], {
      env: opts.env,
      cwd: opts.cwd ?? ROOT,
      ...(opts.user ?? {}),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    child.stdin.end(opts.stdin ?? '');
  });
}

/** One prompt a scripted prompter was asked: its message and pre-filled value (ticked values for a checkbox). */
export interface AskedPrompt {
  message: string;
  default: unknown;
}

/** The kinds of prompt a Prompter offers. */
export type PromptKind = 'input' | 'password' | 'confirm' | 'select' | 'checkbox' | 'number' | 'editor' | 'keys';

/**
 * A Prompter that answers from a script, for tests of prompt flows without a terminal. `undefined`
 * takes the prompt's default; `prompts` records each message with its default, `calls` each kind
 * of prompt with its message.
 */
export function scriptedPrompter(answers: unknown[]): Prompter & { asked: string[]; prompts: AskedPrompt[]; calls: { kind: PromptKind; message: string }[] } {
  const asked: string[] = [];
  const prompts: AskedPrompt[] = [];
  const calls: { kind: PromptKind; message: string }[] = [];
  const next = async (kind: PromptKind, message: string, preset?: unknown) => {
    asked.push(message);
    prompts.push({ message, default: preset });
    calls.push({ kind, message });
    if (answers.length === 0) throw new Error(`no scripted answer for prompt "${message}"`);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return {
    available: true,
    asked,
    prompts,
    calls,
    input: async (o) => {
      const v = (await next('input', o.message, o.default)) as string | undefined;
      const value = v === undefined ? o.default ?? '' : v;
      const ok = o.validate?.(value);
      if (ok !== undefined && ok !== true) throw new Error(`scripted answer "${value}" rejected: ${ok}`);
      return value;
    },
    password: async (o) => (await next('password', o.message)) as string,
    confirm: async (o) => {
      const v = await next('confirm', o.message, o.default);
      return v === undefined ? !!o.default : (v as boolean);
    },
    select: async <T>(o: { message: string; default?: T }) => {
      const v = await next('select', o.message, o.default);
      return (v === undefined ? o.default : v) as T;
    },
    checkbox: async <T>(o: { message: string; choices: { value: T; checked?: boolean }[] }) => {
      const v = await next('checkbox', o.message, o.choices.filter((c) => c.checked).map((c) => c.value));
      return (v === undefined ? o.choices.filter((c) => c.checked).map((c) => c.value) : v) as T[];
    },
    number: async (o) => {
      const v = (await next('number', o.message, o.default)) as number | undefined;
      return v === undefined ? o.default : v;
    },
    editor: async (o) => {
      const v = (await next('editor', o.message, o.default)) as string | undefined;
      return v === undefined ? o.default ?? '' : v;
    },
    // The answer is a choice's key (`d`), or undefined for Enter (the default).
    keys: async <T>(o: { message: string; choices: { key: string; value: T }[]; default: T }) => {
      const v = (await next('keys', o.message, o.default)) as string | undefined;
      if (v === undefined) return o.default;
      const choice = o.choices.find((c) => c.key === v);
      if (!choice) throw new Error(`scripted key "${v}" is not one of ${o.choices.map((c) => c.key).join(', ')}`);
      return choice.value;
    },
  };
}

/** The real prompter (@inquirer) on a pretend terminal: `type(keys)` once the prompt is drawn; `screen()` is what it drew. */
export interface PretendTerminal {
  prompter: Prompter;
  type(keys: string): void;
  screen(): string;
}

/** A prompter over streams that claim to be a terminal (stdin and stderr). */
export function pretendTerminal(): PretendTerminal {
  const stdin = new PassThrough();
  const stderr = new PassThrough();
  let drawn = '';
  stderr.on('data', (c: Buffer) => (drawn += c.toString()));
  const io: IO = { stdin, stdout: new PassThrough(), stderr, stdinIsTTY: true, stdoutIsTTY: false, stderrIsTTY: true, columns: 80 };
  return { prompter: createPrompter(io, true), type: (keys) => void setTimeout(() => stdin.write(keys), 50), screen: () => drawn };
}

/**
 * The built CLI in a process whose clock libfaketime sets to `time` (`2026-11-22 07:31:00`, read in
 * the child's TZ), with exactly `env` plus PATH, stdin closed. Tests that use it need
 * withTools('faketime').
 */
export function faketimeCli(time: string, argv: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('faketime', [time, process.execPath, BIN, ...argv], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
