import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, `vitest: N passed, N failed`, after the default report, so any
 * tool reading only the last line of the output (CI included) knows how many tests ran. A test file
 * that failed as a whole counts as one failure.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      let failedInModule = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedInModule++;
        else skipped++;
      }
      // A file that fails before any test runs (a beforeAll that throws, an import that fails)
      // leaves its tests skipped: it still counts as one failure, or the line would say 0 failed.
      failed += failedInModule === 0 && module.state() === 'failed' ? 1 : failedInModule;
    }
    process.stdout.write(
      `\nvitest: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
