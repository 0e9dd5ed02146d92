// After the run, one line per missing tool for the tests withTools() skipped (see tools.ts), e.g.
// `skipped: 2 tests need zsh (not found on PATH): apt-get install -y zsh`. vitest.config.ts adds
// it after the default reporter, so the lines end the normal output.
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { skipLine, type Tool } from './tools.js';

export default class ToolSkipsReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped = new Map<Tool, number>();
    for (const module of testModules) {
      for (const test of module.children.allTests('skipped')) {
        for (const tool of test.meta().missingTools ?? []) skipped.set(tool, (skipped.get(tool) ?? 0) + 1);
      }
    }
    for (const [tool, tests] of skipped) this.vitest?.logger.warn(skipLine(tool, tests));
  }
}
