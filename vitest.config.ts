import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __HABITS_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // End-to-end tests spawn the CLI; two cores do not gain from more workers.
    maxWorkers: 2,
    // Tests that need a tool this machine lacks (tmux, zsh, fish) are skipped; this reporter says
    // which, once per tool, after the default reporter's summary (test/helpers/tools.ts).
    reporters: ['default', './test/helpers/tool-skips-reporter.ts'],
  },
});
