import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Prints one final line, alone, at the very end of a Vitest run:
 *
 *   N passed, M failed            (or)   N passed, M failed, K skipped
 *
 * CI greps for this line. "failed" counts failed tests, plus test files that failed outside
 * of any test (import/collection errors, failing beforeAll/afterAll hooks), plus unhandled
 * errors, so that "0 failed" always means a green run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;

    for (const testModule of testModules) {
      let moduleFailedTests = 0;
      for (const testCase of testModule.children.allTests()) {
        const { state } = testCase.result();
        if (state === 'passed') passed++;
        else if (state === 'failed') moduleFailedTests++;
        else if (state === 'skipped') skipped++;
      }
      failed += moduleFailedTests;
      if (moduleFailedTests === 0 && testModule.state() === 'failed') failed++;
    }
    failed += unhandledErrors.length;

    const line = `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`\n${line}\n`);
  }
}
