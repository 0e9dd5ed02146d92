// The helper that skips tests needing a missing tool, or fails them under CI=true.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from './cli.js';
import { onPath, requiredMessage, skipLine } from './tools.js';

describe('onPath', () => {
  it('finds an executable file in a PATH directory, not a directory or a plain file of that name', () => {
    const home = tempHome();
    try {
      const [a, b, c] = ['a', 'b', 'c'].map((d) => join(home.home, d)) as [string, string, string];
      for (const d of [a, b, c]) mkdirSync(d);
      mkdirSync(join(a, 'zsh'));
      writeFileSync(join(b, 'zsh'), '');
      expect(onPath('zsh', [a, b].join(delimiter))).toBe(false);
      writeFileSync(join(c, 'zsh'), '#!/bin/sh\n');
      chmodSync(join(c, 'zsh'), 0o755);
      expect(onPath('zsh', ['', a, b, c].join(delimiter))).toBe(true);
      expect(onPath('zsh', '')).toBe(false);
    } finally {
      home.cleanup();
    }
  });
});

describe('messages', () => {
  it('name the tool and how to install it', () => {
    expect(skipLine('zsh', 3)).toBe('skipped: 3 tests need zsh (not found on PATH): apt-get install -y zsh');
    expect(skipLine('fish', 1)).toBe('skipped: 1 test needs fish (not found on PATH): apt-get install -y fish');
    expect(skipLine('pwsh', 2)).toBe('skipped: 2 tests need pwsh (not found on PATH): see https://learn.microsoft.com/powershell/scripting/install/installing-powershell-on-linux');
    expect(requiredMessage(['tmux'])).toBe('tmux is required under CI=true but not found on PATH: apt-get install -y tmux');
    expect(requiredMessage(['tmux', 'zsh'])).toBe('tmux and zsh are required under CI=true but not found on PATH: apt-get install -y tmux zsh');
  });
});
