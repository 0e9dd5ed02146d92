// Output into a pipe whose reader has gone: no stack trace, the command's own exit code.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, tempHome } from './helpers/cli.js';

describe('a closed pipe on stdout', () => {
  it('is not an error: nothing on stderr, exit 0', () => {
    const home = tempHome();
    try {
      // `true` exits without reading, so every write of the CLI meets a closed pipe.
      const r = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" help environment | true; echo "status=\${PIPESTATUS[0]}"`], {
        env: home.env, encoding: 'utf8',
      });
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe('status=0');
    } finally {
      home.cleanup();
    }
  });
});
