// The entry dist/man.js: the man page, and the tree completion reads, from the live command tree.
// scripts/build.mjs imports it before bundling the CLI, writes man/habits.1 and embeds the tree in
// dist/complete.js; the CLI never loads it.
import { PassThrough } from 'node:stream';
import { buildSpec } from '../completion/spec.js';
import { EXIT_CODE_TABLE } from '../errors.js';
import { ENVIRONMENT } from '../config/environment.js';
import { buildProgram, completionTree, loadEveryNoun } from '../program.js';
import { VERSION } from '../version.js';
import { manPage } from './roff.js';

/** The roff text of habits.1, dated `date` (YYYY-MM-DD). */
export async function generateManPage(date: string): Promise<string> {
  const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false };
  const program = buildProgram({ run: async () => {} }, io);
  await loadEveryNoun(program);
  return manPage(buildSpec(program), { version: VERSION, date, environment: ENVIRONMENT, exitCodes: EXIT_CODE_TABLE });
}

/** The tree `habits __complete` answers from (program.ts, completionTree), as JSON text. */
export async function completionTreeJson(): Promise<string> {
  const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false };
  return JSON.stringify(await completionTree(buildProgram({ run: async () => {} }, io)));
}
