// `habits --version` and `-V` are answered by cli.ts without loading commander (test/startup.test.ts
// checks what loads); here, that the answer is exactly commander's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

describe('habits --version', () => {
  it('prints the package version and exits 0, for --version and -V', async () => {
    for (const flag of ['--version', '-V']) {
      expect(await runCli([flag])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    }
  });

  it('says exactly what commander says (the fast path is taken only for the flag alone)', async () => {
    // With another flag after it, commander parses the line and answers --version itself.
    for (const flag of ['--version', '-V']) {
      const viaCommander = await runCli([flag, '--json']);
      expect(await runCli([flag])).toEqual(viaCommander);
    }
  });

});
