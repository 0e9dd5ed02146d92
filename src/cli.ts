// main(argv, world) -> exit code. `habits --version` is answered here without loading anything,
// `habits __complete -- …` with ./complete.js alone; any other command line is one dynamic import
// away, in ./run.js (commander, the program, the context, and the error report).
import { isatty } from 'node:tty';
import type { World } from './world.js';
import type { IO } from './io.js';

// The package version, fixed at build time (as in version.ts; not imported from there, so that
// this file shares no chunk with the rest and `--version` loads nothing else).
declare const __HABITS_VERSION__: string;

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(argv: string[], world: Partial<World> = {}): Promise<number> {
  const full = withDefaults(world);
  if (isVersionRequest(argv)) {
    // Exactly what commander prints for `.version(VERSION, '-V, --version')`, without loading it.
    full.io.stdout.write(`${__HABITS_VERSION__}\n`);
    return 0; // EXIT.ok, which lives with commander's chunk
  }
  if (argv[0] === '__complete' && argv[1] === '--') {
    // A shell waits on this at every Tab: complete.ts answers without commander or the context.
    const { answer } = await import('./complete.js');
    full.io.stdout.write(await answer(argv.slice(2), full, main));
    return 0;
  }
  const { runCommandLine } = await import('./run.js');
  return runCommandLine(argv, full);
}

/** `habits --version` or `habits -V` and nothing else; anything more goes through commander. */
function isVersionRequest(argv: string[]): boolean {
  return argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');
}

function withDefaults(world: Partial<World>): World {
  return {
    io: world.io ?? processIO(),
    env: world.env ?? process.env,
    now: world.now ?? (() => new Date()),
    prompter: world.prompter,
    dispatcher: world.dispatcher,
    sleep: world.sleep,
  };
}

function processIO(): IO {
  for (const stream of [process.stdout, process.stderr]) {
    // A reader that goes away (`habits journal | head -1`) is not our failure: stop quietly
    // instead of dying with an EPIPE stack trace.
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
  return {
    // process.stdin is created on first access; most commands never read it.
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    stdinIsTTY: isatty(0),
    stdoutIsTTY: !!process.stdout.isTTY,
    stderrIsTTY: !!process.stderr.isTTY,
    columns: process.stdout.columns,
  };
}
