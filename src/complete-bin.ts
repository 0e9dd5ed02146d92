// What bin/habits.js runs for `habits __complete -- <words>`, as CommonJS (dist/complete.cjs): the
// completer (complete.ts), its answer written straight to file descriptor 1. process.stdout is never
// touched: creating it loads Node's streams (about 2 ms of a Tab). Only a cold name cache goes on to
// main() (dist/cli.js, an ES module), to ask the server once.
import { answer } from './complete.js';
import { writeStdout } from './stdout.js';
import type { World } from './world.js';

/** Answers the completion request `words` (after `--`) on standard output; exit code 0. */
export async function run(words: string[]): Promise<void> {
  const world: World = {
    // Only the cold path reads these (it runs main() with streams of its own for the output).
    io: {
      get stdin() {
        return process.stdin;
      },
      get stdout() {
        return process.stdout;
      },
      get stderr() {
        return process.stderr;
      },
      stdinIsTTY: false,
      stdoutIsTTY: false,
      stderrIsTTY: false,
    },
    env: process.env,
    now: () => new Date(),
  };
  writeStdout(await answer(words, world, async (argv, w) => (await import('./cli.js')).main(argv, w)));
  process.exitCode = 0;
}
