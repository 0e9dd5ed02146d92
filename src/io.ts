// The process's streams and environment as the CLI sees them: main() receives them (tests pass
// buffers), and nothing below reads process.stdout or process.env itself.
import type { Writable } from 'node:stream';

/** Environment variables, as main() was given them. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The process's streams and what they are connected to. */
export interface IO {
  stdin: NodeJS.ReadableStream;
  stdout: Writable;
  stderr: Writable;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Width of the stdout terminal, when it is one. */
  columns?: number;
}
