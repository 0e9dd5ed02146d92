// Writing a whole answer to standard output (descriptor 1) without creating `process.stdout`,
// whose first use loads Node's streams (about 2 ms): what the CommonJS fast paths of a Tab and of
// a prompt's status line write with (complete-bin.ts, status-bin.ts).
import { writeSync } from 'node:fs';

/** Writes `text` whole; a reader gone (EPIPE) gets nothing more, a full non-blocking pipe is waited on. */
export function writeStdout(text: string): void {
  const bytes = Buffer.from(text);
  for (let done = 0; done < bytes.length; ) {
    try {
      done += writeSync(1, bytes, done);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') break;
    }
  }
}
