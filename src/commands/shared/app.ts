// What program.ts hands each noun module: the App that runs a command with its Context, and the
// "Examples:" block of help. Verbs import these from here, never from program.ts.
import type { Command } from 'commander';
import type { Context, RunOptions } from '../../command-context.js';
import type { IO } from '../../io.js';

export type { RunOptions };

/** What program.ts hands each command module. */
export interface App {
  /** Runs a command body with a context built from the global flags of `cmd` and the declared `options`. */
  run(cmd: Command, body: (ctx: Context) => Promise<void>, options?: RunOptions): Promise<void>;
  /** Registers the verbs of one noun, for help that walks into it. */
  loadNoun(cmd: Command): Promise<void>;
  /** Registers every noun below `root`: completion scripts describe the whole tree. */
  loadAll(root: Command): Promise<void>;
  /**
   * Runs a whole command line in this process, with `io` for its streams, and returns its exit
   * code, as main() would: `habits mcp` runs each tool as the command it adapts.
   */
  invoke(argv: string[], io: IO): Promise<number>;
}

/** A noun module registers its verbs (or, for a leaf, its own arguments and action) on `cmd`. */
export interface NounModule {
  register(cmd: Command, app: App): void;
}

/** The "Examples:" block each command adds to its help. */
export function examples(lines: [command: string, what?: string][]): string {
  const width = Math.max(...lines.map(([c]) => c.length));
  return '\nExamples:\n' + lines.map(([c, w]) => `  $ ${w ? c.padEnd(width) + '   ' + w : c}`).join('\n');
}
