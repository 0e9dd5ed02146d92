// The completion scripts' tests give the shells a stand-in `habits`: `habits __complete -- <words>`
// runs the real completer of the build (fake-complete.mjs) with fixed names, in a fixed order,
// instead of a name cache; anything else is the test's own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { ROOT } from './cli.js';

export interface FakeNames {
  habits: string[];
  areas?: string[];
}

/** Single-quotes `s` for a POSIX shell (bash and zsh): `'` becomes `'\''`. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Writes `names` to a file removed after the test file, and returns the command line (node and its
 * arguments, quoted for a POSIX shell or fish alike) that answers `__complete` with them: append
 * the arguments habits got.
 */
export function fakeComplete(names: FakeNames): string {
  return fakeCompleteArgv(names).map(shQuote).join(' ');
}

/** fakeComplete's command line as words, for a shell that quotes otherwise (PowerShell). */
export function fakeCompleteArgv(names: FakeNames): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'habits-fake-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'names.json');
  writeFileSync(file, JSON.stringify(names));
  return [process.execPath, join(ROOT, 'test/helpers/fake-complete.mjs'), file];
}
