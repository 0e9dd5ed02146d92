// The entry dist/man.js: the man page from the live command tree. scripts/build.mjs imports it after
// bundling and writes man/habits.1; the CLI never loads it.
import { PassThrough } from 'node:stream';
import { buildSpec } from '../completion/spec.js';
import { EXIT_CODE_TABLE } from '../errors.js';
import { ENVIRONMENT } from '../config/environment.js';
import { buildProgram, loadEveryNoun } from '../program.js';
import { VERSION } from '../version.js';
import { manPage } from './roff.js';

/** The roff text of habits.1, dated `date` (YYYY-MM-DD). */
export async function generateManPage(date: string): Promise<string> {
  const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false };
  const program = buildProgram({ run: async () => {} }, io);
  await loadEveryNoun(program);
  return manPage(buildSpec(program), { version: VERSION, date, environment: ENVIRONMENT, exitCodes: EXIT_CODE_TABLE });
}
